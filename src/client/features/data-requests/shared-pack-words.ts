import type { AnswerPeriod, AnswerSource, PackFact } from '../../../domain/contracts/data-requests';
import { builtOnFirstUse } from '../../lib/built-on-first-use';

/**
 * Words of the public shared-pack page (and of the request screens), apart from the DOM so they
 * are unit-tested. Type imports only: the public page carries no zod and no React.
 */

/** The pack behind a token (contracts/data-requests.ts `sharedPackPath`, spelled here without zod). */
export function sharedPackApiPath(token: string): string {
  return `/api/shared/${encodeURIComponent(token)}`;
}

/** The token of /shared#{token} (`location.hash`), or null when there is none or it is malformed. */
export function sharedTokenFromHash(hash: string): string | null {
  const match = /^#([A-Za-z0-9_-]{1,200})$/.exec(hash);
  return match ? match[1]! : null;
}

const numberFormat = builtOnFirstUse(() => new Intl.NumberFormat('en-GB', { maximumFractionDigits: 6 }));

/**
 * A fact's value as a person reads it, with its unit; 'Not answered' when the company gave none.
 * The pack's `displayValue` (a taxonomy member's label rather than its URL) wins when present.
 */
export function factValueWords(fact: Pick<PackFact, 'value' | 'displayValue' | 'unit' | 'status'>): string {
  if (fact.value === null) return fact.status === 'declined' ? 'Declined' : 'Not answered';
  if (fact.displayValue) return fact.displayValue;
  const value =
    typeof fact.value === 'number'
      ? numberFormat().format(fact.value)
      : typeof fact.value === 'boolean'
        ? fact.value
          ? 'Yes'
          : 'No'
        : fact.value;
  return fact.unit ? `${value} ${fact.unit}` : value;
}

/** What the page says when the API refuses the link: 410 (expired or revoked), 404, 429, anything else. */
export function refusalWords(status: number, code: string | undefined): { title: string; text: string } {
  if (status === 410 && code === 'share_revoked') {
    return {
      title: 'This link was revoked',
      text: 'The company that shared this data has withdrawn the link. Ask them for a new one.',
    };
  }
  if (status === 410) {
    return {
      title: 'This link has expired',
      text: 'Shared data is available for a limited time only. Ask the company that shared it for a new link.',
    };
  }
  if (status === 404) {
    return {
      title: 'This link does not exist',
      text: 'Check that the whole address was copied. If it was, ask the company that shared it for a new link.',
    };
  }
  if (status === 429) {
    return {
      title: 'Too many attempts',
      text: 'This address has opened too many links. Wait a minute and reload the page.',
    };
  }
  return {
    title: 'The shared data could not be loaded',
    text: 'Something went wrong. Reload the page to try again.',
  };
}

const dateFormat = builtOnFirstUse(
  () =>
    new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
);

/** '2026-12-01' or an ISO timestamp → '1 Dec 2026' (dates are calendar days: read in UTC). */
export function formatDate(iso: string): string {
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat().format(date);
}

/** An answer's period in words: '1 Jan 2025 – 31 Dec 2025', or 'At 31 Dec 2025' for an instant. */
export function periodWords(period: AnswerPeriod | null): string {
  if (!period) return '—';
  if (!period.start) return `At ${formatDate(period.end)}`;
  return `${formatDate(period.start)} – ${formatDate(period.end)}`;
}

const SOURCE_KIND_WORDS: Record<AnswerSource['kind'], string> = {
  ledger: 'Ledger',
  checklist: 'ESG checklist',
  profile: 'Company records',
  evidence: 'Evidence file',
  person: 'Typed by a person',
};

/** One source as a line of text: its kind, label, factor datasets or the file with its SHA-256. */
export function sourceWords(source: AnswerSource): string {
  // Labels that already name their kind ("ESG checklist: Legal form", "Evidence file") are not prefixed twice.
  const kind = SOURCE_KIND_WORDS[source.kind];
  const parts = [source.label.startsWith(kind) ? source.label : `${kind}: ${source.label}`];
  if (source.datasets?.length) parts.push(`factors ${source.datasets.join(', ')}`);
  if (source.fileName) parts.push(source.fileName);
  if (source.sha256) parts.push(`SHA-256 ${source.sha256}`);
  return parts.join(' · ');
}
