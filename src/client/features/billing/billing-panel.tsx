import { getErrorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Skeleton } from '../../ui/skeleton';
import { useBilling } from './api';
import { BillingHistory } from './billing-history';
import { PaymentCard } from './payment-card';
import { PlanCard } from './plan-card';

/**
 * Settings → Billing (spec §2; issue 9): the company's real plan, a 'Change plan' request (admin),
 * an honest payment section (no provider is connected, so no card) and the real request history.
 */
export function BillingPanel() {
  const query = useBilling();

  if (query.isPending) {
    return (
      <Card aria-busy="true" className="grid gap-4 p-6">
        <p className="sr-only" role="status">
          Loading billing
        </p>
        <Skeleton className="h-6 w-40" />
        <Skeleton className="h-10 w-32" />
        <Skeleton className="h-16 w-full" />
      </Card>
    );
  }
  if (query.isError) {
    return (
      <Card role="alert" className="grid justify-items-start gap-3 p-6">
        <h2 className="text-lg font-semibold text-ink">Couldn't load billing</h2>
        <p className="text-sm text-muted">{getErrorMessage(query.error)}</p>
        <Button variant="outline" onClick={() => query.refetch()}>
          Try again
        </Button>
      </Card>
    );
  }
  return (
    <div className="grid gap-6">
      <PlanCard billing={query.data} />
      <PaymentCard />
      <BillingHistory billing={query.data} />
    </div>
  );
}
