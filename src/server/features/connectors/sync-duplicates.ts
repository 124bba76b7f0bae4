// Connector lines that look like lines another route put in the ledger (decision 052): a bill
// imported by CSV or scanned, which the accounting system also holds. A sync runs unattended, so
// it cannot ask: it keeps the lines and says so on the sync record, naming the pairs, and the
// person deletes one of a pair in the ledger. Only lines of the same category can match (rule 1):
// connector lines are spend on purchased goods, so a bill recorded as kWh of electricity is never
// taken for its payment.
import { and, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client.ts';
import { activityLines } from '../../../../db/schema/ledger.ts';
import type { DuplicateLine } from '../../../domain/emissions/probable-duplicates.ts';
import { findProbableDuplicates, type LedgerLine, lineIsVisible } from '../ledger/figures/service.ts';

/** Pairs named on the sync record; the count says how many there are. */
const NAMED_PAIRS = 3;

const amountOf = (line: Pick<DuplicateLine, 'spend' | 'currency' | 'quantity' | 'unit'>) =>
  line.spend !== null
    ? `${line.spend.toFixed(2)} ${line.currency ?? ''}`.trim()
    : `${line.quantity} ${line.unit ?? ''}`.trim();

const describe = (line: DuplicateLine, existing: LedgerLine) =>
  `${line.date} ${amountOf(line)} looks like the ${existing.source} line of ${existing.date} at ${existing.siteName}`;

/** The sync's notice about its new lines that look like lines of other sources; null when none. */
export async function probableDuplicateNotice(
  scope: { db: Db; companyId: string; sourceId: string },
  lines: readonly DuplicateLine[],
): Promise<string | null> {
  const otherSources: SQL = and(
    lineIsVisible(scope.companyId),
    sql`${activityLines.dataSourceId} IS NOT ${scope.sourceId}`,
  )!;
  const pairs = await findProbableDuplicates(scope, lines, { among: otherSources });
  const lineCount = new Set(pairs.map(({ candidate }) => candidate)).size;
  if (lineCount === 0) return null;
  const named = pairs
    .slice(0, NAMED_PAIRS)
    .map(({ candidate, existing }) => describe(lines[candidate]!, existing));
  const more = pairs.length > NAMED_PAIRS ? `; and ${pairs.length - NAMED_PAIRS} more` : '';
  const noun = lineCount === 1 ? 'probable duplicate' : 'probable duplicates';
  return `${lineCount} ${noun} of existing lines kept: ${named.join('; ')}${more}. If a pair is the same bill, delete one of them in the activity ledger.`;
}
