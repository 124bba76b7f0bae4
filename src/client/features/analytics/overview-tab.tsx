import { useMemo } from 'react';
import type { AnalyticsDashboard } from '../../../domain/contracts/analytics';
import { TrendChart } from '../../charts/trend-chart';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { dailyUserPoints, formatCount } from './format';
import { NoActivity } from './states';

/** spec §2 Overview: the daily active users line chart and the key feature usage. */
export function OverviewTab({ data, days }: { data: AnalyticsDashboard; days: number }) {
  const points = useMemo(() => dailyUserPoints(data.dailyActiveUsers), [data.dailyActiveUsers]);
  const usage = [
    { label: 'PDF report exports', value: data.featureUsage.pdfExports },
    { label: 'ESG wizard completions', value: data.featureUsage.wizardCompletions },
    { label: 'AI narrative generations', value: data.featureUsage.narrativeGenerations },
  ];
  return (
    <div className="grid gap-6 xl:grid-cols-3">
      <Card aria-labelledby="dau-title" className="xl:col-span-2">
        <CardHeader>
          <CardTitle id="dau-title">Daily Active Users</CardTitle>
          <CardDescription>People who used the app on each day (UTC).</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {data.totalUsers === 0 ? <NoActivity days={days} /> : null}
          <TrendChart
            title={`Daily active users, last ${days} days`}
            points={points}
            unit="users"
            valueName="Active users"
            wholeNumbers
          />
        </CardContent>
      </Card>
      <Card aria-labelledby="usage-title">
        <CardHeader>
          <CardTitle id="usage-title">Key Feature Usage</CardTitle>
          <CardDescription>How often each feature was used in the last {days} days.</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3">
            {usage.map((item) => (
              <div
                key={item.label}
                className="flex items-baseline justify-between gap-3 border-b border-border pb-2 last:border-b-0"
              >
                <dt className="text-sm text-slate-700">{item.label}</dt>
                <dd className="text-lg font-semibold text-ink tabular-nums">{formatCount(item.value)}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}
