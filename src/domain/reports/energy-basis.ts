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
