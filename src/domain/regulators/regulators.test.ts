import { describe, expect, test } from 'bun:test';
import { RegulatorSchema } from '../contracts/export.ts';
import {
  findFilingType,
  findRegulator,
  isDeadlinePassed,
  REGULATORS,
  REGULATORS_AS_OF,
  regionOf,
  regulatorsIn,
  toRegulator,
} from './regulators.ts';

/** The review date of issue 18, and a day before SB 253's first deadline. */
const REVIEW_DAY = new Date('2026-11-26T09:00:00Z');
const BEFORE_SB253 = new Date('2026-08-09T12:00:00Z');

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

  // Issue 18 item 8: the facts agree with the rule packs reviewed on 2026-11-25.
  test('is reviewed as of 26 Nov 2026, every regulator dated with the review', () => {
    expect(REGULATORS_AS_OF).toBe('2026-11-26');
    for (const regulator of REGULATORS) expect(regulator.asOf).toBe(REGULATORS_AS_OF);
  });

  test('the SEC shows the rescission proposed on 29 May 2026 and nothing due', () => {
    const sec = findRegulator('US-SEC')!;
    expect(sec.notes).toContain('On 29 May 2026 the SEC proposed to rescind the rule');
    expect(sec.notes).toContain('Nothing is due');
    expect(sec.sources.map((source) => source.url)).toContain('https://www.federalregister.gov/d/2026-11091');
  });

  test('SB 253’s first Scope 1 and 2 deadline is stated as passed', () => {
    const carb = findRegulator('US-CARB')!;
    expect(carb.notes).toContain('due by 10 Aug 2026');
    expect(carb.notes).toContain('that deadline has passed');
    expect(carb.deadlines).toEqual([{ date: '2026-08-10', what: 'SB 253: first Scope 1 and 2 reports' }]);
  });

  test('the EU body leads with the VSME and the value-chain cap, then CSRD wave 2 and the wave-1 transition', () => {
    const notes = findRegulator('EU-ESAP')!.notes;
    expect(notes.indexOf('VSME')).toBeLessThan(notes.indexOf('1,000 employees or fewer'));
    expect(notes.indexOf('1,000 employees or fewer')).toBeLessThan(notes.indexOf('wave 2'));
    expect(notes).toContain('first report on financial year 2027, published in 2028');
    expect(notes).toContain('exempt wave-1 companies');
  });

  test('Companies House states the SECR tests as "more than", over two financial years running', () => {
    const notes = findRegulator('GB-CH')!.notes;
    expect(notes).toContain(
      'turnover more than £36m, balance sheet more than £18m and more than 250 employees',
    );
    expect(notes).toContain('in two financial years running');
    expect(notes).not.toMatch(/≥|at least £|at least 250/);
  });

  test('a deadline is passed from the day after it, in the public shape as in the helper', () => {
    expect(isDeadlinePassed('2026-08-10', new Date('2026-08-10T23:59:59Z'))).toBe(false);
    expect(isDeadlinePassed('2026-08-10', new Date('2026-08-11T00:00:00Z'))).toBe(true);
    const carb = findRegulator('US-CARB')!;
    expect(toRegulator(carb, BEFORE_SB253).deadlines).toEqual([
      { date: '2026-08-10', what: 'SB 253: first Scope 1 and 2 reports', passed: false },
    ]);
    expect(toRegulator(carb, REVIEW_DAY).deadlines[0]?.passed).toBe(true);
    expect(toRegulator(findRegulator('EU-ESAP')!, REVIEW_DAY).deadlines[0]).toMatchObject({
      date: '2027-07-10',
      passed: false,
    });
  });

  test('every regulator has unique code, sources, an https or ELI link and valid public shape', () => {
    const codes = new Set<string>();
    for (const regulator of REGULATORS) {
      expect(codes.has(regulator.code)).toBe(false);
      codes.add(regulator.code);
      expect(regulator.sources.length).toBeGreaterThan(0);
      expect(regulator.url).toMatch(/^https:\/\//);
      expect(regulator.filingTypes.length).toBeGreaterThan(0);
      const shape = toRegulator(regulator, REVIEW_DAY);
      expect(RegulatorSchema.parse(shape)).toEqual(shape);
      // Oldest first.
      const dates = regulator.deadlines.map((deadline) => deadline.date);
      expect(dates).toEqual([...dates].sort());
    }
  });

  test('finds filing types by their exact name only', () => {
    const companiesHouse = findRegulator('GB-CH')!;
    expect(findFilingType(companiesHouse, "Annual accounts with directors' report (SECR)")).toBeDefined();
    expect(findFilingType(companiesHouse, 'Annual accounts')).toBeUndefined();
  });
});
