// The SECR statement's figures (SI 2018/1155, Schedule 7 Part 7A of SI 2008/410; shared/reference/
// regulation.md §3b): UK energy use in kWh (at least gas, electricity and transport fuel), the
// related Scope 1 and 2 emissions, at least one intensity ratio and the prior year. The intensity
// ratios are made here once, when the snapshot is built, and every section and format reads them
// from the snapshot; secrTable lays the rows out for the renderers (decision 059). Pure.
import { categoriesOfKind } from './provenance.ts';
import type { ReportSnapshot, SecrRatio } from './snapshot.ts';

type Uk = NonNullable<ReportSnapshot['uk']>;

export interface SecrRatioInput {
  /** `YYYY` or `YYYY-qN`: ratios over a year's turnover or headcount exist for whole years only. */
  period: string;
  revenue: { amount: number; currency: string } | null;
  employees: number | null;
  /** UK Scope 1 and location-based Scope 2, tCO2e (null: no figure). */
  ukScope1: number | null;
  ukScope2Location: number | null;
  /** The whole company's, for when the ledger has activity outside the UK. */
  companyScope1: number | null;
  companyScope2Location: number | null;
  hasActivityOutsideUk: boolean;
  /** Ratios a person typed into the SECR checklist (not the ledger's auto-fill), if any. */
  entered?: { revenue: number | null; employees: number | null };
}

/** Kept to the gram of CO2e, as the snapshot's tonnes are. */
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** null only when both are: a missing part is not a zero, but one figure still makes a total. */
function sum(a: number | null, b: number | null): number | null {
  return a === null && b === null ? null : round6((a ?? 0) + (b ?? 0));
}

/**
 * Scope 1 + location-based Scope 2 per million of turnover and per employee. Turnover and headcount
 * are recorded for the whole company, so while the ledger has activity outside the UK the ratio is
 * the whole company's emissions over them (numerator and denominator of the same entity) and says
 * so; a UK-only company's ratio is its UK emissions (decision 010 amendment 1, decision 059). A
 * ratio the company entered itself (over its UK turnover, say) is the one printed.
 */
export function secrIntensityRatios(input: SecrRatioInput): SecrRatio[] {
  const basis = input.hasActivityOutsideUk ? 'company' : 'uk';
  const emissions =
    basis === 'uk'
      ? sum(input.ukScope1, input.ukScope2Location)
      : sum(input.companyScope1, input.companyScope2Location);
  const wholeYear = !input.period.includes('-q');
  const { revenue, employees, entered } = input;
  const ratio = (
    denominator: SecrRatio['denominator'],
    divisor: number | null,
    unit: string,
  ): SecrRatio | null => {
    // The company's own figure in its SECR checklist is what it states; the report prints that.
    const own = entered?.[denominator];
    if (own !== null && own !== undefined)
      return { denominator, basis: 'entered', value: wholeYear ? own : null, unit };
    if (divisor === null || divisor <= 0) return null;
    const value = wholeYear && emissions !== null ? round6(emissions / divisor) : null;
    return { denominator, basis, value, unit };
  };
  const ratios = [
    ratio(
      'revenue',
      revenue ? revenue.amount / 1e6 : null,
      `tCO2e (scope 1 and 2) per million ${revenue?.currency ?? 'of'} turnover`,
    ),
    ratio('employees', employees, 'tCO2e (scope 1 and 2) per employee'),
  ];
  return ratios.filter((entry): entry is SecrRatio => entry !== null);
}

/** A checklist answer as a number ("18.05", "1,234.5"), or null when it is not one. */
export function answerNumber(value: string | null): number | null {
  if (value === null) return null;
  const number = Number(value.replace(/,/g, '').trim());
  return value.trim() !== '' && Number.isFinite(number) ? number : null;
}

/** What a row's current figure is made of, for its sources (decision 058). */
export type SecrRowParts =
  | { energyCategories: string[] | 'all' }
  | { ukFigures: ('scope1' | 'scope2Location' | 'scope3BusinessTravel')[] };

export interface SecrTableRow {
  label: string;
  unit: 'kWh' | 'tCO2e';
  current: number | null;
  parts: SecrRowParts;
  /** The prior period's figure; undefined when the snapshot has no prior period. */
  previous?: number | null;
  isTotal?: boolean;
}

export interface SecrTable {
  energy: SecrTableRow[];
  emissions: SecrTableRow[];
  /** The prior period's label (`2024`), or null when none is compared. */
  previousPeriod: string | null;
}

/** The rows of the SECR table, from the snapshot only. */
export function secrTable(uk: Uk): SecrTable {
  const previous = uk.previous ?? null;
  const withPrevious: WithPrevious = (row, prior) => (previous ? { ...row, previous: prior ?? null } : row);
  return {
    energy: secrEnergyRows(uk, withPrevious),
    emissions: secrEmissionRows(uk, withPrevious),
    previousPeriod: previous?.period ?? null,
  };
}

/** A row with the prior period's figure beside it, when a prior period is compared. */
type WithPrevious = (row: SecrTableRow, prior: number | null | undefined) => SecrTableRow;

function secrEnergyRows(uk: Uk, withPrevious: WithPrevious): SecrTableRow[] {
  const previous = uk.previous ?? null;
  const kwh = uk.energyKwh;
  const energy: SecrTableRow[] = [
    withPrevious(
      { label: 'Gas', unit: 'kWh', current: kwh.gas, parts: { energyCategories: ['natural_gas'] } },
      previous?.energyKwh.gas,
    ),
    withPrevious(
      {
        label: 'Electricity',
        unit: 'kWh',
        current: kwh.electricity,
        parts: { energyCategories: ['electricity'] },
      },
      previous?.energyKwh.electricity,
    ),
    withPrevious(
      {
        label: 'Transport fuel',
        unit: 'kWh',
        current: kwh.transport,
        parts: { energyCategories: categoriesOfKind('transport_fuel') },
      },
      previous?.energyKwh.transport,
    ),
  ];
  // Snapshots since decision 048: the rest of the total, so the rows add up to it.
  if (uk.energyBasis) {
    energy.push(
      withPrevious(
        {
          label: 'Other fuels',
          unit: 'kWh',
          current: kwh.otherFuels ?? null,
          parts: {
            energyCategories: categoriesOfKind('stationary_fuel').filter(
              (category) => category !== 'natural_gas',
            ),
          },
        },
        previous?.energyKwh.otherFuels,
      ),
      withPrevious(
        {
          label: 'Heat and steam',
          unit: 'kWh',
          current: kwh.heatSteam ?? null,
          parts: { energyCategories: categoriesOfKind('heat_steam') },
        },
        previous?.energyKwh.heatSteam,
      ),
    );
  }
  energy.push(
    withPrevious(
      {
        label: 'Total UK energy use',
        unit: 'kWh',
        current: kwh.total,
        isTotal: true,
        parts: { energyCategories: 'all' },
      },
      previous?.energyKwh.total,
    ),
  );
  return energy;
}

function secrEmissionRows(uk: Uk, withPrevious: WithPrevious): SecrTableRow[] {
  const previous = uk.previous ?? null;
  const travel = uk.scope3BusinessTravel ?? null;
  const priorTravel = previous?.scope3BusinessTravel ?? null;
  const hasTravel = travel !== null || priorTravel !== null;
  const emissions: SecrTableRow[] = [
    withPrevious(
      {
        label: 'Scope 1: direct emissions',
        unit: 'tCO2e',
        current: uk.scope1,
        parts: { ukFigures: ['scope1'] },
      },
      previous?.scope1,
    ),
    withPrevious(
      {
        label: 'Scope 2: purchased electricity, location-based',
        unit: 'tCO2e',
        current: uk.scope2Location,
        parts: { ukFigures: ['scope2Location'] },
      },
      previous?.scope2Location,
    ),
    withPrevious(
      {
        label: 'Total Scope 1 and 2',
        unit: 'tCO2e',
        current: sum(uk.scope1, uk.scope2Location),
        isTotal: !hasTravel,
        parts: { ukFigures: ['scope1', 'scope2Location'] },
      },
      previous ? sum(previous.scope1, previous.scope2Location) : undefined,
    ),
  ];
  // Scope 3 is voluntary under SECR; business travel is shown where the ledger has it.
  if (hasTravel) {
    emissions.push(
      withPrevious(
        {
          label: 'Scope 3: business travel',
          unit: 'tCO2e',
          current: travel,
          parts: { ukFigures: ['scope3BusinessTravel'] },
        },
        priorTravel,
      ),
      withPrevious(
        {
          label: 'Total gross emissions (Scope 1, 2 and Scope 3 business travel)',
          unit: 'tCO2e',
          current: sum(sum(uk.scope1, uk.scope2Location), travel),
          isTotal: true,
          parts: { ukFigures: ['scope1', 'scope2Location', 'scope3BusinessTravel'] },
        },
        previous ? sum(sum(previous.scope1, previous.scope2Location), priorTravel) : undefined,
      ),
    );
  }
  return emissions;
}

/**
 * The intensity ratios to print: those made with the snapshot (decision 059) or, for a snapshot
 * stored before them, its one UK ratio.
 */
export function secrRatiosOf(uk: Uk): SecrRatio[] {
  if (uk.ratios) return uk.ratios;
  return uk.intensity
    ? [{ denominator: 'revenue', basis: 'uk', value: uk.intensity.value, unit: uk.intensity.unit }]
    : [];
}
