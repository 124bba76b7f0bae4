import { useStore } from '@nanostores/react';
import { getErrorMessage } from '../../lib/api';
import { $currentUser } from '../../stores/user';
import { Button } from '../../ui/button';
import { DeferredSection } from '../../ui/deferred-section';
import { Skeleton } from '../../ui/skeleton';
import { NotCountedCard } from '../ledger/not-counted-notice';
import { ReportingYearPicker } from '../reporting-year/reporting-year-picker';
import { useDashboardOverview } from './api';
import {
  CarbonCredits,
  ComplianceProgress,
  GetStartedPanel,
  QuickActions,
  RecentActivity,
  Recommendations,
  WelcomeBanner,
} from './panels';
import { SummaryCards } from './summary-cards';

function DashboardSkeleton() {
  return (
    <div aria-busy="true" className="grid gap-6">
      <p className="sr-only" role="status">
        Loading your dashboard
      </p>
      <Skeleton className="h-28 w-full" />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {['a', 'b', 'c', 'd'].map((key) => (
          <Skeleton key={key} className="h-36" />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-64" />
        <Skeleton className="h-64" />
      </div>
    </div>
  );
}

function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="grid justify-items-start gap-3 rounded-lg border border-border bg-surface p-6"
    >
      <h2 className="text-lg font-semibold text-ink">Couldn't load your dashboard</h2>
      <p className="text-sm text-muted">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}

export function DashboardView() {
  const session = useStore($currentUser, { ssr: 'initial' });
  // Fetched beside the session call, not after it (decision 064): the server answers 401 to a
  // lost session on either, and only a page found signed out skips it.
  const overview = useDashboardOverview({ enabled: session.status !== 'unauthenticated' });

  if (session.status === 'error') {
    return <LoadError message={session.message} onRetry={() => window.location.reload()} />;
  }
  if (overview.isError) {
    return <LoadError message={getErrorMessage(overview.error)} onRetry={() => overview.refetch()} />;
  }
  // The welcome banner greets by name, so the dashboard shows once both have arrived.
  if (overview.isPending || session.status !== 'authenticated') return <DashboardSkeleton />;

  const data = overview.data;
  const compliance = data.complianceStatus;
  return (
    <div className="grid gap-6">
      <div className="grid gap-4 lg:grid-cols-[1fr_auto]">
        <WelcomeBanner
          firstName={session.user?.firstName ?? ''}
          hasCompliance={compliance !== null}
          isFirstVisit={data.isFirstVisit}
        />
        {compliance ? <QuickActions /> : null}
      </div>
      <ReportingYearPicker />
      <SummaryCards overview={data} />
      <NotCountedCard
        from={`${data.metrics.carbonEmissionsDetail.year}-01-01`}
        to={`${data.metrics.carbonEmissionsDetail.year}-12-31`}
      />
      {/* Below a phone's first view: rendered after the first paint (decision 082). */}
      <DeferredSection reservedHeight="min-h-84 md:min-h-60 lg:min-h-38">
        <CarbonCredits offsets={data.offsets} />
      </DeferredSection>
      <DeferredSection reservedHeight="min-h-91 lg:min-h-41">
        <div className="grid gap-4 lg:grid-cols-2">
          {compliance ? <ComplianceProgress compliance={compliance} /> : <GetStartedPanel />}
          <RecentActivity activity={data.recentActivity} />
        </div>
      </DeferredSection>
      <DeferredSection reservedHeight="min-h-264 md:min-h-160 xl:min-h-118">
        <Recommendations overview={data} />
      </DeferredSection>
    </div>
  );
}
