import { useMemo } from 'react';
import type { KpiMetrics } from '../../../domain/contracts/kpi';
import { BarList } from '../../charts/bar-list';
import { TrendChart } from '../../charts/trend-chart';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import {
  carrierLabel,
  describeEnergyNotCounted,
  energyPoints,
  formatNumber,
  formatShare,
  recordedFigure,
  todayUtc,
} from './format';
import { StatCard } from './parts';

type Energy = KpiMetrics['energy'];

/** The energy mix as bars, largest carrier first, each with its share of the total. */
function energyMixItems(energy: Energy) {
  const mixTotal = energy.mix.reduce((sum, entry) => sum + entry.mwh, 0);
  return [...energy.mix]
    .sort((a, b) => b.mwh - a.mwh)
    .map((entry) => ({
      label: carrierLabel(entry.carrier),
      value: entry.mwh,
      display: `${formatNumber(entry.mwh, 1)} MWh${mixTotal > 0 ? ` (${formatShare(entry.mwh / mixTotal)})` : ''}`,
    }));
}

function EnergyStatCards({ metrics }: { metrics: KpiMetrics }) {
  const { energy, water } = metrics;
  const notCounted = describeEnergyNotCounted(energy);
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <StatCard
        title="Energy consumption"
        value={recordedFigure(energy.total.value, 1)}
        unit={energy.total.value > 0 ? 'MWh' : undefined}
      >
        <p>
          Electricity, fuels and heat used in {metrics.year}. Fuel in litres, cubic metres or tonnes is
          converted with the UK government's (DESNZ) fuel properties, on a gross calorific value basis.
        </p>
        {notCounted.length > 0 ? (
          <div className="mt-1">
            <p>Energy not counted:</p>
            <ul className="list-disc pl-4">
              {notCounted.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </StatCard>
      <StatCard title="Renewable share of total energy" value={formatShare(energy.renewableShare)}>
        <p>
          {energy.renewableShare == null
            ? 'No energy recorded, so no share to show.'
            : 'Share of all the energy you used (electricity, heat and fuels) that came from renewable sources.'}
        </p>
        {energy.renewableShareOfElectricity == null ? null : (
          <p>Renewable share of electricity: {formatShare(energy.renewableShareOfElectricity)}</p>
        )}
      </StatCard>
      <StatCard
        title="Water usage"
        value={recordedFigure(water.value, 1)}
        unit={water.value > 0 ? 'm3' : undefined}
      >
        <p>Water used in {metrics.year}.</p>
      </StatCard>
    </div>
  );
}

function MonthlyEnergyCard({ energy, year }: { energy: Energy; year: number }) {
  const points = useMemo(() => energyPoints(energy.monthly, year, todayUtc()), [energy.monthly, year]);
  return (
    <Card aria-labelledby="energy-monthly-title">
      <CardHeader>
        <CardTitle id="energy-monthly-title">Monthly energy use</CardTitle>
        <CardDescription>All carriers together, in MWh.</CardDescription>
      </CardHeader>
      <CardContent>
        {energy.monthly.length === 0 ? (
          <p className="text-sm text-muted">No energy use recorded for {year}.</p>
        ) : (
          <TrendChart
            title={`Energy use by month, ${year}`}
            points={points}
            unit="MWh"
            valueName="Energy"
            variant="bar"
            height={220}
          />
        )}
      </CardContent>
    </Card>
  );
}

export function EnergyTab({ metrics }: { metrics: KpiMetrics }) {
  const mix = energyMixItems(metrics.energy);
  return (
    <div className="grid gap-6">
      <h2 className="sr-only">Energy and water figures</h2>
      <EnergyStatCards metrics={metrics} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card aria-labelledby="energy-mix-title">
          <CardHeader>
            <CardTitle id="energy-mix-title">Energy mix</CardTitle>
            <CardDescription>Energy used by carrier, in MWh.</CardDescription>
          </CardHeader>
          <CardContent>
            {mix.length === 0 ? (
              <p className="text-sm text-muted">No energy use recorded for {metrics.year}.</p>
            ) : (
              <BarList items={mix} label={`Energy mix ${metrics.year}`} />
            )}
          </CardContent>
        </Card>
        <MonthlyEnergyCard energy={metrics.energy} year={metrics.year} />
      </div>
    </div>
  );
}
