import { Fragment } from 'react';
import type { ActivityLine } from '../../../domain/contracts/ledger';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { ChevronDownIcon, ExternalLinkIcon } from '../../ui/icons';
import { TableCell } from '../../ui/table';
import {
  categoryLabel,
  DATA_QUALITY,
  describeAmount,
  describeCalculation,
  describeFlag,
  formatIsoDate,
  formatKg,
  SCOPE_COLUMNS,
  safeEvidenceHref,
  scopeLabel,
  scopeTotals,
  sourceLabel,
} from './format';
import { variantLabel } from './variants';

export const LEDGER_COLUMN_COUNT = 10;

/** How each scope's figure was calculated, or why the line has none. */
function LineResults({ line }: { line: ActivityLine }) {
  if (line.results.length === 0) {
    return line.notCounted ? (
      <p className="text-slate-800">
        <span className="font-medium text-ink">Not counted:</span> {line.notCounted.message}.
      </p>
    ) : (
      <p className="text-muted">No emissions were calculated for this line.</p>
    );
  }
  return (
    <ul className="grid gap-3">
      {line.results.map((result) => (
        <li
          key={`${result.scope}-${result.factorId}-${result.scope3Category ?? ''}`}
          className="grid gap-1 rounded-md border border-border bg-surface p-3"
        >
          <p className="font-medium text-ink">
            {scopeLabel(result)}: {formatKg(result.kgCO2e)} kgCO2e
          </p>
          <p className="text-slate-700">{describeCalculation(result)}</p>
          <p className="text-muted">
            Factor <code className="rounded bg-slate-100 px-1 text-slate-800">{result.factorId}</code> from{' '}
            {result.dataset}
          </p>
          {result.flags.length > 0 ? (
            <ul className="grid list-disc gap-0.5 pl-5 text-slate-700">
              {result.flags.map((flag) => (
                <li key={flag}>{describeFlag(flag)}</li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The line's kind, period, data quality, reference and evidence. */
function LineFacts({ line }: { line: ActivityLine }) {
  const evidence = safeEvidenceHref(line.evidenceUrl);
  return (
    <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
      {line.variant ? (
        <>
          <dt className="font-medium text-ink">Kind</dt>
          <dd className="text-slate-700">{variantLabel(line.category, line.variant)}</dd>
        </>
      ) : null}
      {line.periodEnd ? (
        <>
          <dt className="font-medium text-ink">Period</dt>
          <dd className="text-slate-700">
            {formatIsoDate(line.date)} to {formatIsoDate(line.periodEnd)}
          </dd>
        </>
      ) : null}
      <dt className="font-medium text-ink">Data quality</dt>
      <dd className="text-slate-700">{DATA_QUALITY[line.dataQuality]?.description ?? line.dataQuality}</dd>
      {line.reference ? (
        <>
          <dt className="font-medium text-ink">Reference</dt>
          <dd className="text-slate-700">{line.reference}</dd>
        </>
      ) : null}
      <dt className="font-medium text-ink">Evidence</dt>
      <dd className="text-slate-700">
        {evidence ? (
          <a
            href={evidence}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-medium text-brand-700 underline underline-offset-2"
          >
            Open evidence<span className="sr-only"> (opens in a new tab)</span>
            <ExternalLinkIcon />
          </a>
        ) : line.evidenceUrl ? (
          line.evidenceUrl
        ) : (
          'None attached'
        )}
      </dd>
    </dl>
  );
}

function LineDetails({ line, id }: { line: ActivityLine; id: string }) {
  return (
    <div id={id} className="grid gap-3 bg-canvas px-3 py-4 text-sm">
      <LineResults line={line} />
      <LineFacts line={line} />
    </div>
  );
}

/** Where the fix of a line that is not counted is made (decision 051). */
function FixAction({
  fix,
  label,
  onEdit,
}: {
  fix: NonNullable<ActivityLine['notCounted']>['fix'];
  label: string;
  onEdit?: () => void;
}) {
  const link = 'text-xs font-medium text-brand-700 underline underline-offset-2';
  if (fix.action === 'edit_site') {
    return (
      <a href="#sites" className={link}>
        {fix.label}
      </a>
    );
  }
  if (fix.action === 'recalculate') {
    return (
      <a href="/kpi-dashboard#recalculate" className={link}>
        {fix.label}
        <span className="sr-only"> on the KPI page</span>
      </a>
    );
  }
  if (!onEdit) return <span className="text-xs text-muted">{fix.label}</span>;
  return (
    <button type="button" className={link} aria-label={`${fix.label}, ${label}`} onClick={onEdit}>
      {fix.label}
    </button>
  );
}

/** Why the line is left out of the totals and where to fix it (decision 051). */
function NotCountedNote({
  notCounted,
  label,
  onEdit,
}: {
  notCounted: NonNullable<ActivityLine['notCounted']>;
  label: string;
  onEdit?: () => void;
}) {
  return (
    <div className="mt-1 grid justify-items-start gap-1">
      <Badge tone="warning">Not counted</Badge>
      <span className="text-xs text-slate-800">{notCounted.message}</span>
      <FixAction fix={notCounted.fix} label={label} onEdit={onEdit} />
    </div>
  );
}

function LineActions({
  label,
  onEdit,
  onDelete,
}: {
  label: string;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  return (
    <div className="flex flex-col items-end gap-1">
      {onEdit ? (
        <Button size="sm" variant="ghost" aria-label={`Edit ${label}`} onClick={onEdit}>
          Edit
        </Button>
      ) : null}
      {onDelete ? (
        <Button
          size="sm"
          variant="ghost"
          className="text-danger hover:bg-red-50"
          aria-label={`Delete ${label}`}
          onClick={onDelete}
        >
          Delete
        </Button>
      ) : null}
    </div>
  );
}

export function LedgerRow({
  line,
  expanded,
  onToggle,
  onEdit,
  onDelete,
}: {
  line: ActivityLine;
  expanded: boolean;
  onToggle: () => void;
  /** Absent for a role that may not edit the ledger (src/client/lib/permissions.ts). */
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const totals = scopeTotals(line.results);
  const quality = DATA_QUALITY[line.dataQuality];
  const detailsId = `line-details-${line.id}`;
  const label = `${categoryLabel(line.category)} on ${formatIsoDate(line.date)} at ${line.siteName}`;
  return (
    <Fragment>
      <tr className={cn(expanded && 'bg-canvas')}>
        <TableCell className="w-10 pr-0">
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-expanded={expanded}
            aria-controls={expanded ? detailsId : undefined}
            aria-label={`${expanded ? 'Hide' : 'Show'} calculation for ${label}`}
            onClick={onToggle}
          >
            <ChevronDownIcon className={cn('transition-transform', expanded && 'rotate-180')} />
          </Button>
        </TableCell>
        <TableCell className="whitespace-nowrap">
          <time dateTime={line.date}>{formatIsoDate(line.date)}</time>
        </TableCell>
        <TableCell>{line.siteName}</TableCell>
        <TableCell>
          <span className="block">{categoryLabel(line.category)}</span>
          {line.notCounted ? (
            <NotCountedNote notCounted={line.notCounted} label={label} onEdit={onEdit} />
          ) : null}
        </TableCell>
        <TableCell className="text-right tabular-nums">{describeAmount(line)}</TableCell>
        {SCOPE_COLUMNS.map(({ scope }) => (
          <TableCell key={scope} className="text-right tabular-nums">
            {totals[scope] == null ? <span className="text-muted">—</span> : formatKg(totals[scope])}
          </TableCell>
        ))}
        <TableCell>
          <span className="block">{sourceLabel(line.source)}</span>
          <Badge tone={quality?.tone ?? 'neutral'} className="mt-1">
            {quality?.label ?? line.dataQuality}
          </Badge>
        </TableCell>
        <TableCell>
          <LineActions label={label} onEdit={onEdit} onDelete={onDelete} />
        </TableCell>
      </tr>
      {expanded ? (
        <tr>
          <td colSpan={LEDGER_COLUMN_COUNT} className="border-b border-border p-0">
            <LineDetails line={line} id={detailsId} />
          </td>
        </tr>
      ) : null}
    </Fragment>
  );
}
