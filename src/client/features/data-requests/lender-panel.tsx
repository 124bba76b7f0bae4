import { useId } from 'react';
import type { LenderView } from '../../../domain/contracts/data-requests';
import { getErrorMessage } from '../../lib/api';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Skeleton } from '../../ui/skeleton';
import { useLenderView } from './api';
import { formatDate } from './shared-pack-words';
import { SourceLinks } from './source-links';

type Scope = LenderView['scopes'][number];

const SCOPE_NAMES: Record<Scope['scope'], string> = {
  scope_1: 'Scope 1',
  scope_2: 'Scope 2',
  scope_3: 'Scope 3',
};

const TIER_NAMES: Record<Scope['tiers'][number]['dataQuality'], string> = {
  measured: 'Verified or metered',
  supplier_specific: 'Supplier-specific',
  activity_average: 'Physical activity, average factors',
  spend_based: 'Spend based',
};

const tonnes = (value: number) => `${value.toLocaleString('en-GB', { maximumFractionDigits: 2 })} tCO2e`;
const percent = (share: number) => `${Math.round(share * 100)}%`;

function ScopeScore({ scope }: { scope: Scope }) {
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="grid gap-3 rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="font-semibold text-ink">
          {SCOPE_NAMES[scope.scope]}
        </h3>
        <p className="text-sm text-muted">{tonnes(scope.tonnes)}</p>
      </div>
      <p className="text-2xl font-semibold text-ink">
        PCAF score {scope.score.toFixed(1)}
        <span className="text-sm font-normal text-muted"> (1 best, 5 weakest)</span>
      </p>
      <p className="text-sm text-muted">{scope.explanation}</p>
      {scope.tiers.length > 0 ? (
        <ul className="grid gap-0.5 text-sm">
          {scope.tiers.map((tier) => (
            <li key={tier.dataQuality}>
              {TIER_NAMES[tier.dataQuality]} (score {tier.pcafScore}): {percent(tier.share)},{' '}
              {tonnes(tier.tonnes)}
            </li>
          ))}
        </ul>
      ) : null}
      {scope.nextScore ? (
        <div className="grid gap-2 rounded-md bg-canvas p-3 text-sm">
          <p className="font-medium text-ink">
            What would move you up to {scope.nextScore.target.toFixed(1)}
          </p>
          <p>{scope.nextScore.advice}</p>
          {scope.nextScore.lines.length > 0 ? (
            <ol className="grid list-decimal gap-1 pl-5">
              {scope.nextScore.lines.map((line) => (
                <li key={line.id}>
                  <a href={line.href} className="font-medium text-brand-700 underline underline-offset-2">
                    {line.description || line.category}, {formatDate(line.date)}
                  </a>{' '}
                  ({tonnes(line.tonnes)}): {line.change}
                </li>
              ))}
            </ol>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-muted">This is the best score your ledger can reach for this scope.</p>
      )}
    </article>
  );
}

/** The lender view (issue 22 item 5): PCAF data-quality score per scope and what would raise it. */
export function LenderPanel({ period }: { period: string }) {
  const id = useId();
  const year = period.slice(0, 4);
  const view = useLenderView(year);
  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Lender view</CardTitle>
        <CardDescription>
          How a bank scores the quality of your emissions data for {year} (PCAF Standard Part A, business
          loans), from the data tiers of your ledger.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {view.isPending ? (
          <div aria-busy="true" className="grid gap-3 md:grid-cols-3">
            <p className="sr-only" role="status">
              Loading the lender view
            </p>
            <Skeleton className="h-40" />
            <Skeleton className="h-40" />
            <Skeleton className="h-40" />
          </div>
        ) : view.isError ? (
          <p role="alert" className="text-sm">
            The lender view could not be loaded. {getErrorMessage(view.error)}
          </p>
        ) : (
          <>
            <div className="grid gap-3 lg:grid-cols-3">
              {view.data.scopes.map((scope) => (
                <ScopeScore key={scope.scope} scope={scope} />
              ))}
            </div>
            <p className="text-sm text-muted">
              {view.data.method} <SourceLinks sources={view.data.sources} />
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
