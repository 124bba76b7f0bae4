// The words every report (PDF, CSV, Inline XBRL) prints about how energy and market-based scope 2 were made (decision 048), for
// snapshots that carry them; earlier snapshots print as they did.
import { energyNotCountedText, marketBasedProxyText } from '../emissions/energy-words.ts';
import { grouped } from './coverage.ts';
import { hasFigureSources } from './provenance.ts';
import type { EnergyBasis, ReportSnapshot, Scope2MarketBasisPart } from './snapshot.ts';

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

const energyAndTonnes = (part: Scope2MarketBasisPart) =>
  `${grouped(part.kWh, 0)} kWh, ${grouped(part.tCO2e, 2)} tCO2e`;

/**
 * The market-based scope 2 method actually used (issue 18, decision 058), from the snapshot's
 * split of the market-based figure (GHG Protocol Scope 2 Guidance, Table 6.3 hierarchy): the
 * energy under contractual instruments, at supplier factors, and at the location-based factor
 * standing in. No residual mix is applied: none is in the factor library (PROVENANCE.md "Not
 * found": AIB European Residual Mixes). Null when the snapshot has no split or no such energy.
 */
export function marketMethodText(snapshot: ReportSnapshot): string | null {
  const basis = snapshot.inventory?.scope2MarketBasis;
  if (!basis) return null;
  const { contractual, supplierFactor, locationProxy } = basis;
  const used = (part: Scope2MarketBasisPart) => part.kWh > 0 || part.tCO2e > 0;
  if (!used(contractual) && !used(supplierFactor) && !used(locationProxy)) return null;
  if (!used(contractual) && !used(supplierFactor))
    return `Market-based scope 2 method: location-based grid factors are used as a proxy for all purchased electricity, heat and steam (${energyAndTonnes(locationProxy)}), because no contractual instruments (renewable tariffs, certificates) or supplier emission factors were recorded; no residual-mix factor is available, so none is applied.`;
  const parts: string[] = [];
  if (used(contractual))
    parts.push(
      `${energyAndTonnes(contractual)} under contractual instruments (renewable tariffs or certificates), at the instrument's 0 kg CO2e/kWh`,
    );
  if (used(supplierFactor))
    parts.push(`${energyAndTonnes(supplierFactor)} at the supplier's own emission factor`);
  if (used(locationProxy))
    parts.push(
      `${energyAndTonnes(locationProxy)} at the location-based grid factor as a proxy, because no contractual instrument or supplier factor was recorded for it and no residual-mix factor is available`,
    );
  return `Market-based scope 2 method: ${parts.join('; ')}.`;
}

/**
 * What every format says about market-based scope 2: the method used (snapshots since decision
 * 058), or the proxy sentence of decision 048 for the snapshots made between the two.
 */
export function marketStatement(snapshot: ReportSnapshot): string | null {
  return hasFigureSources(snapshot) ? marketMethodText(snapshot) : marketBasisText(snapshot);
}
