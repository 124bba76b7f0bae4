// The energy parts of a report snapshot, from the one energy-totals function (decision 048): the
// energy section (VSME B3), the SECR kWh table and how market-based scope 2 was made. Pure.
import { KIND_OF_CATEGORY } from '../../../../domain/emissions/energy.ts';
import type { EnergyTotals } from '../../../../domain/emissions/energy-totals.ts';
import type { ActivityCategory } from '../../../../domain/emissions/types.ts';
import type { EnergyBasis, ReportSnapshot, Scope2MarketBasis } from '../../../../domain/reports/snapshot.ts';

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
const percent = (share: number | null) => (share === null ? null : round(share * 100, 2));
const kWh = (value: number | null) => (value === null ? null : round(value, 3));

export function energyBasisOf(totals: EnergyTotals): EnergyBasis {
  return {
    calorificValue: totals.basis,
    fuelPropertyYears: totals.fuelPropertyYears,
    fuelPropertyCategories: totals.fuelPropertyCategories,
    renewableMWh: round(totals.renewableKWh / 1000, 6),
    renewableElectricityMWh: round(totals.renewableElectricityKWh / 1000, 6),
    renewableShareOfTotalPercent: percent(totals.renewableShareOfTotal),
    renewableShareOfElectricityPercent: percent(totals.renewableShareOfElectricity),
    notCounted: totals.notCounted.map((row) => ({
      ...row,
      quantity: row.quantity === null ? null : round(row.quantity, 3),
    })),
    vehicleDistanceKm: round(totals.vehicleDistanceKm, 3),
  };
}

/** The energy section: null when no line's energy is counted (blank is not zero). */
export function energySection(totals: EnergyTotals): ReportSnapshot['energy'] {
  if (totals.totalKWh === null) return null;
  return {
    totalMWh: round(totals.totalKWh / 1000, 6),
    // Kept with its earlier meaning (of electricity); new renderers read energyBasis.
    renewableSharePercent: percent(totals.renewableShareOfElectricity),
    mix: totals.byCategory.map((row) => ({ carrier: row.category, mwh: round(row.kWh / 1000, 6) })),
    energyBasis: energyBasisOf(totals),
  };
}

/**
 * SECR energy use in kWh (SI 2018/1155: at least gas, electricity and transport fuel), with the
 * other fuels, heat and steam so the total is the whole UK energy use.
 */
export function secrEnergyKwh(totals: EnergyTotals): NonNullable<ReportSnapshot['uk']>['energyKwh'] {
  let gas: number | null = null;
  let otherFuels: number | null = null;
  for (const row of totals.byCategory) {
    if (row.category === 'natural_gas') gas = row.kWh;
    else if (KIND_OF_CATEGORY[row.category as ActivityCategory] === 'stationary_fuel')
      otherFuels = (otherFuels ?? 0) + row.kWh;
  }
  return {
    gas: kWh(gas),
    electricity: kWh(totals.byKind.electricity),
    transport: kWh(totals.byKind.transport_fuel),
    otherFuels: kWh(otherFuels),
    heatSteam: kWh(totals.byKind.heat_steam),
    total: kWh(totals.totalKWh),
  };
}

export function scope2MarketBasisOf(totals: EnergyTotals): Scope2MarketBasis {
  const part = (value: { kWh: number; tCO2e: number }) => ({
    kWh: round(value.kWh, 3),
    tCO2e: round(value.tCO2e, 6),
  });
  const basis = totals.scope2MarketBasis;
  return {
    contractual: part(basis.contractual),
    supplierFactor: part(basis.supplierFactor),
    locationProxy: part(basis.locationProxy),
  };
}
