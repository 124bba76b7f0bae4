// The probable-duplicate prompt's pure parts (decision 052): reading a 409 `probable_duplicates`
// answer, and the words for each line and for an import's counts.
import type {
  ImportDuplicateCounts,
  LineBrief,
  ProbableDuplicatesDetails,
} from '../../../domain/contracts/ledger-probable-duplicates';
import { getErrorBody, getErrorMessage, getErrorStatus } from '../../lib/api';
import { categoryLabel, describeAmount, formatIsoDate, sourceLabel } from './format';

export interface ProbableDuplicatesProblem extends ProbableDuplicatesDetails {
  message: string;
}

/**
 * The listed duplicates of a 409 `probable_duplicates` answer; null for any other failure. The
 * contract (zod) loads when a 409 arrives, so the pages that import keep it off their first load
 * (issue 20, decision 082).
 */
export async function readProbableDuplicates(error: unknown): Promise<ProbableDuplicatesProblem | null> {
  if (getErrorStatus(error) !== 409) return null;
  const { PROBABLE_DUPLICATES_CODE, ProbableDuplicatesDetailsSchema } = await import(
    '../../../domain/contracts/ledger-probable-duplicates'
  );
  const body = getErrorBody(error);
  if (body?.code !== PROBABLE_DUPLICATES_CODE) return null;
  const details = ProbableDuplicatesDetailsSchema.safeParse(body.details);
  return details.success ? { ...details.data, message: getErrorMessage(error) } : null;
}

/** '1 Jan 2025 – 31 Jan 2025' or '31 Jan 2025'. */
export function describePeriod(line: Pick<LineBrief, 'date' | 'periodEnd'>): string {
  return line.periodEnd && line.periodEnd !== line.date
    ? `${formatIsoDate(line.date)} – ${formatIsoDate(line.periodEnd)}`
    : formatIsoDate(line.date);
}

/** 'Electricity, 1 Jan 2025 – 31 Jan 2025, Bakery, 1,234 kWh, from a CSV import'. */
export function describeLineBrief(line: LineBrief): string {
  const parts = [categoryLabel(line.category), describePeriod(line), line.siteName, describeAmount(line)];
  if (line.source) parts.push(`from ${sourceLabel(line.source)}`);
  return parts.join(', ');
}

/** What an import did with rows that looked like ledger lines; '' when there were none. */
export function describeDuplicateCounts(counts: ImportDuplicateCounts | undefined): string {
  if (!counts || counts.found === 0) return '';
  const rows = (n: number) => (n === 1 ? '1 row' : `${n.toLocaleString('en-GB')} rows`);
  if (counts.skipped > 0)
    return `${rows(counts.skipped)} that looked like lines already in the ledger ${counts.skipped === 1 ? 'was' : 'were'} skipped.`;
  return `${rows(counts.kept)} that looked like lines already in the ledger ${counts.kept === 1 ? 'was' : 'were'} kept as well.`;
}
