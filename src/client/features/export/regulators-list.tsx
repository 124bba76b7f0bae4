import { type ReactNode, useId } from 'react';
import type { Regulator } from '../../../domain/contracts/export';
import { getErrorMessage } from '../../lib/api';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { ExternalLinkIcon } from '../../ui/icons';
import { Skeleton } from '../../ui/skeleton';
import { formatDay } from './export';

/**
 * A regulator's dated steps, each said to be passed once its day is over (the server decides on
 * its date; issue 18: a passed deadline is never shown as if it were still ahead).
 */
export function RegulatorDates({ regulator }: { regulator: Regulator }) {
  if (regulator.deadlines.length === 0) return null;
  return (
    <ul aria-label={`Dates for ${regulator.name}`} className="grid gap-0.5 text-sm">
      {regulator.deadlines.map((deadline) => (
        <li key={`${deadline.date}-${deadline.what}`} className="text-ink">
          {formatDay(deadline.date)}: {deadline.what}{' '}
          <span className={deadline.passed ? 'font-medium text-muted' : 'font-medium text-ink'}>
            ({deadline.passed ? 'passed' : 'ahead'})
          </span>
        </li>
      ))}
    </ul>
  );
}

function RegulatorItem({ regulator }: { regulator: Regulator }) {
  const id = useId();
  return (
    <li>
      <article aria-labelledby={id} className="grid gap-2 rounded-md border border-border p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={id} className="text-sm font-semibold text-ink">
            {regulator.name} <span className="font-normal text-muted">({regulator.code})</span>
          </h3>
          <Badge tone={regulator.inForce ? 'success' : 'warning'}>
            {regulator.inForce ? 'In force' : 'Not in force'}
          </Badge>
        </div>
        <p className="text-sm text-slate-700">{regulator.notes}</p>
        <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3">
          <dt className="text-muted">Formats</dt>
          <dd className="text-ink">
            {regulator.supportedFormats.map((format) => format.toUpperCase()).join(', ')}
          </dd>
          {regulator.deadlines.length > 0 ? (
            <>
              <dt className="text-muted">Dates</dt>
              <dd>
                <RegulatorDates regulator={regulator} />
              </dd>
            </>
          ) : null}
          <dt className="text-muted">Facts checked</dt>
          <dd className="text-ink">{formatDay(regulator.asOf)}</dd>
          <dt className="text-muted">Filing types</dt>
          <dd className="text-ink">
            <ul className="grid gap-0.5">
              {regulator.filingTypes.map((type) => (
                <li key={type}>{type}</li>
              ))}
            </ul>
          </dd>
        </dl>
        {regulator.url ? (
          <a
            href={regulator.url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex w-fit items-center gap-1 text-sm font-medium text-brand-700 underline underline-offset-4 [&_svg]:size-3.5"
          >
            {regulator.name} website
            <ExternalLinkIcon aria-hidden="true" />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : null}
      </article>
    </li>
  );
}

/** spec §2 available regulators for the user's jurisdiction. */
export function RegulatorsList({
  jurisdiction,
  regulators,
  error,
  onRetry,
}: {
  jurisdiction: string | null;
  regulators: Regulator[] | undefined;
  error: unknown;
  onRetry: () => void;
}) {
  const id = useId();
  let body: ReactNode;
  if (jurisdiction === null) {
    body = <p className="text-sm text-muted">Set your jurisdiction in Settings to see its regulators.</p>;
  } else if (error && !regulators) {
    body = (
      <div role="alert" className="grid justify-items-start gap-2 text-sm">
        <p className="font-medium text-ink">Couldn't load the regulators.</p>
        <p className="text-muted">{getErrorMessage(error)}</p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          Retry
        </Button>
      </div>
    );
  } else if (!regulators) {
    body = (
      <div aria-busy="true" className="grid gap-2">
        <p className="sr-only" role="status">
          Loading the regulators
        </p>
        <Skeleton className="h-28 w-full" />
      </div>
    );
  } else if (regulators.length === 0) {
    body = <p className="text-sm text-muted">No regulators are listed for {jurisdiction}.</p>;
  } else {
    body = (
      <ul aria-label="Regulators" className="grid gap-3">
        {regulators.map((regulator) => (
          <RegulatorItem key={regulator.code} regulator={regulator} />
        ))}
      </ul>
    );
  }
  return (
    <Card aria-labelledby={id}>
      <CardHeader>
        <CardTitle id={id}>Available regulators</CardTitle>
        <CardDescription>
          {jurisdiction ? `Bodies that receive sustainability filings under ${jurisdiction}.` : null}
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
