import type { AnalyticsDashboard } from '../../../domain/contracts/analytics';
import { StatFigure } from '../../ui/stat-figure';
import { formatCount } from './format';

/** spec §2: four metric cards (total users, total sessions, total events, report exports). */
export function MetricCards({ data, days }: { data: AnalyticsDashboard; days: number }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatFigure title="Total Users" value={formatCount(data.totalUsers)}>
        <p>People active in the last {days} days</p>
      </StatFigure>
      <StatFigure title="Total Sessions" value={formatCount(data.totalSessions)}>
        <p>Browser tabs opened on the app</p>
      </StatFigure>
      <StatFigure title="Total Events" value={formatCount(data.totalEvents)}>
        <p>Feature actions such as exports and wizard steps</p>
      </StatFigure>
      <StatFigure title="Report Exports" value={formatCount(data.featureUsage.pdfExports)}>
        <p>PDF reports generated</p>
      </StatFigure>
    </div>
  );
}
