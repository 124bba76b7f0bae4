import type { AnalyticsDashboard } from '../../../domain/contracts/analytics';
import { Badge } from '../../ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { formatCount, formatRate, isHighlightedConversion } from './format';
import { NoActivity } from './states';

/**
 * spec §2 Conversion Funnel: each step of the user journey with its users and its conversion from
 * the first step; the badge is highlighted above 50% (spec §9).
 */
export function FunnelTab({ data, days }: { data: AnalyticsDashboard; days: number }) {
  const first = data.userJourney[0]?.users ?? 0;
  return (
    <Card aria-labelledby="funnel-title">
      <CardHeader>
        <CardTitle id="funnel-title">User Journey</CardTitle>
        <CardDescription>
          People active in the last {days} days who reached each step, and their share of all visitors.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {first === 0 ? <NoActivity days={days} /> : null}
        <ol className="grid gap-4">
          {data.userJourney.map((step, index) => {
            const highlighted = isHighlightedConversion(step.conversionRate);
            return (
              <li key={step.step} className="grid gap-2">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="text-sm font-medium text-ink">
                    {index + 1}. {step.step}
                  </span>
                  <span className="flex items-center gap-2 text-sm text-slate-700">
                    <span className="tabular-nums">
                      {formatCount(step.users)} {step.users === 1 ? 'user' : 'users'}
                    </span>
                    <Badge tone={highlighted ? 'success' : 'neutral'} data-highlighted={highlighted}>
                      {formatRate(step.conversionRate)} conversion
                    </Badge>
                  </span>
                </div>
                <div aria-hidden="true" className="h-2 w-full overflow-hidden rounded-full bg-slate-200">
                  <div
                    className={
                      highlighted ? 'h-full rounded-full bg-brand-600' : 'h-full rounded-full bg-slate-500'
                    }
                    style={{ width: `${step.conversionRate}%` }}
                  />
                </div>
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
