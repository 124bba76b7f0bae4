/**
 * /shared#{token}: the public page of a shared pack (issue 22 item 4). Plain TypeScript and DOM,
 * no React and no zod, like the other public pages: a requester without an account reads the
 * answers and downloads the pack. Text goes in through textContent only (the pack is the company's
 * words). The signature covers the JSON download; this page only shows the same pack.
 */
import type { PackFact, SignedPack } from '../../../domain/contracts/data-requests';
import {
  factValueWords,
  formatDate,
  periodWords,
  refusalWords,
  sharedPackApiPath,
  sharedTokenFromHash,
  sourceWords,
} from './shared-pack-words';

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

const STATUS_WORDS: Record<PackFact['status'], string> = {
  answered: 'Answered',
  missing: 'Not available yet',
  beyond_cap: 'Beyond the VSME value-chain cap (Directive (EU) 2026/470)',
  declined: 'Declined',
};

function factItem(fact: PackFact, index: number): HTMLLIElement {
  const item = document.createElement('li');
  const article = element('article', 'grid min-w-0 gap-2 rounded-lg border border-border bg-surface p-4');
  const headingId = `fact-${index}`;
  article.setAttribute('aria-labelledby', headingId);
  const heading = element('h3', 'font-medium [overflow-wrap:anywhere]', fact.question);
  heading.id = headingId;
  article.append(
    heading,
    element('p', 'text-base font-semibold [overflow-wrap:anywhere]', factValueWords(fact)),
  );
  const details = [`Period: ${periodWords(fact.period)}`];
  if (fact.status !== 'answered') details.push(STATUS_WORDS[fact.status]);
  if (fact.isEdited) details.push('Entered by the company by hand');
  if (fact.concept) details.push(`XBRL concept ${fact.concept}`);
  article.append(element('p', 'text-sm text-muted [overflow-wrap:anywhere]', details.join(' · ')));
  if (fact.sources.length > 0) {
    const list = element('ul', 'grid gap-0.5 text-sm text-muted');
    for (const source of fact.sources) list.append(element('li', 'break-all', sourceWords(source)));
    article.append(list);
  }
  item.append(article);
  return item;
}

function showPack(signed: SignedPack) {
  const { pack } = signed;
  document.title = `${pack.company.name}: ESG data for ${pack.requester.name} | ESG Pilot`;
  document.getElementById('pack-title')!.textContent =
    `${pack.company.name}: ESG data for ${pack.requester.name}`;
  document.getElementById('pack-meta')!.textContent = [
    `Period ${pack.period}`,
    `version ${pack.version}`,
    `published ${formatDate(pack.generatedAt)}`,
    `link valid until ${formatDate(signed.expiresAt)}`,
  ].join(' · ');
  const downloads = document.getElementById('pack-downloads')!;
  for (const download of signed.downloads) {
    const item = document.createElement('li');
    const link = element(
      'a',
      'inline-flex items-center rounded-md border border-border bg-surface px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50',
      download.label,
    );
    link.href = download.href;
    link.setAttribute('download', '');
    item.append(link);
    downloads.append(item);
  }
  document.getElementById('pack-signature')!.textContent =
    `The JSON is signed with Ed25519 (key ${signed.keyId}); check it against the public keys at /.well-known/jwks.json.`;
  const facts = document.getElementById('pack-facts')!;
  facts.append(...pack.facts.map((fact, index) => factItem(fact, index)));
  document.getElementById('pack')!.hidden = false;
}

function showRefusal(status: number, code: string | undefined) {
  const words = refusalWords(status, code);
  document.title = `${words.title} | ESG Pilot`;
  document.getElementById('pack-gone-title')!.textContent = words.title;
  document.getElementById('pack-gone-text')!.textContent = words.text;
  document.getElementById('pack-gone')!.hidden = false;
}

export async function showSharedPack(): Promise<void> {
  const loading = document.getElementById('pack-loading');
  const token = sharedTokenFromHash(location.hash);
  try {
    if (!token) {
      showRefusal(404, undefined);
      return;
    }
    const response = await fetch(sharedPackApiPath(token), {
      headers: { Accept: 'application/json' },
    });
    if (response.ok) {
      showPack((await response.json()) as SignedPack);
      return;
    }
    const body = (await response.json().catch(() => ({}))) as { code?: string };
    showRefusal(response.status, body.code);
  } catch {
    showRefusal(0, undefined);
  } finally {
    loading?.remove();
  }
}
