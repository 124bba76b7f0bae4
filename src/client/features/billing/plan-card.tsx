import { useId, useState } from 'react';
import { type Billing, NO_PAYMENT_PROVIDER_NOTICE } from '../../../domain/contracts/billing';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { CheckIcon } from '../../ui/icons';
import { formatDate, formatPrice } from './api';
import { ChangePlanDialog } from './change-plan-dialog';

/** The plan in force (spec §2 "Growth Plan $149/month billed annually", from the company's real plan). */
export function PlanCard({ billing }: { billing: Billing }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const { definition } = billing;
  const pending = billing.requests.find((request) => request.status === 'requested');
  const pendingName = billing.plans.find((plan) => plan.id === pending?.toPlan)?.name;

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle id={`${id}-title`}>{definition.name} Plan</CardTitle>
          {definition.mostPopular ? <Badge tone="success">Most Popular</Badge> : null}
        </div>
        <CardDescription>
          <span className="text-2xl font-semibold text-ink">{formatPrice(definition.priceUsdPerMonth)}</span>{' '}
          billed annually
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul aria-label={`${definition.name} plan features`} className="grid gap-1.5 sm:grid-cols-2">
          {definition.features.map((feature) => (
            <li key={feature} className="flex items-center gap-2 text-sm text-ink">
              <CheckIcon className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
              {feature}
            </li>
          ))}
        </ul>
        {pending ? (
          <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            {pending.requestedBy ?? 'An admin'} asked for the {pendingName} plan on{' '}
            {formatDate(pending.createdAt)}. {NO_PAYMENT_PROVIDER_NOTICE}
          </p>
        ) : null}
        {billing.canManage ? (
          <div>
            <Button onClick={() => setOpen(true)}>Change plan</Button>
          </div>
        ) : (
          <p className="text-sm text-muted">Only an admin can change the plan.</p>
        )}
      </CardContent>
      {billing.canManage ? <ChangePlanDialog billing={billing} open={open} onOpenChange={setOpen} /> : null}
    </Card>
  );
}
