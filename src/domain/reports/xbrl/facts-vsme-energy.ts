// VSME B3 energy facts and notes of snapshots made since decision 048: electricity and fuels split
// into renewable and non-renewable (BreakdownOfEnergyConsumptionAxis, role B03.100; its default is
// TotalRenewableAndNonRenewableEnergyMember, so the untagged-dimension facts stay the totals), the
// calorific basis and what the energy total leaves out, and how market-based scope 2 was made.
import { energyBasisText, marketStatement } from '../energy-basis.ts';
import type { EnergyBasis, ReportSnapshot } from '../snapshot.ts';
import { QUANTITY_DECIMALS } from './fact-builder.ts';
import type { FactValue, ReportFact } from './fact-model.ts';
import { roundTo } from './numbers.ts';

/** What a VSME fact may carry beside its concept, value and unit: the fact model's own fields. */
export type Extras = Pick<
  ReportFact,
  'scope' | 'category' | 'source' | 'sourceKeys' | 'display' | 'indicator' | 'dimensions'
>;

export type AddFact = (
  name2026: string,
  /** null: nil, a figure nothing was recorded for (decision 086). */
  value: FactValue | null,
  unit: string | null,
  decimals: number | null,
  extras?: Extras,
) => void;

const AXIS = 'vsme:BreakdownOfEnergyConsumptionAxis';
const RENEWABLE = { [AXIS]: 'vsme:RenewableEnergyMember' };
const NON_RENEWABLE = { [AXIS]: 'vsme:NonRenewableEnergyMember' };

/**
 * Electricity renewable / non-renewable, and fuels as non-renewable: forecourt diesel and petrol
 * are an average biofuel blend whose bio share the DESNZ fuel properties do not give, so no part
 * of a fuel is claimed renewable (decision 048). Non-renewable is the rounded total minus the
 * rounded renewable part, so the parts add up to the total at the reported decimals.
 */
export function energyBreakdown(
  add: AddFact,
  electricityMWh: number,
  renewableElectricityMWh: number,
  fuelsMWh: number,
  /** The fuels' source (decision 058): the DESNZ fuel properties that converted them, if any. */
  fuelsSource: Pick<Extras, 'source' | 'sourceKeys'> = {},
): void {
  if (electricityMWh > 0) {
    const total = roundTo(electricityMWh, QUANTITY_DECIMALS);
    const renewable = roundTo(renewableElectricityMWh, QUANTITY_DECIMALS);
    add('EnergyConsumptionFromElectricity', renewable, 'MWh', QUANTITY_DECIMALS, {
      category: 'electricity, renewable',
      dimensions: RENEWABLE,
    });
    add(
      'EnergyConsumptionFromElectricity',
      roundTo(total - renewable, QUANTITY_DECIMALS),
      'MWh',
      QUANTITY_DECIMALS,
      {
        category: 'electricity, non-renewable',
        dimensions: NON_RENEWABLE,
      },
    );
  }
  if (fuelsMWh > 0) {
    add('EnergyConsumptionFromFuels', fuelsMWh, 'MWh', QUANTITY_DECIMALS, {
      category: 'fuels, non-renewable',
      dimensions: NON_RENEWABLE,
      ...fuelsSource,
    });
  }
}

/** The basis of the energy figures and what they leave out, as notes beside the facts. */
export function energyNotes(basis: EnergyBasis): string[] {
  const share = (value: number | null) => (value === null ? 'not recorded' : `${value} %`);
  return [
    energyBasisText(basis),
    `Renewable share of total energy: ${share(basis.renewableShareOfTotalPercent)}; of electricity: ${share(basis.renewableShareOfElectricityPercent)} (shown, not tagged: VSME tags renewable energy per source).`,
  ];
}

/** The market-based scope 2 method (earlier snapshots: the proxy sentence, when part is the proxy). */
export const marketBasisNote = (snapshot: ReportSnapshot): string | null => marketStatement(snapshot);
