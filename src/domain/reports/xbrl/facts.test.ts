import { describe, expect, test } from 'bun:test';
import { VSME_CONCEPTS } from '../../esg/vsme-concepts.ts';
import { demoSnapshot } from '../fixtures.ts';
import type { ReportSnapshot } from '../snapshot.ts';
import {
  entityIdentifier,
  InvalidEntityIdentifierError,
  isValidLei,
  MissingEntityIdentifierError,
} from './entity.ts';
import { isNumericFact, type ReportFact } from './fact-model.ts';
import { reportFactSet, reportFacts } from './facts.ts';
import { vsmeFacts } from './facts-vsme.ts';
import { dataTypeLocalName, vsmeTaxonomy } from './taxonomy.ts';

/** The unit a data type allows (DTR 2024-01-31 / XBRL 2.1 item types). */
export function unitMatchesDataType(fact: ReportFact): boolean {
  const unit = fact.unit;
  switch (fact.dataType) {
    case 'ghgEmissionsItemType':
      return unit === 'tCO2e';
    case 'energyItemType':
      return unit === 'MWh' || unit === 'kWh';
    case 'volumeItemType':
      return unit === 'm3';
    case 'massItemType':
      return unit === 't';
    case 'monetaryItemType':
      return unit !== null && /^[A-Z]{3}$/.test(unit);
    case 'decimalItemType':
    case 'pureItemType':
      return unit === 'pure';
    case 'ghgEmissionsPerMonetaryItemType':
      return unit !== null && /^tCO2e\/[A-Z]{3}$/.test(unit);
    default:
      return unit === null && fact.decimals === null;
  }
}

const hundredths = (value: number) => Math.round(value * 100);

function withInventory(patch: Partial<NonNullable<ReportSnapshot['inventory']>>): ReportSnapshot {
  const snapshot = demoSnapshot();
  snapshot.inventory = { ...snapshot.inventory!, ...patch };
  return snapshot;
}

function numericValue(facts: ReportFact[], concept: string): number {
  const fact = facts.find((candidate) => candidate.concept === concept);
  if (!fact || typeof fact.value !== 'number') throw new Error(`no numeric ${concept}`);
  return fact.value;
}

describe('reportFacts (VSME, CSRD)', () => {
  test('uses only concepts of the VSME 2026-05-01 list, with their data type and period type', () => {
    const taxonomy = vsmeTaxonomy('2026-05-01');
    const facts = reportFacts(demoSnapshot());
    expect(facts.length).toBeGreaterThan(15);
    for (const fact of facts) {
      expect(fact.prefix).toBe('vsme');
      expect(VSME_CONCEPTS.has(fact.concept)).toBe(true);
      const concept = taxonomy.concepts.get(fact.concept)!;
      expect(fact.dataType).toBe(dataTypeLocalName(concept.dataType));
      expect(fact.periodType).toBe(concept.periodType);
    }
  });

  test('the 2026-05-01 concept table holds exactly the names of VSME_CONCEPTS', () => {
    expect([...vsmeTaxonomy('2026-05-01').concepts.keys()].sort()).toEqual([...VSME_CONCEPTS].sort());
  });

  test('2024-12-17 facts use names that exist in that schema and its namespace', () => {
    const taxonomy = vsmeTaxonomy('2024-12-17');
    expect(taxonomy.namespace).toBe('https://xbrl.efrag.org/taxonomy/vsme/2024-12-17/vsme');
    expect(taxonomy.concepts.size).toBe(143);
    const snapshot = demoSnapshot({ taxonomyVersion: '2024-12-17' });
    for (const fact of reportFacts(snapshot)) expect(taxonomy.concepts.has(fact.concept)).toBe(true);
    const basis = reportFacts(snapshot).find((fact) => fact.concept === 'BasisForPreparation')!;
    expect(basis.value).toBe('https://xbrl.efrag.org/taxonomy/vsme/2024-12-17/vsme#BasicModuleOnlyMember');
  });

  test('refuses a taxonomy version it does not know', () => {
    expect(() => reportFacts(demoSnapshot({ taxonomyVersion: '2025-07-30' }))).toThrow(/not supported/);
  });

  test('units match data types (tCO2e, MWh, m3, t, ISO 4217, pure) and numeric facts carry decimals', () => {
    for (const snapshot of [demoSnapshot(), demoSnapshot({ framework: 'secr', jurisdiction: 'SECR' })]) {
      for (const fact of reportFacts(snapshot)) {
        expect({ concept: fact.concept, ok: unitMatchesDataType(fact) }).toEqual({
          concept: fact.concept,
          ok: true,
        });
        if (typeof fact.value === 'number') expect(isNumericFact(fact)).toBe(true);
      }
    }
  });

  test('GHG totals equal the sum of their rounded parts, even when the snapshot totals drift', () => {
    const facts = reportFacts(
      withInventory({
        scope1: 41.274,
        scope2Location: 23.914,
        scope2Market: 18.636,
        scope3: 35.484,
        totalLocation: 100.68,
        totalMarket: 95.39,
      }),
    );
    const v = (concept: string) => hundredths(numericValue(facts, concept));
    expect(v('TotalGrossLocationBasedScope1AndScope2GHGEmissions')).toBe(
      v('GrossScope1GreenhouseGasEmissions') + v('GrossLocationBasedScope2GreenhouseGasEmissions'),
    );
    expect(v('TotalGrossMarketBasedScope1AndScope2GHGEmissions')).toBe(
      v('GrossScope1GreenhouseGasEmissions') + v('GrossMarketBasedScope2GreenhouseGasEmissions'),
    );
    expect(v('TotalGrossLocationBasedGHGEmissions')).toBe(
      v('TotalGrossLocationBasedScope1AndScope2GHGEmissions') + v('GrossScope3GreenhouseGasEmissions'),
    );
    expect(v('TotalGrossMarketBasedGHGEmissions')).toBe(
      v('TotalGrossMarketBasedScope1AndScope2GHGEmissions') + v('GrossScope3GreenhouseGasEmissions'),
    );
    expect(numericValue(facts, 'TotalGrossLocationBasedGHGEmissions')).toBe(100.66);
  });

  test('number of employees is an instant headcount in xbrli:pure with the Headcount enumeration', () => {
    const facts = reportFacts(demoSnapshot());
    const employees = facts.find((fact) => fact.concept === 'NumberOfEmployees')!;
    expect(employees).toMatchObject({
      value: 28,
      unit: 'pure',
      decimals: 0,
      periodType: 'instant',
      period: { start: null, end: '2025-12-31' },
    });
    expect(facts.find((fact) => fact.concept === 'TypeOfNumberOfEmployees')!.value).toBe(
      'https://xbrl.efrag.org/taxonomy/vsme/2026-05-01/vsme#HeadcountMember',
    );
  });

  test('tags intensity per EUR when turnover is in euros, computed from the reported totals', () => {
    const snapshot = demoSnapshot();
    snapshot.company.revenue = { amount: 3_000_000, currency: 'EUR' };
    const facts = reportFacts(snapshot);
    const intensity = facts.find(
      (fact) => fact.concept === 'Scope1AndScope2GreenhouseGasEmissionsIntensityValueLocationBased',
    )!;
    expect(intensity.unit).toBe('tCO2e/EUR');
    // 65.18 / 3,000,000 = 0.0000217266…, kept to four significant figures.
    expect(intensity.value).toBe(0.00002173);
    expect(intensity.decimals).toBe(8);
    expect(facts.find((fact) => fact.concept === 'Turnover')!.unit).toBe('EUR');
  });

  test('leaves intensity untagged with a note when turnover is not in euros', () => {
    const { facts, notes } = reportFactSet(demoSnapshot());
    expect(facts.some((fact) => fact.dataType === 'ghgEmissionsPerMonetaryItemType')).toBe(false);
    expect(notes.join(' ')).toContain('no ECB exchange rate is applied');
    expect(facts.find((fact) => fact.concept === 'Turnover')).toMatchObject({
      value: 3_200_000,
      unit: 'GBP',
      decimals: 0,
    });
  });

  test('tags checklist answers only where the answer fits the concept data type', () => {
    const snapshot = demoSnapshot();
    snapshot.checklist!.answers.push(
      {
        indicator: 'products',
        title: 'Products and services',
        section: 'general',
        value: 'Bread & pastries',
        unit: null,
        origin: 'manual',
        mappingLabel: 'VSME C1',
        vsmeConcepts: ['DescriptionOfSignificantGroupsOfProductsAndOrServicesOffered'],
      },
      {
        indicator: 'fatalities',
        title: 'Fatalities',
        section: 'social',
        value: '0',
        unit: null,
        origin: 'manual',
        mappingLabel: 'VSME B9',
        vsmeConcepts: ['NumberOfFatalitiesAsAResultOfWorkRelatedInjuriesAndWorkRelatedIllHealth'],
      },
    );
    const facts = reportFacts(snapshot);
    expect(facts.find((fact) => fact.indicator === 'products')).toMatchObject({
      value: 'Bread & pastries',
      unit: null,
      dataType: 'textBlockItemType',
    });
    expect(facts.find((fact) => fact.indicator === 'fatalities')).toMatchObject({
      value: 0,
      unit: 'pure',
      decimals: 0,
    });
    expect(
      facts.some(
        (fact) =>
          fact.concept === 'TotalNumberOfConvictionsForTheViolationOfAntiCorruptionAndAntiBriberyLaws',
      ),
    ).toBe(false);
    // A Comprehensive-module (C1) answer changes the basis for preparation.
    expect(facts[0]).toMatchObject({
      concept: 'BasisForPreparation',
      display: 'Basic and Comprehensive modules',
    });
  });

  test('every fact id is unique', () => {
    const ids = reportFacts(demoSnapshot()).map((fact) => fact.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('reportFacts (esgp, SECR)', () => {
  test('uses our own esgp names, with scope 3 categories and UK kWh figures, and says so', () => {
    const { facts, notes } = reportFactSet(demoSnapshot({ framework: 'secr', jurisdiction: 'SECR' }));
    expect(facts.every((fact) => fact.prefix === 'esgp')).toBe(true);
    expect(facts.filter((fact) => fact.concept === 'Scope3CategoryEmissions')).toHaveLength(4);
    expect(facts.find((fact) => fact.concept === 'UkEnergyConsumptionGas')).toMatchObject({
      value: 187_200,
      unit: 'kWh',
    });
    expect(notes[0]).toContain('not a regulator');
  });
});

describe('entity identifier', () => {
  test('accepts a valid LEI and rejects a wrong check digit', () => {
    expect(isValidLei('5493001KJTIIGC8Y1R12')).toBe(true);
    expect(isValidLei('5493001KJTIIGC8Y1R13')).toBe(false);
    expect(isValidLei('5493001KJTIIGC8Y1R1')).toBe(false);
    expect(isValidLei('5493001kjtiigc8y1r12')).toBe(false);
  });

  test('refuses a missing identifier with a typed, readable error', () => {
    const snapshot = demoSnapshot();
    snapshot.company.identifier = null;
    expect(() => entityIdentifier(snapshot)).toThrow(MissingEntityIdentifierError);
    expect(() => entityIdentifier(snapshot)).toThrow(/Add your LEI/);
  });

  test('refuses an invalid LEI and a scheme that is not a URI; accepts another URI scheme', () => {
    const snapshot = demoSnapshot();
    snapshot.company.identifier = {
      scheme: 'http://standards.iso.org/iso/17442',
      value: '5493001KJTIIGC8Y1R13',
    };
    expect(() => entityIdentifier(snapshot)).toThrow(InvalidEntityIdentifierError);
    snapshot.company.identifier = { scheme: 'duns', value: '123456789' };
    expect(() => entityIdentifier(snapshot)).toThrow(InvalidEntityIdentifierError);
    snapshot.company.identifier = { scheme: 'https://www.dnb.com/duns', value: '123456789' };
    expect(entityIdentifier(snapshot)).toEqual({ scheme: 'https://www.dnb.com/duns', value: '123456789' });
  });
});

test('vsmeFacts notes a concept missing from the chosen version instead of tagging it', () => {
  const snapshot = demoSnapshot({ taxonomyVersion: '2024-12-17' });
  snapshot.checklist!.answers.push({
    indicator: 'accountable',
    title: 'Most senior accountable',
    section: 'governance',
    value: 'The managing director',
    unit: null,
    origin: 'manual',
    mappingLabel: 'VSME C2',
    vsmeConcepts: ['MostSeniorLevelAccountableForImplementationOfPolicies'],
  });
  const { facts } = vsmeFacts(snapshot);
  // Renamed in 2026: the 2024 name is used.
  expect(facts.find((fact) => fact.indicator === 'accountable')!.concept).toBe(
    'MostSeniorLevelAccountableForImplementationOfPracticesPoliciesAndOrFutureInitiatives',
  );
});
