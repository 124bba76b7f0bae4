import { Suspense } from 'react';
import type { KpiMetrics } from '../../../domain/contracts/kpi';
import type { Workforce as WorkforceRecord } from '../../../domain/contracts/ledger';
import { BarList } from '../../charts/bar-list';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { lazyForm } from '../../ui/lazy-form';
import { Skeleton } from '../../ui/skeleton';
import { useWorkforce } from './api';
import { ageBandLabel, formatNumber, formatShare, largestAgeBand } from './format';
import { StatCard } from './parts';

const WorkforceForm = lazyForm(() => import('./workforce-form').then((module) => module.WorkforceForm));

type Workforce = NonNullable<KpiMetrics['workforce']>;

function compositionItems(record: WorkforceRecord | null) {
  if (!record) return [];
  const rows = [
    { label: 'Women', value: record.headcountFemale },
    { label: 'Men', value: record.headcountMale },
    { label: 'Another gender or not stated', value: record.headcountOther },
  ].filter((row): row is { label: string; value: number } => row.value != null);
  const total = rows.reduce((sum, row) => sum + row.value, 0);
  return rows.map((row) => ({
    ...row,
    display: `${formatNumber(row.value, 0)}${total > 0 ? ` (${formatShare(row.value / total)})` : ''}`,
  }));
}

/** Headcount by age band as bars, each with its share of those with a stated age. */
function ageItems(workforce: Workforce) {
  const ageTotal = workforce.ageBands.reduce((sum, band) => sum + band.count, 0);
  return (ageTotal > 0 ? workforce.ageBands : []).map((band) => ({
    label: ageBandLabel(band.band),
    value: band.count,
    display: `${formatNumber(band.count, 0)}${ageTotal > 0 ? ` (${formatShare(band.count / ageTotal)})` : ''}`,
  }));
}

function WorkforceStatCards({ workforce }: { workforce: Workforce }) {
  const largest = largestAgeBand(workforce.ageBands);
  const training = workforce.trainingHoursPerEmployee;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard title="Gender balance" value={formatShare(workforce.femaleShare)} unit="women">
        <p>Of {formatNumber(workforce.headcount, 0)} people employed.</p>
      </StatCard>
      <StatCard
        title="Leadership diversity"
        value={formatShare(workforce.leadershipFemaleShare)}
        unit="women"
      >
        <p>
          {workforce.leadershipFemaleShare == null
            ? 'Enter the leadership figures to see this.'
            : 'Share of leadership roles held by women.'}
        </p>
      </StatCard>
      <StatCard
        title="Age diversity"
        value={largest ? formatShare(largest.share) : '—'}
        unit={largest ? `aged ${largest.label.toLowerCase()}` : undefined}
      >
        <p>
          {largest
            ? 'The largest age group; all bands are shown below.'
            : 'Enter headcount by age to see this.'}
        </p>
      </StatCard>
      <StatCard
        title="Training hours"
        value={training == null ? '—' : formatNumber(training, 1)}
        unit={training == null ? undefined : 'hours per employee'}
      >
        {training == null ? <p>Enter total training hours to see this.</p> : null}
      </StatCard>
    </div>
  );
}

function WorkforceFigures({ workforce, record }: { workforce: Workforce; record: WorkforceRecord | null }) {
  const ages = ageItems(workforce);
  const composition = compositionItems(record);
  return (
    <div className="grid gap-6">
      <h2 className="sr-only">Workforce figures</h2>
      <WorkforceStatCards workforce={workforce} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card aria-labelledby="composition-title">
          <CardHeader>
            <CardTitle id="composition-title">Workforce composition</CardTitle>
            <CardDescription>Headcount by gender.</CardDescription>
          </CardHeader>
          <CardContent>
            {composition.length === 0 ? (
              <p className="text-sm text-muted">No headcount by gender entered.</p>
            ) : (
              <BarList items={composition} label="Headcount by gender" />
            )}
          </CardContent>
        </Card>
        <Card aria-labelledby="age-bands-title">
          <CardHeader>
            <CardTitle id="age-bands-title">Age bands</CardTitle>
            <CardDescription>Headcount by age.</CardDescription>
          </CardHeader>
          <CardContent>
            {ages.length === 0 ? (
              <p className="text-sm text-muted">No headcount by age entered.</p>
            ) : (
              <BarList items={ages} label="Headcount by age" />
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

export function DiversityTab({ metrics }: { metrics: KpiMetrics }) {
  const record = useWorkforce(metrics.year);
  const workforce = metrics.workforce;
  return (
    <div className="grid gap-6">
      {workforce && workforce.headcount > 0 ? (
        <WorkforceFigures workforce={workforce} record={record.data ?? null} />
      ) : (
        <Card aria-labelledby="workforce-empty-title" className="border-brand-100 bg-brand-50">
          <CardHeader>
            <CardTitle id="workforce-empty-title">No workforce figures for {metrics.year} yet</CardTitle>
            <CardDescription className="text-slate-700">
              Diversity and inclusion figures come from the headcount you enter below: gender, leadership, age
              and training hours. Nothing is estimated.
            </CardDescription>
          </CardHeader>
        </Card>
      )}
      {record.isPending ? (
        <Skeleton className="h-96 w-full" />
      ) : (
        <Suspense fallback={<Skeleton className="h-96 w-full" />}>
          <WorkforceForm year={metrics.year} record={record.data ?? null} />
        </Suspense>
      )}
    </div>
  );
}
