// "3 lines, £27,695, not counted": the notice the import result, the ledger, the dashboard, the KPI
// page and the wizard's review show (decision 051). Hidden when every line is counted.
import type { NotCountedSummary } from '../../../domain/contracts/ledger-not-counted';
import { cn } from '../../ui/cn';
import { useNotCounted } from './api';
import { describeNotCounted, describeReason, notCountedLedgerHref } from './not-counted';

const REASONS_SHOWN = 3;

export function NotCountedNotice({
  summary,
  period = {},
  showLink = true,
  className,
}: {
  summary: NotCountedSummary;
  /** The period the summary is of: the ledger link keeps it. */
  period?: { from?: string; to?: string };
  /** False on the ledger itself, which already lists the lines. */
  showLink?: boolean;
  className?: string;
}) {
  if (summary.lineCount === 0) return null;
  const headline = describeNotCounted(summary);
  const more = summary.reasons.length - REASONS_SHOWN;
  return (
    <section
      aria-label={headline}
      className={cn('grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm', className)}
    >
      <p className="font-semibold text-amber-900">{headline}</p>
      <p className="text-slate-800">
        No emissions could be calculated for {summary.lineCount === 1 ? 'this line' : 'these lines'}, so every
        total leaves {summary.lineCount === 1 ? 'it' : 'them'} out rather than count{' '}
        {summary.lineCount === 1 ? 'it' : 'them'} as zero.
      </p>
      <ul className="grid list-disc gap-0.5 pl-5 text-slate-800">
        {summary.reasons.slice(0, REASONS_SHOWN).map((reason) => (
          <li key={`${reason.message}-${reason.site?.id ?? ''}`}>
            {describeReason(reason)}: <span className="font-medium">{reason.fix.label}</span>
          </li>
        ))}
        {more > 0 ? <li>and {more.toLocaleString('en-GB')} more reasons</li> : null}
      </ul>
      {showLink ? (
        <a
          href={notCountedLedgerHref(period)}
          className="justify-self-start font-medium text-brand-700 underline underline-offset-2"
        >
          See why and fix them<span className="sr-only"> in the activity ledger</span>
        </a>
      ) : null}
    </section>
  );
}

/** The notice for a period (none: the whole ledger), read from GET /api/emissions/not-counted. */
export function NotCountedCard({
  from,
  to,
  showLink,
  className,
}: {
  from?: string;
  to?: string;
  showLink?: boolean;
  className?: string;
}) {
  const query = useNotCounted({ from, to });
  if (!query.data) return null;
  return (
    <NotCountedNotice summary={query.data} period={{ from, to }} showLink={showLink} className={className} />
  );
}
