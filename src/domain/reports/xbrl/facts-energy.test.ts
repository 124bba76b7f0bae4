// Snapshots since decision 048: VSME energy split renewable / non-renewable, the energy basis and
// the market-based grid-factor estimate stated in the notes, the CSV and the Inline XBRL body;
// ESGP's renewable share is of total energy. Earlier snapshots keep their output (golden files).
import { describe, expect, test } from 'bun:test';
import { parseFactsCsv, renderFactsCsvText } from '../csv/render-csv.ts';
import { demoSnapshot } from '../fixtures.ts';
import type { ReportSnapshot } from '../snapshot.ts';
import { reportFactSet } from './facts.ts';
import { renderInlineXhtml } from './inline-xbrl.ts';

function withEnergyBasis(framework: ReportSnapshot['report']['framework']): ReportSnapshot {
  const snapshot = demoSnapshot({ framework });
  // 131.2 MWh electricity (40 MWh on a renewable tariff) + 187.2 MWh gas = 318.4 MWh.
  snapshot.energy = {
    ...snapshot.energy!,
    energyBasis: {
      calorificValue: 'gross',
      fuelPropertyYears: [2025],
      renewableMWh: 40,
      renewableElectricityMWh: 40,
      renewableShareOfTotalPercent: 12.56,
      renewableShareOfElectricityPercent: 30.49,
      notCounted: [
        { category: 'owned_vehicle', reason: 'distance_only', lines: 2, quantity: 1234, unit: 'km' },
      ],
      vehicleDistanceKm: 1234,
    },
  };
  snapshot.inventory = {
    ...snapshot.inventory!,
    scope2MarketBasis: {
      contractual: { kWh: 40_000, tCO2e: 0 },
      supplierFactor: { kWh: 0, tCO2e: 0 },
      locationProxy: { kWh: 91_200, tCO2e: 16.142 },
    },
  };
  return snapshot;
}

const PROXY =
  'Market-based scope 2 includes 16.142 tCO2e (91,200 kWh) estimated from the location-based grid factor: no renewable contract or supplier factor recorded, and no residual-mix factor is available.';

describe('VSME energy facts since decision 048', () => {
  const { facts, notes } = reportFactSet(withEnergyBasis('csrd'));
  const fact = (concept: string, member?: string) =>
    facts.find(
      (candidate) =>
        candidate.concept === concept &&
        candidate.dimensions?.['vsme:BreakdownOfEnergyConsumptionAxis'] === member,
    );

  test('tags electricity renewable and non-renewable, and fuels non-renewable, adding up to the totals', () => {
    expect(fact('EnergyConsumptionFromElectricity')?.value).toBe(131.2);
    expect(fact('EnergyConsumptionFromElectricity', 'vsme:RenewableEnergyMember')?.value).toBe(40);
    // 131.20 − 40.00 = 91.20 MWh non-renewable.
    expect(fact('EnergyConsumptionFromElectricity', 'vsme:NonRenewableEnergyMember')?.value).toBe(91.2);
    expect(fact('EnergyConsumptionFromFuels', 'vsme:NonRenewableEnergyMember')?.value).toBe(187.2);
    expect(fact('TotalEnergyConsumption')?.dimensions).toBeUndefined();
  });

  test('states the gross CV basis, both renewable shares, what is not counted and the market-based estimate', () => {
    expect(notes.join(' ')).toContain('gross calorific value basis');
    expect(notes).toContain(
      'Renewable share of total energy: 12.56 %; of electricity: 30.49 % (shown, not tagged: VSME tags renewable energy per source).',
    );
    expect(notes.join(' ')).toContain('2 owned-vehicle lines recorded by distance (1,234 km)');
    expect(notes).toContain(PROXY);
  });

  test('the Inline XBRL body shows every breakdown fact and the market-based basis', () => {
    const xhtml = renderInlineXhtml(withEnergyBasis('csrd'));
    expect(xhtml).toContain('Renewable share of total energy (not tagged)');
    expect(xhtml).toContain('Renewable share of electricity (not tagged)');
    expect(xhtml.match(/name="vsme:EnergyConsumptionFromElectricity"/g)).toHaveLength(3);
    expect(xhtml).toContain('Market-based Scope 2 basis (not tagged)');
  });

  test('the CSV carries the basis and the market-based estimate as notes', () => {
    const rows = parseFactsCsv(renderFactsCsvText(withEnergyBasis('gri')));
    const notes = rows.filter((row) => row.concept === 'esgp:Note').map((row) => row.value);
    expect(notes).toHaveLength(2);
    expect(notes[1]).toBe(PROXY);
  });

  test('the ESGP renewable share is of total energy', () => {
    const share = reportFactSet(withEnergyBasis('gri')).facts.find(
      (candidate) => candidate.concept === 'RenewableEnergyShare',
    );
    expect(share?.value).toBe(0.1256);
  });
});
