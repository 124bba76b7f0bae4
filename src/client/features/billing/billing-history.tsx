import { useId } from 'react';
import type { Billing, PlanChangeRequest } from '../../../domain/contracts/billing';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { formatDate } from './api';

const STATUS: Record<PlanChangeRequest['status'], { label: string; tone: BadgeTone }> = {
  requested: { label: 'Requested', tone: 'warning' },
  applied: { label: 'Applied', tone: 'success' },
  cancelled: { label: 'Replaced', tone: 'neutral' },
};

/** Billing history: the company's real plan change requests, newest first. */
export function BillingHistory({ billing }: { billing: Billing }) {
  const id = useId();
  const planName = (plan: PlanChangeRequest['toPlan']) =>
    billing.plans.find((candidate) => candidate.id === plan)?.name ?? plan;
  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Billing history</CardTitle>
        <CardDescription>
          Plan change requests for this company. No payments are taken here, so there are no invoices to list.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {billing.requests.length === 0 ? (
          <p className="text-sm text-muted">No plan changes have been requested.</p>
        ) : (
          <ul aria-label="Plan change requests" className="divide-y divide-border">
            {billing.requests.map((request) => {
              const status = STATUS[request.status];
              return (
                <li
                  key={request.id}
                  className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3 first:pt-0 last:pb-0"
                >
                  <div className="min-w-0 flex-1 basis-56">
                    <p className="font-medium text-ink">
                      {planName(request.fromPlan)} → {planName(request.toPlan)}
                    </p>
                    <p className="text-xs text-muted">
                      <time dateTime={request.createdAt}>{formatDate(request.createdAt)}</time>
                      {request.requestedBy ? ` · requested by ${request.requestedBy}` : ''}
                    </p>
                  </div>
                  <Badge tone={status.tone}>{status.label}</Badge>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
