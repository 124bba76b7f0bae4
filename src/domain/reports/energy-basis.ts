// The words every report (PDF, CSV, Inline XBRL) prints about how energy and market-based scope 2 were made (decision 048), for
// snapshots that carry them; earlier snapshots print as they did.
import { energyNotCountedText, marketBasedProxyText } from '../emissions/energy-words.ts';
import type { EnergyBasis, ReportSnapshot } from './snapshot.ts';

/** 'Fuels … gross calorific value basis …' and what the total leaves out. */
export function energyBasisText(basis: EnergyBasis): string {
  const years = basis.fuelPropertyYears.length > 0 ? ` (${basis.fuelPropertyYears.join(', ')})` : '';
  const text = `Energy is in kWh on a gross calorific value basis: fuel bought in litres, cubic metres or tonnes is converted with the UK government's DESNZ fuel properties${years}; electricity, heat and steam are as metered. The renewable share is of total energy; forecourt fuels count as non-renewable.`;
  const notCounted = energyNotCountedText(basis.notCounted, basis.vehicleDistanceKm);
  return notCounted ? `${text} ${notCounted}` : text;
}

/** The market-based proxy sentence, or null. */
export function marketBasisText(snapshot: ReportSnapshot): string | null {
  const proxy = snapshot.inventory?.scope2MarketBasis?.locationProxy;
  return proxy ? marketBasedProxyText(proxy) : null;
}

/**
 * The sentence that says lifecycle and combustion factors are mixed (issue 18), or null: Ember's
 * grid intensities include upstream emissions, while DESNZ fuel and UK grid factors are
 * combustion (direct) factors, and a reader comparing sites must know.
 */
export function factorBasisText(snapshot: ReportSnapshot): string | null {
  const lifecycle = snapshot.factors.filter((factor) => factor.gwpBasis === 'lifecycle');
  const direct = snapshot.factors.filter((factor) => factor.gwpBasis !== 'lifecycle');
  if (lifecycle.length === 0 || direct.length === 0) return null;
  const names = (list: typeof lifecycle) => [...new Set(list.map((factor) => factor.dataset))].join(', ');
  return `Two factor bases are mixed in this report: ${names(lifecycle)} grid factors are lifecycle intensities (they include upstream emissions of generation), while ${names(direct)} factors count combustion at the point of use, with upstream emissions reported separately where the set provides them. Electricity at sites on the lifecycle factors therefore reads higher than a combustion-only figure would.`;
}
