import { type ReactNode, useId } from 'react';
import type { Filing } from '../../../domain/contracts/export';
import { getErrorMessage } from '../../lib/api';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { InfoIcon } from '../../ui/icons';
import { Skeleton } from '../../ui/skeleton';
import { FILING_STATUS, formatDate } from './export';

export const SANDBOX_LABEL = 'Sandbox filing — no regulator received this';

/** Says plainly, wherever filing is offered, that nothing reaches a regulator. */
export function SandboxNote() {
  return (
    <div
      role="note"
      className="flex gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 [&_svg]:mt-0.5 [&_svg]:size-5 [&_svg]:shrink-0"
    >
      <InfoIcon />
      <p>
        <strong>Filings are recorded in sandbox mode.</strong> No regulator accepts automated submissions from
        this product, so nothing is sent to a regulator. Each filing keeps the package that was validated:
        download it and submit it through the regulator's own service.
      </p>
    </div>
  );
}

function FilingItem({ filing }: { filing: Filing }) {
  const id = useId();
  const status = FILING_STATUS[filing.filingStatus];
  return (
    <li>
      <article aria-labelledby={id} className="grid gap-2 rounded-md border border-border p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={id} className="text-sm font-semibold text-ink">
            {filing.reportTitle}
          </h3>
          <Badge tone={status.tone}>{status.label}</Badge>
        </div>
        {filing.sandbox ? <p className="text-sm font-medium text-amber-900">{SANDBOX_LABEL}</p> : null}
        <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3">
          <dt className="text-muted">Regulator</dt>
          <dd className="text-ink">
            {filing.regulatorName} ({filing.regulatorCode})
          </dd>
          <dt className="text-muted">Filing type</dt>
          <dd className="text-ink">{filing.filingType}</dd>
          <dt className="text-muted">Confirmation number</dt>
          <dd className="font-mono text-xs text-ink break-all">{filing.confirmationNumber}</dd>
          <dt className="text-muted">Submitted</dt>
          <dd className="text-ink">{formatDate(filing.submittedAt ?? filing.createdAt)}</dd>
        </dl>
        {filing.statusReason ? (
          <p
            className={filing.filingStatus === 'rejected' ? 'text-sm text-danger' : 'text-sm text-slate-700'}
          >
            {filing.statusReason}
          </p>
        ) : null}
        {filing.packageUrl ? (
          <a
            href={filing.packageUrl}
            download
            className="w-fit text-sm font-medium text-brand-700 underline underline-offset-4"
          >
            Download submission package
            <span className="sr-only"> for {filing.reportTitle}</span>
          </a>
        ) : null}
      </article>
    </li>
  );
}

/** spec §2 regulatory filings, newest first, with their status badges (spec §4). */
export function FilingsList({
  filings,
  error,
  onRetry,
}: {
  filings: Filing[] | undefined;
  error: unknown;
  onRetry: () => void;
}) {
  const id = useId();
  let body: ReactNode;
  if (error && !filings) {
    body = (
      <div role="alert" className="grid justify-items-start gap-2 text-sm">
        <p className="font-medium text-ink">Couldn't load your filings.</p>
        <p className="text-muted">{getErrorMessage(error)}</p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          Retry
        </Button>
      </div>
    );
  } else if (!filings) {
    body = (
      <div aria-busy="true" className="grid gap-2">
        <p className="sr-only" role="status">
          Loading your filings
        </p>
        <Skeleton className="h-24 w-full" />
      </div>
    );
  } else if (filings.length === 0) {
    body = <p className="text-sm text-muted">No filings yet. Record a sandbox filing of a final report.</p>;
  } else {
    body = (
      <ul aria-label="Filings, newest first" className="grid gap-3">
        {filings.map((filing) => (
          <FilingItem key={filing.id} filing={filing} />
        ))}
      </ul>
    );
  }
  return (
    <Card aria-labelledby={id}>
      <CardHeader>
        <CardTitle id={id}>Regulatory filings</CardTitle>
        <CardDescription>
          Newest first. A filing stays pending until its package has been checked.
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
