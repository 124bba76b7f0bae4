import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';

export function AnalyticsSkeleton() {
  return (
    <div aria-busy="true" className="grid gap-6">
      <p className="sr-only" role="status">
        Loading analytics
      </p>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {['users', 'sessions', 'events', 'exports'].map((key) => (
          <Skeleton key={key} className="h-28" />
        ))}
      </div>
      <Skeleton className="h-10 w-full max-w-xl" />
      <Skeleton className="h-72 w-full" />
    </div>
  );
}

/**
 * spec §2, §8: 'Analytics Unavailable' / 'Unable to load analytics data'. A visitor (the screen
 * has no sign-in redirect) is offered the sign-in page; a failed load can be retried.
 */
export function AnalyticsUnavailable({ signedOut, onRetry }: { signedOut: boolean; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="grid justify-items-start gap-3 rounded-lg border border-border bg-surface p-6"
    >
      <h2 className="text-lg font-semibold text-ink">Analytics Unavailable</h2>
      <p className="text-sm text-muted">Unable to load analytics data</p>
      {signedOut ? (
        <p className="text-sm text-slate-700">
          Usage analytics belong to your company.{' '}
          <a
            className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
            href="/login"
          >
            Sign in
          </a>{' '}
          to see them.
        </p>
      ) : (
        <Button variant="outline" onClick={onRetry}>
          Try Again
        </Button>
      )}
    </div>
  );
}

/** A tab's note when nothing happened in the range (the figures are still shown as zeros). */
export function NoActivity({ days }: { days: number }) {
  return <p className="text-sm text-muted">No usage recorded in the last {days} days.</p>;
}
