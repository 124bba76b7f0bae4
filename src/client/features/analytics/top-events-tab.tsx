import { useMemo } from 'react';
import type { AnalyticsDashboard } from '../../../domain/contracts/analytics';
import { TrendChart } from '../../charts/trend-chart';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { eventLabel, formatCount, topEventPoints } from './format';
import { NoActivity } from './states';

/** spec §2 Top Events: the ten most frequent usage events as a bar chart, and as a ranked list. */
export function TopEventsTab({ data, days }: { data: AnalyticsDashboard; days: number }) {
  const points = useMemo(() => topEventPoints(data.topEvents), [data.topEvents]);
  return (
    <Card aria-labelledby="top-events-title">
      <CardHeader>
        <CardTitle id="top-events-title">Top Events</CardTitle>
        <CardDescription>The most frequent feature actions in the last {days} days.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {points.length === 0 ? (
          <NoActivity days={days} />
        ) : (
          <>
            <TrendChart
              title={`Top events, last ${days} days`}
              points={points}
              unit="times"
              valueName="Events"
              variant="bar"
              wholeNumbers
            />
            <ol className="grid gap-1 text-sm">
              {data.topEvents.map((event, index) => (
                <li
                  key={event.eventName}
                  className="flex justify-between gap-3 border-b border-border py-1.5"
                >
                  <span className="text-ink">
                    <span className="text-muted">#{index + 1}</span> {eventLabel(event.eventName)}
                  </span>
                  <span className="text-slate-700 tabular-nums">{formatCount(event.count)}</span>
                </li>
              ))}
            </ol>
          </>
        )}
      </CardContent>
    </Card>
  );
}
