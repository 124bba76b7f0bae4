import { type FormEvent, useId, useState } from 'react';
import type { Plan } from '../../../domain/account/plans';
import { type Billing, NO_PAYMENT_PROVIDER_NOTICE } from '../../../domain/contracts/billing';
import { getErrorMessage, isUnauthorizedError } from '../../lib/api';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog';
import { formatPrice, useRequestPlanChange } from './api';

function PlanOption({
  id,
  plan,
  isChosen,
  isCurrent,
  onChoose,
}: {
  id: string;
  plan: Billing['plans'][number];
  isChosen: boolean;
  isCurrent: boolean;
  onChoose: () => void;
}) {
  return (
    <label
      htmlFor={id}
      className="flex cursor-pointer gap-3 rounded-md border border-border p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
    >
      <input
        id={id}
        type="radio"
        name="plan"
        value={plan.id}
        checked={isChosen}
        onChange={onChoose}
        className="mt-1 size-4 accent-brand-700"
      />
      <span className="grid gap-1">
        <span className="flex flex-wrap items-center gap-2 font-medium text-ink">
          {plan.name} · {formatPrice(plan.priceUsdPerMonth)}
          {plan.mostPopular ? <Badge tone="success">Most Popular</Badge> : null}
          {isCurrent ? <Badge tone="info">Current plan</Badge> : null}
        </span>
        <span className="text-sm text-muted">{plan.features.join(' · ')}</span>
      </span>
    </label>
  );
}

/** 'Change plan' (admin): records a request for our team; nothing is charged (no payment provider). */
export function ChangePlanDialog({
  billing,
  open,
  onOpenChange,
}: {
  billing: Billing;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const [choice, setChoice] = useState<Plan>(billing.plan);
  const mutation = useRequestPlanChange();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (choice === billing.plan) return;
    const name = billing.plans.find((plan) => plan.id === choice)?.name ?? choice;
    mutation.mutate(choice, {
      onSuccess: () => {
        onOpenChange(false);
        toastSuccess(`${name} plan requested. ${NO_PAYMENT_PROVIDER_NOTICE}`, 'Plan change requested');
      },
      onError: (error) => {
        if (!isUnauthorizedError(error)) toastError(getErrorMessage(error));
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setChoice(billing.plan);
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Change plan</DialogTitle>
          <DialogDescription>{NO_PAYMENT_PROVIDER_NOTICE}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <fieldset className="grid gap-3">
            <legend className="mb-2 text-sm font-medium text-ink">
              Plan (prices per month, billed annually)
            </legend>
            {billing.plans.map((plan) => (
              <PlanOption
                key={plan.id}
                id={`${id}-${plan.id}`}
                plan={plan}
                isChosen={choice === plan.id}
                isCurrent={plan.id === billing.plan}
                onChoose={() => setChoice(plan.id)}
              />
            ))}
          </fieldset>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={choice === billing.plan || mutation.isPending}>
              {mutation.isPending ? 'Requesting...' : 'Request change'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
