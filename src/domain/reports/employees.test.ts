import { describe, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { EMPLOYEES_BASIS_MISSING_NOTE, reportedEmployees } from './employees.ts';
import { demoSnapshot } from './fixtures.ts';
import type { ReportSnapshot } from './snapshot.ts';
import { reportFacts } from './xbrl/facts.ts';
import { vsmeFacts } from './xbrl/facts-vsme.ts';
import { vsmeTaxonomy } from './xbrl/taxonomy.ts';

const FTE_MEMBER = 'Full-TimeEquivalentFTEMember';

function snapshotWith(company: Partial<ReportSnapshot['company']>, withWorkforce: boolean): ReportSnapshot {
  const snapshot = demoSnapshot();
  snapshot.company = { ...snapshot.company, ...company };
  if (!withWorkforce) snapshot.workforce = null;
  return snapshot;
}

const typeOf = (snapshot: ReportSnapshot) =>
  vsmeFacts(snapshot).facts.find((fact) => fact.concept === 'TypeOfNumberOfEmployees')?.value;
const numberOf = (snapshot: ReportSnapshot) =>
  vsmeFacts(snapshot).facts.find((fact) => fact.concept === 'NumberOfEmployees');

describe('employees in the basis the company entered', () => {
  test('a figure entered as FTE is tagged with the FTE member and two decimals, not the workforce headcount', () => {
    const snapshot = snapshotWith({ employees: 24.5, employeesBasis: 'fte' }, true);
    expect(reportedEmployees(snapshot)).toEqual({ value: 24.5, basis: 'fte' });
    expect(numberOf(snapshot)).toMatchObject({ value: 24.5, decimals: 2 });
    expect(typeOf(snapshot)).toBe(`https://xbrl.efrag.org/taxonomy/vsme/2026-05-01/vsme#${FTE_MEMBER}`);
  });

  // EFRAG's published concept lists (shared/reference/vsme-taxonomy/efrag-json, beside the repo).
  const efragJson = (version: string) =>
    new URL(`../../../../shared/reference/vsme-taxonomy/efrag-json/vsme-${version}.json`, import.meta.url);
  test.skipIf(!existsSync(efragJson('2026-05-01')))(
    'the FTE member is a member of TypeOfNumberOfEmployees in every VSME version offered (EFRAG lists)',
    async () => {
      for (const version of ['2024-12-17', '2026-05-01']) {
        const snapshot = snapshotWith({ employees: 24.5, employeesBasis: 'fte' }, false);
        snapshot.report.taxonomyVersion = version;
        expect(typeOf(snapshot)).toBe(`${vsmeTaxonomy(version).namespace}#${FTE_MEMBER}`);
        const list = await Bun.file(efragJson(version)).json();
        expect(list.concepts['vsme:TypeOfNumberOfEmployees'].other.ee20DomainMembers).toContain(
          `vsme:${FTE_MEMBER}`,
        );
        expect(list.concepts[`vsme:${FTE_MEMBER}`].periodType).toBe('instant');
      }
    },
  );

  test('a figure entered as a headcount is tagged as a headcount', () => {
    const snapshot = snapshotWith({ employees: 30, employeesBasis: 'headcount' }, false);
    expect(numberOf(snapshot)).toMatchObject({ value: 30, decimals: 0 });
    expect(String(typeOf(snapshot))).toEndWith('#HeadcountMember');
  });

  test('without a recorded basis the workforce headcount is used, as a headcount', () => {
    const snapshot = snapshotWith({ employees: 24.5, employeesBasis: null }, true);
    expect(reportedEmployees(snapshot)).toEqual({ value: 28, basis: 'headcount' });
    expect(String(typeOf(snapshot))).toEndWith('#HeadcountMember');
  });

  test('with neither a basis nor workforce figures the number is tagged without a type, and a note says why', () => {
    const snapshot = snapshotWith({ employees: 24.5, employeesBasis: null }, false);
    const { facts, notes } = vsmeFacts(snapshot);
    expect(facts.find((fact) => fact.concept === 'NumberOfEmployees')?.value).toBe(24.5);
    expect(typeOf(snapshot)).toBeUndefined();
    expect(notes).toContain(EMPLOYEES_BASIS_MISSING_NOTE);
  });

  test("the product's own facts (SECR, GRI) name the basis in the label", () => {
    const snapshot = snapshotWith({ employees: 24.5, employeesBasis: 'fte' }, true);
    snapshot.report.framework = 'secr';
    const fact = reportFacts(snapshot).find((entry) => entry.concept === 'NumberOfEmployees');
    expect(fact).toMatchObject({ label: 'Number of employees (full-time equivalents)', value: 24.5 });
  });

  test('no employees entered: nothing is tagged', () => {
    expect(reportedEmployees(snapshotWith({ employees: null, employeesBasis: null }, false))).toBeNull();
  });
});
