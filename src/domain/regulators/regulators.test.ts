import { describe, expect, test } from 'bun:test';
import { RegulatorSchema } from '../contracts/reports.ts';
import {
  findFilingType,
  findRegulator,
  REGULATORS,
  regionOf,
  regulatorsIn,
  toRegulator,
} from './regulators.ts';

describe('regulator list', () => {
  test('maps the product jurisdictions and country codes to regions, in any case', () => {
    expect(regionOf('CSRD')).toBe('EU');
    expect(regionOf('eu')).toBe('EU');
    expect(regionOf('SECR')).toBe('GB');
    expect(regionOf('GB')).toBe('GB');
    expect(regionOf('uk')).toBe('GB');
    expect(regionOf('SEC')).toBe('US');
    expect(regionOf(' US ')).toBe('US');
    expect(regionOf('FR')).toBeNull();
    expect(regionOf('')).toBeNull();
  });

  test('names the real bodies of each region', () => {
    expect(regulatorsIn('GB').map((r) => r.code)).toEqual(['GB-CH']);
    expect(regulatorsIn('EU').map((r) => r.code)).toEqual(['EU-ESAP']);
    expect(regulatorsIn('US').map((r) => r.code)).toEqual(['US-CARB', 'US-SEC']);
  });

  test('marks the SEC climate rule as not in force and the others as in force', () => {
    expect(findRegulator('US-SEC')?.inForce).toBe(false);
    expect(findRegulator('US-SEC')?.notes).toContain('never took effect');
    for (const code of ['GB-CH', 'EU-ESAP', 'US-CARB']) expect(findRegulator(code)?.inForce).toBe(true);
  });

  test('carries the dated facts of the reference: SB 253 due 10 Aug 2026, Companies House iXBRL', () => {
    expect(findRegulator('US-CARB')?.notes).toContain('10 Aug 2026');
    expect(findRegulator('US-CARB')?.notes).toContain('26 Feb 2026');
    expect(findRegulator('GB-CH')?.supportedFormats).toContain('ixbrl');
    expect(findRegulator('EU-ESAP')?.notes).toContain('Voluntary');
  });

  test('every regulator has unique code, sources, an https or ELI link and valid public shape', () => {
    const codes = new Set<string>();
    for (const regulator of REGULATORS) {
      expect(codes.has(regulator.code)).toBe(false);
      codes.add(regulator.code);
      expect(regulator.sources.length).toBeGreaterThan(0);
      expect(regulator.url).toMatch(/^https:\/\//);
      expect(regulator.filingTypes.length).toBeGreaterThan(0);
      expect(RegulatorSchema.parse(toRegulator(regulator))).toEqual(toRegulator(regulator));
    }
  });

  test('finds filing types by their exact name only', () => {
    const companiesHouse = findRegulator('GB-CH')!;
    expect(findFilingType(companiesHouse, "Annual accounts with directors' report (SECR)")).toBeDefined();
    expect(findFilingType(companiesHouse, 'Annual accounts')).toBeUndefined();
  });
});
