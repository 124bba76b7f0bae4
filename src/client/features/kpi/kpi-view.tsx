import { useState } from 'react';
import type { KpiMetrics } from '../../../domain/contracts/kpi';
import { getErrorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { loadOnce, useLoadedWhen } from '../../ui/deferred-control';
import { DeferredPanel } from '../../ui/deferred-panel';
import { Skeleton } from '../../ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';
import { NotCountedCard } from '../ledger/not-counted-notice';
import { ReportingYearPicker } from '../reporting-year/reporting-year-picker';
import { useMetrics } from './api';
import { CarbonCards, EmissionsTrend, MethodologyNote } from './carbon-tab';
import { EnergyTab } from './energy-tab';
import { hasLedgerData, type PeriodGrain } from './format';
import { BenchmarkCard, EmptyLedger } from './parts';
import { TargetsOffer } from './targets-offer';

// The forms below the first screen and in the third tab, with their validation and Radix select
// and dialog, load when reached rather than with the page (decision 070); in a year without
// activity the target forms load when asked for (decision 082).
const loadTargetsPanel = loadOnce(() => import('./targets-panel').then((module) => module.TargetsPanel));
const loadRecalculatePanel = loadOnce(() =>
  import('./recalculate-panel').then((module) => module.RecalculatePanel),
);
const loadDiversityTab = loadOnce(() => import('./diversity-tab').then((module) => module.DiversityTab));
const prefetchDiversityTab = () => {
  loadDiversityTab().catch(() => undefined);
};

function DeferredDiversityTab({ metrics }: { metrics: KpiMetrics }) {
  const DiversityTab = useLoadedWhen(true, loadDiversityTab, {
    failure: "Couldn't load the diversity figures. Check your connection and reload the page.",
  });
  return DiversityTab ? <DiversityTab metrics={metrics} /> : <Skeleton className="h-96 w-full" />;
}

function KpiSkeleton() {
  return (
    <div aria-busy="true" className="grid gap-6">
      <p className="sr-only" role="status">
        Loading your KPIs
      </p>
      <Skeleton className="h-10 w-80" />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {['a', 'b', 'c'].map((key) => (
          <Skeleton key={key} className="h-32" />
        ))}
      </div>
      <Skeleton className="h-72 w-full" />
    </div>
  );
}

/** The trend's grain on arrival; the page preloads the metrics for it. */
export const INITIAL_GRAIN: PeriodGrain = 'monthly';

function KpiLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="grid gap-6">
      <ReportingYearPicker />
      <div
        role="alert"
        className="grid justify-items-start gap-3 rounded-lg border border-border bg-surface p-6"
      >
        <h2 className="text-lg font-semibold text-ink">Couldn't load your KPIs</h2>
        <p className="text-sm text-muted">{getErrorMessage(error)}</p>
        <Button variant="outline" onClick={onRetry}>
          Retry
        </Button>
      </div>
    </div>
  );
}

function KpiTabsList() {
  return (
    <div className="overflow-x-auto [contain:inline-size]">
      <TabsList aria-label="KPI categories">
        <TabsTrigger value="carbon">Carbon Emissions</TabsTrigger>
        <TabsTrigger value="energy">Energy &amp; Water</TabsTrigger>
        <TabsTrigger value="diversity" onPointerEnter={prefetchDiversityTab} onFocus={prefetchDiversityTab}>
          Diversity &amp; Inclusion
        </TabsTrigger>
      </TabsList>
    </div>
  );
}

/** The targets and recalculation panels, or in a year without lines the offer to set a target. */
function CarbonPanels({
  data,
  hasData,
  currentYear,
}: {
  data: KpiMetrics;
  hasData: boolean;
  currentYear: number;
}) {
  if (!hasData) {
    return (
      <TargetsOffer
        load={loadTargetsPanel}
        year={data.year}
        currentYear={currentYear}
        target={data.carbon.target}
      />
    );
  }
  return (
    <>
      <DeferredPanel
        load={loadTargetsPanel}
        props={{ year: data.year, currentYear }}
        title="Targets and company figures"
        description="Set your reduction target and the figures intensity is measured against."
        height="h-56"
      />
      {/* Without lines in the year there is nothing to recompute (decision 082). */}
      <DeferredPanel
        load={loadRecalculatePanel}
        props={{ year: data.year }}
        title="Recalculate with the current factor library"
        description="Stored figures never change by themselves: this recomputes every line in the period with today's emission factors and records an audit entry."
        height="h-40"
      />
    </>
  );
}

export function KpiView({ currentYear }: { currentYear: number }) {
  const [grain, setGrain] = useState<PeriodGrain>(INITIAL_GRAIN);
  // decision 053: the company's reporting year (the picker changes it for everyone); no ?year=.
  const metrics = useMetrics(null, grain);

  if (metrics.isError && !metrics.data) {
    return <KpiLoadFailed error={metrics.error} onRetry={() => metrics.refetch()} />;
  }
  if (!metrics.data) return <KpiSkeleton />;

  const data = metrics.data;
  const hasData = hasLedgerData(data);
  const refreshing = metrics.isPlaceholderData || metrics.isFetching;

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ReportingYearPicker />
        {refreshing ? (
          <p role="status" className="text-sm text-muted">
            Updating…
          </p>
        ) : null}
      </div>
      <NotCountedCard from={`${data.year}-01-01`} to={`${data.year}-12-31`} />
      <Tabs defaultValue="carbon">
        <KpiTabsList />
        <TabsContent value="carbon" className="grid gap-6">
          {hasData ? (
            <>
              <CarbonCards carbon={data.carbon} />
              <EmissionsTrend
                carbon={data.carbon}
                grain={grain}
                onGrainChange={setGrain}
                refreshing={refreshing}
              />
            </>
          ) : (
            <EmptyLedger year={data.year} />
          )}
          <CarbonPanels data={data} hasData={hasData} currentYear={currentYear} />
          <MethodologyNote datasets={data.carbon.datasets} />
        </TabsContent>
        <TabsContent value="energy">
          {hasData ? <EnergyTab metrics={data} /> : <EmptyLedger year={data.year} />}
        </TabsContent>
        <TabsContent value="diversity">
          <DeferredDiversityTab metrics={data} />
        </TabsContent>
      </Tabs>
      <BenchmarkCard />
    </div>
  );
}
