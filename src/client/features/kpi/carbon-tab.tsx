import { useMemo } from 'react';
import type { KpiMetrics } from '../../../domain/contracts/kpi';
import { TrendChart } from '../../charts/trend-chart';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { SegmentedControl } from '../../ui/toggle-group';
import {
  describeMarketBased,
  describeTarget,
  formatNumber,
  formatTonnes,
  GRAIN_OPTIONS,
  grainWord,
  INTENSITY_MISSING_MESSAGE,
  type PeriodGrain,
  scope3CategoryLabel,
  trendPoints,
} from './format';
import { StatCard } from './parts';

type Carbon = KpiMetrics['carbon'];

function IntensityCard({ carbon }: { carbon: Carbon }) {
  const perRevenue = carbon.intensityPerRevenue;
  const perEmployee = carbon.intensityPerEmployee;
  if (!perRevenue && !perEmployee) {
    return (
      <StatCard title="Carbon intensity" value="—">
        <p>{INTENSITY_MISSING_MESSAGE}.</p>
      </StatCard>
    );
  }
  return (
    <StatCard
      title="Carbon intensity"
      value={perRevenue ? formatNumber(perRevenue.value, 2) : formatNumber(perEmployee!.value, 2)}
      unit={perRevenue ? perRevenue.unit : perEmployee!.unit}
    >
      {perRevenue && perEmployee ? (
        <p>
          {formatNumber(perEmployee.value, 2)} {perEmployee.unit}
        </p>
      ) : (
        <p>
          {INTENSITY_MISSING_MESSAGE} per {perRevenue ? 'employee' : 'unit of revenue'}.
        </p>
      )}
    </StatCard>
  );
}

export function CarbonCards({ carbon }: { carbon: Carbon }) {
  const categories = [...carbon.scope3ByCategory].sort((a, b) => b.tCO2e - a.tCO2e);
  return (
    <section aria-labelledby="carbon-figures-title" className="grid gap-4">
      <h2 id="carbon-figures-title" className="sr-only">
        Emission figures
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <StatCard title="Total emissions" value={formatTonnes(carbon.total.value)} unit="tCO2e">
          <p>Scope 1, scope 2 (location-based) and scope 3. Offsets are never subtracted.</p>
        </StatCard>
        <StatCard title="Scope 1 emissions" value={formatTonnes(carbon.scope1.value)} unit="tCO2e">
          <p>Fuel burned on your sites and in your vehicles, and refrigerant leaks.</p>
        </StatCard>
        <StatCard
          title="Scope 2 emissions (location-based)"
          value={formatTonnes(carbon.scope2Location.value)}
          unit="tCO2e"
        >
          <p>
            {describeMarketBased(carbon.scope2Market.value, carbon.scope2MarketBasis.locationProxy.tCO2e)}
          </p>
        </StatCard>
        <StatCard title="Scope 3 emissions" value={formatTonnes(carbon.scope3.value)} unit="tCO2e">
          {categories.length === 0 ? (
            <p>No scope 3 activity recorded.</p>
          ) : (
            <ul className="grid gap-0.5">
              {categories.map((entry) => (
                <li key={entry.category} className="flex justify-between gap-3">
                  <span>{scope3CategoryLabel(entry.category)}</span>
                  <span className="whitespace-nowrap tabular-nums">{formatTonnes(entry.tCO2e)} t</span>
                </li>
              ))}
            </ul>
          )}
        </StatCard>
        <IntensityCard carbon={carbon} />
        {carbon.outsideScopes.value > 0 ? (
          <StatCard
            title="Outside scopes (memo)"
            value={formatTonnes(carbon.outsideScopes.value)}
            unit="tCO2e"
          >
            <p>Biogenic CO2 from biofuels, reported apart and not included in the totals.</p>
          </StatCard>
        ) : null}
      </div>
    </section>
  );
}

export function EmissionsTrend({
  carbon,
  grain,
  onGrainChange,
  refreshing,
}: {
  carbon: Carbon;
  grain: PeriodGrain;
  onGrainChange: (grain: PeriodGrain) => void;
  refreshing: boolean;
}) {
  const points = useMemo(() => trendPoints(carbon.trend), [carbon.trend]);
  return (
    <Card aria-labelledby="trend-title" aria-busy={refreshing || undefined}>
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1">
            <CardTitle id="trend-title">Emissions trend</CardTitle>
            <CardDescription>
              {carbon.target
                ? `${describeTarget(carbon.target)}; the dashed line is the path to it.`
                : 'Set a reduction target below to see the path to it.'}
            </CardDescription>
          </div>
          <SegmentedControl
            label="Period"
            value={grain}
            options={GRAIN_OPTIONS}
            onValueChange={onGrainChange}
          />
        </div>
      </CardHeader>
      <CardContent>
        <TrendChart
          title={`Emissions by ${grainWord(grain)}`}
          points={points}
          unit="tCO2e"
          valueName="Emissions"
          targetName="Target"
          variant="line"
        />
      </CardContent>
    </Card>
  );
}

export function MethodologyNote({ datasets }: { datasets: readonly string[] }) {
  if (datasets.length === 0) return null;
  return (
    <p className="text-xs text-muted">
      Calculated with: {datasets.join('; ')}. Each ledger line shows its factor on the Data Sources page.
    </p>
  );
}
