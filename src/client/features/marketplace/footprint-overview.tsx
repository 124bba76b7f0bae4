import type { ReactNode } from 'react';
import type { CarbonCalculation } from '../../../domain/contracts/marketplace';
import { getErrorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Progress } from '../../ui/progress';
import { Skeleton } from '../../ui/skeleton';
import { StatFigure } from '../../ui/stat-figure';
import { ReportingYearPicker } from '../reporting-year/reporting-year-picker';
import { useCarbonCalculation } from './api';
import { formatCount, formatDollars, formatPercent, formatTonnes } from './marketplace';

/** The neutralisation figure is credits over gross emissions: it is never shown as a reduction. */
export const NEUTRALISATION_LABEL = 'Neutralisation (credits bought ÷ gross emissions)';

function Figure(props: { title: string; value: string; unit?: string; children?: ReactNode }) {
  return <StatFigure variant="inset" {...props} />;
}

/** Nothing in the ledger for the year: "not recorded", never a gross figure of 0 (decision 053). */
const isRecorded = (calculation: CarbonCalculation) =>
  calculation.emissionsRecorded ?? calculation.emissionsTotal > 0;

function NeededNote({ calculation }: { calculation: CarbonCalculation }) {
  if (!isRecorded(calculation) || calculation.emissionsTotal <= 0) {
    return (
      <p>
        No emissions recorded for {calculation.year} yet: add activity on the{' '}
        <a href="/data-sources" className="font-medium text-brand-700 underline underline-offset-4">
          Data Sources
        </a>{' '}
        page.
      </p>
    );
  }
  if (calculation.offsetsNeeded === 0) {
    return <p>Credits claimed against {calculation.year} match its gross emissions.</p>;
  }
  if (calculation.estimatedCostToNeutralize === null) return <p>No project has stock to price the rest.</p>;
  return (
    <p>
      Estimated cost to neutralise: {formatDollars(calculation.estimatedCostToNeutralize)} at the cheapest
      project with stock.
    </p>
  );
}

function Figures({ calculation }: { calculation: CarbonCalculation }) {
  const { year } = calculation;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <Figure
        title={`Gross emissions ${year}`}
        value={isRecorded(calculation) ? formatTonnes(calculation.emissionsTotal) : 'Not recorded'}
        unit={isRecorded(calculation) ? 'tCO2e' : undefined}
      >
        <p>From your activity ledger (scope 1, 2 location-based and 3).</p>
      </Figure>
      <Figure title="Credits purchased" value={formatCount(calculation.offsetsPurchased)} unit="tCO2e">
        <p>Claimed against {year} emissions.</p>
      </Figure>
      <Figure title="Offsets still needed" value={formatCount(calculation.offsetsNeeded)} unit="tCO2e">
        <NeededNote calculation={calculation} />
      </Figure>
      <Figure title={NEUTRALISATION_LABEL} value={formatPercent(calculation.neutralizationPercentage)}>
        <Progress value={calculation.neutralizationPercentage} label={NEUTRALISATION_LABEL} />
      </Figure>
    </div>
  );
}

/** Footprint from GET /api/carbon-offsets/calculate: gross emissions stay gross, credits are beside them. */
export function FootprintOverview() {
  const calculation = useCarbonCalculation();
  return (
    <Card aria-labelledby="footprint-title" className="grid gap-4 p-5">
      <div className="grid gap-1">
        <h2 id="footprint-title" className="text-lg font-semibold text-ink">
          Your carbon footprint
        </h2>
        <p className="text-sm text-muted">
          Carbon credits do not lower your reported emissions: they are counted beside them, as
          neutralisation.
        </p>
      </div>
      <ReportingYearPicker />
      {calculation.data ? (
        <Figures calculation={calculation.data} />
      ) : calculation.isError ? (
        <div role="alert" className="grid justify-items-start gap-2 text-sm">
          <p className="font-medium text-ink">Couldn't load your footprint.</p>
          <p className="text-muted">{getErrorMessage(calculation.error)}</p>
          <Button variant="outline" size="sm" onClick={() => calculation.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <div aria-busy="true" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <p className="sr-only" role="status">
            Loading your footprint
          </p>
          {['a', 'b', 'c', 'd'].map((key) => (
            <Skeleton key={key} className="h-28" />
          ))}
        </div>
      )}
    </Card>
  );
}
