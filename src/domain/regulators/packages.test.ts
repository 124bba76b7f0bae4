import { describe, expect, test } from 'bun:test';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { demoSnapshot } from '../reports/fixtures.ts';
import type { ReportSnapshot } from '../reports/snapshot.ts';
import {
  buildSubmissionPackage,
  type PackageReport,
  SEC_NOT_IN_FORCE,
  zipSubmissionPackage,
} from './packages.ts';
import { xbrlKind } from './xbrl-kind.ts';

const SECR_FILING = "Annual accounts with directors' report (SECR)";
const VSME_FILING = 'Voluntary VSME sustainability report';
const SB253_FILING = 'SB 253 Scope 1 and 2 emissions report';

const IXBRL = new TextEncoder().encode(
  '<?xml version="1.0" encoding="utf-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL"><body>SECR</body></html>',
);

const COMPANY_NUMBER = { scheme: 'http://www.companieshouse.gov.uk/', value: '01234567' };

/** The demo snapshot of a UK company identified by its company number. */
function ukSnapshot(): ReportSnapshot {
  const snapshot = demoSnapshot();
  snapshot.company.identifier = COMPANY_NUMBER;
  return snapshot;
}

function report(
  overrides: Partial<PackageReport> = {},
  snapshot: ReportSnapshot = ukSnapshot(),
): PackageReport {
  return {
    id: snapshot.report.id,
    title: snapshot.report.title,
    format: 'xbrl',
    framework: 'secr',
    period: '2025',
    fileName: 'report-2025.xhtml',
    bytes: IXBRL,
    snapshot,
    ...overrides,
  };
}

describe('Companies House package', () => {
  test('packages an Inline XBRL SECR report with a manifest of its figures and file hashes', () => {
    const result = buildSubmissionPackage('GB-CH', SECR_FILING, report());
    if (!result.ok) throw new Error(result.problems.join('; '));
    expect(result.files.map((file) => file.name)).toEqual(['report-2025.xhtml']);
    expect(result.manifest.transmitted).toBe(false);
    expect(result.manifest.regulator.code).toBe('GB-CH');
    expect(result.manifest.figures.ukEnergyKwh).toBe(285_600);
    expect(result.manifest.figures.scope1TCO2e).toBe(41.27);
    expect(result.manifest.files[0]?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(result.manifest.report.periodEnd).toBe('2025-12-31');
  });

  test('refuses a PDF, a quarter and a GRI report with a reason for each', () => {
    const result = buildSubmissionPackage(
      'GB-CH',
      SECR_FILING,
      report({ format: 'pdf', framework: 'gri', period: '2025-q1', bytes: new Uint8Array([37, 80, 68, 70]) }),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.some((p) => p.includes('Inline XBRL'))).toBe(true);
    expect(result.problems.some((p) => p.includes('GRI report'))).toBe(true);
    expect(result.problems.some((p) => p.includes('full financial year'))).toBe(true);
  });

  test('takes the xBRL-JSON package of an SECR report, and refuses a file that is not tagged XBRL', () => {
    const xbrlJson = zipSync({
      'report/report.json': strToU8('{"documentInfo":{"documentType":"https://xbrl.org/2021/xbrl-json"}}'),
    });
    expect(xbrlKind(xbrlJson)).toBe('xbrl-json');
    expect(
      buildSubmissionPackage('GB-CH', SECR_FILING, report({ bytes: xbrlJson, fileName: 'r.zip' })).ok,
    ).toBe(true);
    const result = buildSubmissionPackage('GB-CH', SECR_FILING, report({ bytes: strToU8('<xbrl/>') }));
    expect(result).toEqual({
      ok: false,
      problems: ['The report file is not a tagged XBRL document (Inline XBRL or xBRL-JSON)'],
    });
  });

  test('asks for the company number as the identifier', () => {
    const result = buildSubmissionPackage('GB-CH', SECR_FILING, report({}, demoSnapshot()));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems[0]).toContain('registration number');
  });

  test('lists each missing SECR figure', () => {
    const snapshot = ukSnapshot();
    snapshot.uk = {
      energyKwh: { gas: null, electricity: null, transport: null, total: null },
      scope1: null,
      scope2Location: 3,
      intensity: null,
      efficiencyActions: null,
      methodology: null,
    };
    const result = buildSubmissionPackage('GB-CH', SECR_FILING, report({}, snapshot));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual([
      'SECR needs the UK energy use in kWh',
      'SECR needs the Scope 1 emissions',
      'SECR needs at least one intensity ratio: record the revenue for the year',
      'SECR needs the methodology used',
    ]);
  });

  test('refuses a report without a UK section', () => {
    const snapshot = ukSnapshot();
    snapshot.uk = null;
    const result = buildSubmissionPackage('GB-CH', SECR_FILING, report({}, snapshot));
    expect(result.ok).toBe(false);
  });
});

describe('other regulators', () => {
  test('the SEC refuses anything: the rule is not in force', () => {
    const result = buildSubmissionPackage(
      'US-SEC',
      'Climate-related disclosures (Form 10-K, Regulation S-K Items 1500–1508)',
      report({ framework: 'tcfd' }),
    );
    expect(result).toEqual({ ok: false, problems: [SEC_NOT_IN_FORCE] });
  });

  test('CARB gets the report and a CSV of Scope 1 and both Scope 2 figures', () => {
    const result = buildSubmissionPackage(
      'US-CARB',
      SB253_FILING,
      report({
        format: 'pdf',
        framework: 'tcfd',
        fileName: 'report.pdf',
        bytes: new Uint8Array([37, 80, 68, 70]),
      }),
    );
    if (!result.ok) throw new Error(result.problems.join('; '));
    expect(result.files.map((file) => file.name)).toEqual(['report.pdf', 'sb253-scope-1-2-2025.csv']);
    const csv = new TextDecoder().decode(result.files[1]?.bytes);
    expect(csv).toContain('Northwind Bakery Ltd,2025-01-01,2025-12-31,1,,41.27,');
    expect(csv).toContain(',2,market-based,18.64,');
  });

  test('CARB refuses a report with no emissions inventory', () => {
    const snapshot = demoSnapshot();
    snapshot.inventory = null;
    const result = buildSubmissionPackage(
      'US-CARB',
      SB253_FILING,
      report({ format: 'csv', framework: 'gri' }, snapshot),
    );
    expect(result).toEqual({
      ok: false,
      problems: ['SB 253 needs Scope 1 and Scope 2 emissions: the report has none'],
    });
  });

  test('ESAP takes a CSRD XBRL report with an LEI and asks for one when it is missing', () => {
    const ok = buildSubmissionPackage('EU-ESAP', VSME_FILING, report({ framework: 'csrd' }, demoSnapshot()));
    expect(ok.ok).toBe(true);
    const snapshot = demoSnapshot();
    snapshot.company.identifier = null;
    const missing = buildSubmissionPackage('EU-ESAP', VSME_FILING, report({ framework: 'csrd' }, snapshot));
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.problems[0]).toContain('LEI');
  });

  test('names an unknown filing type, an unknown regulator and a report not yet generated', () => {
    expect(buildSubmissionPackage('GB-CH', 'Confirmation statement', report())).toEqual({
      ok: false,
      problems: ['Companies House does not take “Confirmation statement”'],
    });
    expect(buildSubmissionPackage('XX', SECR_FILING, report()).ok).toBe(false);
    const pending = buildSubmissionPackage('GB-CH', SECR_FILING, report({ bytes: null, fileName: null }));
    expect(pending).toEqual({ ok: false, problems: ['The report has not been generated yet'] });
  });
});

describe('package zip', () => {
  test('holds the files and manifest.json, byte for byte the same on every build', () => {
    const first = buildSubmissionPackage('GB-CH', SECR_FILING, report());
    const second = buildSubmissionPackage('GB-CH', SECR_FILING, report());
    if (!first.ok || !second.ok) throw new Error('expected packages');
    const zip = zipSubmissionPackage(first);
    expect(zipSubmissionPackage(second)).toEqual(zip);
    const entries = unzipSync(zip);
    expect(Object.keys(entries).sort()).toEqual(['manifest.json', 'report-2025.xhtml']);
    expect(entries['report-2025.xhtml']).toEqual(IXBRL);
    const manifest = JSON.parse(new TextDecoder().decode(entries['manifest.json']));
    expect(manifest.filingType).toBe(SECR_FILING);
    expect(manifest.entity.name).toBe('Northwind Bakery Ltd');
  });
});
