import { useId, useState } from 'react';
import { getErrorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { Label } from '../../ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/select';
import { Skeleton } from '../../ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';
import { NotCountedCard } from '../activities/not-counted-notice';
import { useMetrics } from './api';
import { CarbonCards, EmissionsTrend, MethodologyNote } from './carbon-tab';
import { DiversityTab } from './diversity-tab';
import { EnergyTab } from './energy-tab';
import { hasLedgerData, type PeriodGrain, yearOptions } from './format';
import { BenchmarkCard, EmptyLedger } from './parts';
import { RecalculatePanel } from './recalculate-panel';
import { TargetsPanel } from './targets-panel';

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

export function KpiView({ currentYear }: { currentYear: number }) {
  const id = useId();
  const [year, setYear] = useState<number | null>(null);
  const [grain, setGrain] = useState<PeriodGrain>('monthly');
  const metrics = useMetrics(year, grain);
  const shownYear = metrics.data?.year ?? year;

  const yearSelect = (
    <div className="flex items-center gap-3">
      <Label htmlFor={`${id}-year`} className="whitespace-nowrap">
        Reporting year
      </Label>
      <Select
        value={shownYear == null ? undefined : String(shownYear)}
        onValueChange={(value) => setYear(Number(value))}
      >
        <SelectTrigger id={`${id}-year`} className="w-28">
          <SelectValue placeholder="Year" />
        </SelectTrigger>
        <SelectContent>
          {yearOptions(currentYear, shownYear).map((option) => (
            <SelectItem key={option} value={String(option)}>
              {option}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );

  if (metrics.isError && !metrics.data) {
    return (
      <div className="grid gap-6">
        {yearSelect}
        <div
          role="alert"
          className="grid justify-items-start gap-3 rounded-lg border border-border bg-surface p-6"
        >
          <h2 className="text-lg font-semibold text-ink">Couldn't load your KPIs</h2>
          <p className="text-sm text-muted">{getErrorMessage(metrics.error)}</p>
          <Button variant="outline" onClick={() => metrics.refetch()}>
            Retry
          </Button>
        </div>
      </div>
    );
  }
  if (!metrics.data) return <KpiSkeleton />;

  const data = metrics.data;
  const hasData = hasLedgerData(data);
  const refreshing = metrics.isPlaceholderData || metrics.isFetching;

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {yearSelect}
        {refreshing ? (
          <p role="status" className="text-sm text-muted">
            Updating…
          </p>
        ) : null}
      </div>
      <NotCountedCard from={`${data.year}-01-01`} to={`${data.year}-12-31`} />
      <Tabs defaultValue="carbon">
        <div className="overflow-x-auto [contain:inline-size]">
          <TabsList aria-label="KPI categories">
            <TabsTrigger value="carbon">Carbon Emissions</TabsTrigger>
            <TabsTrigger value="energy">Energy &amp; Water</TabsTrigger>
            <TabsTrigger value="diversity">Diversity &amp; Inclusion</TabsTrigger>
          </TabsList>
        </div>
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
          <TargetsPanel year={data.year} currentYear={currentYear} />
          <RecalculatePanel year={data.year} />
          <MethodologyNote datasets={data.carbon.datasets} />
        </TabsContent>
        <TabsContent value="energy">
          {hasData ? <EnergyTab metrics={data} /> : <EmptyLedger year={data.year} />}
        </TabsContent>
        <TabsContent value="diversity">
          <DiversityTab metrics={data} />
        </TabsContent>
      </Tabs>
      <BenchmarkCard />
    </div>
  );
}
