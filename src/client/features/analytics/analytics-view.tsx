import { useEffect, useId, useState } from 'react';
import {
  ANALYTICS_RANGES,
  type AnalyticsRange,
  DEFAULT_ANALYTICS_RANGE,
} from '../../../domain/contracts/analytics';
import { toastError } from '../../stores/toasts';
import { Button } from '../../ui/button';
import { Label } from '../../ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/select';
import { Skeleton } from '../../ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';
import { AdoptionTab } from './adoption-tab';
import { AnalyticsSignedOutError, useAnalyticsDashboard, useFeatureAdoption } from './api';
import { RANGE_LABELS } from './format';
import { FunnelTab } from './funnel-tab';
import { MetricCards } from './metric-cards';
import { OverviewTab } from './overview-tab';
import { AnalyticsSkeleton, AnalyticsUnavailable } from './states';
import { TopEventsTab } from './top-events-tab';

/** spec §8 toast on a failed fetch, once per failure; a visitor (signed out) gets none. */
function useFailureToast(error: Error | null, description: string) {
  useEffect(() => {
    if (error && !(error instanceof AnalyticsSignedOutError)) toastError(description);
  }, [error, description]);
}

function RangeSelect({
  id,
  days,
  onChange,
}: {
  id: string;
  days: AnalyticsRange;
  onChange: (days: AnalyticsRange) => void;
}) {
  return (
    <div className="flex items-center gap-3">
      <Label htmlFor={id} className="whitespace-nowrap">
        Time range
      </Label>
      <Select value={String(days)} onValueChange={(value) => onChange(Number(value) as AnalyticsRange)}>
        <SelectTrigger id={id} className="w-40">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {ANALYTICS_RANGES.map((range) => (
            <SelectItem key={range} value={String(range)}>
              {RANGE_LABELS[range]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** Feature adoption loads on its own: its figures, its own failure with Try Again, or a skeleton. */
function AdoptionPanel({
  adoption,
  days,
  shownDays,
}: {
  adoption: ReturnType<typeof useFeatureAdoption>;
  days: AnalyticsRange;
  shownDays: AnalyticsRange;
}) {
  if (adoption.data) {
    return (
      <AdoptionTab adoption={adoption.data.adoption} days={adoption.isPlaceholderData ? shownDays : days} />
    );
  }
  if (adoption.isError) {
    return (
      <div
        role="alert"
        className="grid justify-items-start gap-3 rounded-lg border border-border bg-surface p-6"
      >
        <p className="text-sm text-muted">Unable to load analytics data</p>
        <Button variant="outline" onClick={() => adoption.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  return <Skeleton className="h-64 w-full" />;
}

export function AnalyticsView() {
  const id = useId();
  const [days, setDays] = useState<AnalyticsRange>(DEFAULT_ANALYTICS_RANGE);
  const dashboard = useAnalyticsDashboard(days);
  const adoption = useFeatureAdoption(days);
  useFailureToast(dashboard.error, 'Failed to fetch analytics');
  useFailureToast(adoption.error, 'Failed to fetch feature adoption');

  if (dashboard.isError && !dashboard.data) {
    const signedOut = dashboard.error instanceof AnalyticsSignedOutError;
    return <AnalyticsUnavailable signedOut={signedOut} onRetry={() => dashboard.refetch()} />;
  }
  if (!dashboard.data) return <AnalyticsSkeleton />;

  const data = dashboard.data;
  // With placeholder data the figures on screen are the previous range's until the new ones arrive.
  const shownDays = dashboard.isPlaceholderData
    ? (dashboard.data.dailyActiveUsers.length as AnalyticsRange)
    : days;
  const refreshing = dashboard.isPlaceholderData || dashboard.isFetching;

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <RangeSelect id={`${id}-range`} days={days} onChange={setDays} />
        {refreshing ? (
          <p role="status" className="text-sm text-muted">
            Updating…
          </p>
        ) : null}
      </div>
      <MetricCards data={data} days={shownDays} />
      <Tabs defaultValue="overview">
        {/* Four tabs wrap onto two rows on a phone rather than scrolling out of sight. */}
        <TabsList aria-label="Analytics views" className="h-auto flex-wrap">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="funnel">Conversion Funnel</TabsTrigger>
          <TabsTrigger value="adoption">Feature Adoption</TabsTrigger>
          <TabsTrigger value="events">Top Events</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab data={data} days={shownDays} />
        </TabsContent>
        <TabsContent value="funnel">
          <FunnelTab data={data} days={shownDays} />
        </TabsContent>
        <TabsContent value="adoption">
          <AdoptionPanel adoption={adoption} days={days} shownDays={shownDays} />
        </TabsContent>
        <TabsContent value="events">
          <TopEventsTab data={data} days={shownDays} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
