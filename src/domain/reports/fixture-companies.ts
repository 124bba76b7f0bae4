// Three fixture companies for renderer and taxonomy tests (issue 18 proof): a UK bakery reporting
// SECR, an EU manufacturer reporting the VSME (both taxonomy versions), and a US company. Each is
// the demo snapshot of fixtures.ts changed where the company differs, with the decision 048 energy
// basis so the renewable / non-renewable breakdown is tagged, as it is in snapshots made today.
import { rulePackFor } from '../esg/rule-packs/index.ts';
import { demoSnapshot } from './fixtures.ts';
import type { EnergyBasis, ReportSnapshot } from './snapshot.ts';

function energyBasis(renewableElectricityMWh: number, electricityMWh: number, totalMWh: number): EnergyBasis {
  const percent = (part: number, whole: number) => Math.round((part / whole) * 10_000) / 100;
  return {
    calorificValue: 'gross',
    fuelPropertyYears: [2025],
    renewableMWh: renewableElectricityMWh,
    renewableElectricityMWh,
    renewableShareOfTotalPercent: percent(renewableElectricityMWh, totalMWh),
    renewableShareOfElectricityPercent: percent(renewableElectricityMWh, electricityMWh),
    notCounted: [],
    vehicleDistanceKm: 0,
  };
}

/** Northwind Bakery, UK, SECR (the demo bakery with only its UK figures' framework). */
export function ukSecrBakery(): ReportSnapshot {
  const snapshot = demoSnapshot({
    framework: 'secr',
    jurisdiction: 'SECR',
    title: 'Northwind Bakery Ltd — Streamlined energy and carbon report 2025',
  });
  snapshot.company.identifier = { scheme: 'http://www.companieshouse.gov.uk/', value: '09876543' };
  snapshot.energy = { ...snapshot.energy!, energyBasis: energyBasis(40, 131.2, 318.4) };
  snapshot.checklist = null;
  return snapshot;
}

/** Rheinwerk Präzision GmbH, Germany, VSME, turnover in euros, employees counted as FTE. */
export function euVsmeManufacturer(
  taxonomyVersion: '2024-12-17' | '2026-05-01' = '2026-05-01',
): ReportSnapshot {
  const snapshot = demoSnapshot({
    framework: 'csrd',
    jurisdiction: 'CSRD',
    taxonomyVersion,
    title: 'Rheinwerk Präzision GmbH — VSME sustainability report 2025',
  });
  snapshot.company = {
    name: 'Rheinwerk Präzision GmbH',
    identifier: { scheme: 'http://standards.iso.org/iso/17442', value: '5493001KJTIIGC8Y1R12' },
    country: 'DE',
    sites: [
      { name: 'Duisburg machining plant', country: 'DE', region: null, postcode: '47051' },
      { name: 'Strasbourg warehouse', country: 'FR', region: null, postcode: '67000' },
    ],
    employees: 61.5,
    employeesBasis: 'fte',
    revenue: { amount: 11_400_000, currency: 'EUR' },
  };
  snapshot.energy = {
    totalMWh: 1_420.5,
    renewableSharePercent: 35,
    mix: [
      { carrier: 'electricity', mwh: 860.3 },
      { carrier: 'natural_gas', mwh: 512.7 },
      { carrier: 'diesel', mwh: 47.5 },
    ],
    energyBasis: energyBasis(301.1, 860.3, 1_420.5),
  };
  snapshot.uk = null;
  return snapshot;
}

/** Cascade Outdoor Gear Inc., United States, TCFD-style report under the SEC pack, in dollars. */
export function usCompany(): ReportSnapshot {
  const snapshot = demoSnapshot({
    framework: 'tcfd',
    jurisdiction: 'SEC',
    title: 'Cascade Outdoor Gear Inc. — Climate report 2025',
  });
  snapshot.company = {
    name: 'Cascade Outdoor Gear Inc.',
    identifier: { scheme: 'http://standards.iso.org/iso/17442', value: '5493001KJTIIGC8Y1R12' },
    country: 'US',
    sites: [{ name: 'Portland distribution centre', country: 'US', region: 'OR', postcode: '97201' }],
    employees: 140,
    revenue: { amount: 38_000_000, currency: 'USD' },
  };
  snapshot.uk = null;
  snapshot.checklist = null;
  snapshot.energy = { ...snapshot.energy!, energyBasis: energyBasis(0, 131.2, 318.4) };
  return snapshot;
}

/**
 * The same answer to every CSRD indicator the pack maps to VSME concepts ('Yes', '12' or a
 * sentence): an answer is tagged only where it fits the concept's data type, so the three answers
 * together reach every concept a checklist answer can be tagged as.
 */
export function everyVsmeIndicatorAnswered(
  value = 'Yes',
): NonNullable<ReportSnapshot['checklist']>['answers'] {
  return rulePackFor('CSRD').indicators.flatMap((indicator) =>
    indicator.mapping.kind === 'vsme'
      ? [
          {
            indicator: indicator.key,
            title: indicator.title,
            section: indicator.section,
            value,
            unit: indicator.unit,
            origin: 'manual',
            mappingLabel: `VSME ${indicator.mapping.disclosure}`,
            vsmeConcepts: [...indicator.mapping.concepts],
          },
        ]
      : [],
  );
}
