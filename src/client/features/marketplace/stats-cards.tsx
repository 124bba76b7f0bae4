import { useId } from 'react';
import type { OffsetStats } from '../../../domain/contracts/marketplace';
import { Card } from '../../ui/card';
import { Skeleton } from '../../ui/skeleton';
import { formatCount, formatDollars, humanizeType } from './marketplace';

function StatCard({
  title,
  value,
  unit,
  detail,
}: {
  title: string;
  value: string;
  unit?: string;
  detail?: string;
}) {
  const id = useId();
  return (
    <Card aria-labelledby={id} className="grid content-start gap-1 p-4">
      <h3 id={id} className="text-sm font-medium text-muted">
        {title}
      </h3>
      <p className="flex flex-wrap items-baseline gap-x-1.5">
        <span className="text-2xl font-semibold text-ink tabular-nums">{value}</span>
        {unit ? <span className="text-sm font-medium text-muted">{unit}</span> : null}
      </p>
      {detail ? <p className="text-sm text-slate-700">{detail}</p> : null}
    </Card>
  );
}

/** GET /api/carbon-offsets/stats: the catalogue at a glance. */
export function StatsCards({ stats }: { stats: OffsetStats | undefined }) {
  if (!stats) {
    return (
      <div aria-hidden="true" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {['a', 'b', 'c', 'd'].map((key) => (
          <Skeleton key={key} className="h-24" />
        ))}
      </div>
    );
  }
  const types = Object.entries(stats.projectTypes).filter(([, count]) => count > 0);
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatCard title="Total projects" value={formatCount(stats.totalProjects)} />
      <StatCard title="Credits available" value={formatCount(stats.totalCreditsAvailable)} unit="tCO2e" />
      <StatCard
        title="Average price"
        value={formatDollars(stats.averagePrice)}
        unit="per tCO2e"
        detail="Mean over projects with stock"
      />
      <StatCard
        title="Project types"
        value={formatCount(types.length)}
        detail={types.map(([type, count]) => `${humanizeType(type)} (${count})`).join(', ')}
      />
    </div>
  );
}
