// The submission package each regulator adapter builds from a generated report: the exact files
// the body takes, a manifest.json describing them, and a zip of both. Pure and deterministic: the
// same report gives the same bytes (timestamps come from the report snapshot, never the clock), so
// the filing job can re-validate a stored package by building it again.

import type { ReportFormat, ReportFramework } from '../contracts/export.ts';
import type { ReportSnapshot } from '../reports/snapshot.ts';
import { deterministicZip } from '../reports/xbrl/zip.ts';
import { sha256Hex } from '../sha256.ts';
import {
  type FilingTypeDefinition,
  findFilingType,
  findRegulator,
  type RegulatorDefinition,
} from './regulators.ts';
import { xbrlKind } from './xbrl-kind.ts';

export const SEC_NOT_IN_FORCE = 'The SEC climate rule is not in force; nothing can be filed';
export const PACKAGE_MANIFEST_VERSION = 1;

/** ISO 17442 (LEI) scheme URI, as XBRL and the report snapshot spell it. */
const LEI_SCHEME = 'http://standards.iso.org/iso/17442';

/** The entity identifier scheme of UK accounts filed with Companies House (company number). */
const COMPANIES_HOUSE_SCHEME = 'http://www.companieshouse.gov.uk/';

export interface PackageReport {
  id: string;
  title: string;
  format: ReportFormat;
  framework: ReportFramework;
  period: string;
  fileName: string | null;
  bytes: Uint8Array | null;
  snapshot: ReportSnapshot | null;
}

export interface PackageFile {
  name: string;
  bytes: Uint8Array;
}

export interface PackageManifest {
  manifestVersion: typeof PACKAGE_MANIFEST_VERSION;
  /** Never sent by this product: no regulator accepts automated submissions from us. */
  transmitted: false;
  regulator: { code: string; name: string; url: string };
  filingType: string;
  howToFile: string;
  entity: { name: string; identifier: { scheme: string; value: string } | null };
  report: {
    id: string;
    title: string;
    framework: ReportFramework;
    format: ReportFormat;
    period: string;
    periodStart: string;
    periodEnd: string;
    generatedAt: string;
  };
  /** The figures the body looks at, in the units named. */
  figures: Record<string, number | string | null>;
  files: { name: string; size: number; sha256: string }[];
}

export type SubmissionPackage =
  | { ok: true; files: PackageFile[]; manifest: PackageManifest }
  | { ok: false; problems: string[] };

interface Checked {
  problems: string[];
  figures: Record<string, number | string | null>;
  extraFiles: PackageFile[];
}

/**
 * Builds and validates the package for `regulatorCode` and `filingType` from a generated report.
 * Problems are plain sentences a person can act on; an empty list means the body's requirements
 * that can be checked here are met.
 */
export function buildSubmissionPackage(
  regulatorCode: string,
  filingType: string,
  report: PackageReport,
): SubmissionPackage {
  const regulator = findRegulator(regulatorCode);
  if (!regulator) return { ok: false, problems: [`Unknown regulator ${regulatorCode}`] };
  if (regulator.code === 'US-SEC' || !regulator.inForce) {
    return {
      ok: false,
      problems: [regulator.code === 'US-SEC' ? SEC_NOT_IN_FORCE : `${regulator.name}: not in force`],
    };
  }
  const type = findFilingType(regulator, filingType);
  if (!type) return { ok: false, problems: [`${regulator.name} does not take “${filingType}”`] };

  const problems = commonProblems(regulator, type, report);
  const { snapshot, bytes, fileName } = report;
  if (!snapshot || !bytes || !fileName) return { ok: false, problems };

  const checked = CHECKS[regulator.code]?.(snapshot, report) ?? {
    problems: [`No filing adapter for ${regulator.code}`],
    figures: {},
    extraFiles: [],
  };
  problems.push(...checked.problems);
  if (problems.length > 0) return { ok: false, problems };

  const files: PackageFile[] = [{ name: fileName, bytes }, ...checked.extraFiles];
  const manifest: PackageManifest = {
    manifestVersion: PACKAGE_MANIFEST_VERSION,
    transmitted: false,
    regulator: { code: regulator.code, name: regulator.name, url: regulator.url },
    filingType: type.name,
    howToFile: regulator.howToFile,
    entity: { name: snapshot.company.name, identifier: snapshot.company.identifier },
    report: {
      id: report.id,
      title: report.title,
      framework: report.framework,
      format: report.format,
      period: report.period,
      periodStart: snapshot.report.periodStart,
      periodEnd: snapshot.report.periodEnd,
      generatedAt: snapshot.generatedAt,
    },
    figures: checked.figures,
    files: files.map((file) => ({
      name: file.name,
      size: file.bytes.length,
      sha256: sha256Hex(file.bytes),
    })),
  };
  return { ok: true, files, manifest };
}

/** The zip of manifest.json and the files, every entry dated at the report's generation. */
export function zipSubmissionPackage(pkg: { files: PackageFile[]; manifest: PackageManifest }): Uint8Array {
  const manifest = new TextEncoder().encode(`${JSON.stringify(pkg.manifest, null, 2)}\n`);
  return deterministicZip(
    [['manifest.json', manifest], ...pkg.files.map((file): [string, Uint8Array] => [file.name, file.bytes])],
    pkg.manifest.report.generatedAt,
  );
}

export function packageFileName(regulatorCode: string, report: { id: string; period: string }): string {
  return `filing-${regulatorCode}-${report.period}-${report.id.slice(0, 8)}.zip`;
}

function commonProblems(regulator: RegulatorDefinition, type: FilingTypeDefinition, report: PackageReport) {
  const problems: string[] = [];
  if (!report.snapshot || !report.bytes || !report.fileName || report.bytes.length === 0) {
    problems.push('The report has not been generated yet');
  }
  if (!type.acceptedFormats.includes(report.format)) {
    problems.push(
      regulator.code === 'GB-CH'
        ? 'Companies House takes accounts electronically only as Inline XBRL: generate the report in XBRL format (a PDF can only be printed and posted)'
        : `${regulator.name} takes this filing as ${type.acceptedFormats.map((f) => f.toUpperCase()).join(' or ')}, not ${report.format.toUpperCase()}`,
    );
  }
  if (!type.acceptedFrameworks.includes(report.framework)) {
    problems.push(
      `A ${report.framework.toUpperCase()} report does not answer “${type.name}”: use a ${type.acceptedFrameworks
        .map((f) => f.toUpperCase())
        .join(' or ')} report`,
    );
  }
  if (type.fullYearOnly && !/^\d{4}$/.test(report.period)) {
    problems.push(
      `${regulator.name} takes a full financial year: choose a yearly report, not ${report.period}`,
    );
  }
  return problems;
}

const CHECKS: Record<string, (snapshot: ReportSnapshot, report: PackageReport) => Checked> = {
  'GB-CH': checkCompaniesHouse,
  'EU-ESAP': checkEsap,
  'US-CARB': checkCarb,
};

/**
 * SECR content (SI 2018/1155; regulation.md §3b), the company number, and a tagged XBRL file:
 * Inline XBRL (CSRD/VSME) or, for SECR, which has no SME taxonomy, the xBRL-JSON of its facts.
 */
function checkCompaniesHouse(snapshot: ReportSnapshot, report: PackageReport): Checked {
  const problems: string[] = [];
  const kind = report.format === 'xbrl' && report.bytes ? xbrlKind(report.bytes) : null;
  if (report.format === 'xbrl' && kind !== 'inline' && kind !== 'xbrl-json') {
    problems.push('The report file is not a tagged XBRL document (Inline XBRL or xBRL-JSON)');
  }
  if (snapshot.company.identifier?.scheme !== COMPANIES_HOUSE_SCHEME) {
    problems.push(
      'Companies House identifies the company by its registration number: add the company number in the company profile (Profile, Company details), then generate the report again',
    );
  }
  const uk = snapshot.uk;
  if (!uk) {
    problems.push('The report has no SECR (UK energy and carbon) section: add UK sites and their energy use');
    return { problems, figures: {}, extraFiles: [] };
  }
  if (uk.energyKwh.total === null) problems.push('SECR needs the UK energy use in kWh');
  if (uk.scope1 === null) problems.push('SECR needs the Scope 1 emissions');
  if (uk.scope2Location === null) problems.push('SECR needs the Scope 2 emissions');
  if (!uk.intensity)
    problems.push('SECR needs at least one intensity ratio: record the revenue for the year');
  if (!uk.methodology) problems.push('SECR needs the methodology used');
  return {
    problems,
    figures: {
      ukEnergyKwh: uk.energyKwh.total,
      scope1TCO2e: uk.scope1,
      scope2LocationTCO2e: uk.scope2Location,
      intensity: uk.intensity ? `${uk.intensity.value} ${uk.intensity.unit}` : null,
      efficiencyActions: uk.efficiencyActions,
      methodology: uk.methodology,
    },
    extraFiles: [],
  };
}

/** VSME B3 figures (Recommendation (EU) 2025/1710); XBRL needs the VSME taxonomy and an LEI. */
function checkEsap(snapshot: ReportSnapshot, report: PackageReport): Checked {
  const problems: string[] = [];
  const inventory = snapshot.inventory;
  if (!inventory) problems.push('VSME B3 needs gross Scope 1 and Scope 2 emissions: the report has none');
  if (report.format === 'xbrl') {
    const kind = report.bytes ? xbrlKind(report.bytes) : null;
    if (kind !== 'inline' && kind !== 'instance') {
      problems.push('The report file is not a VSME XBRL document (Inline XBRL or an XBRL instance)');
    }
    if (!snapshot.report.taxonomyVersion) problems.push('The XBRL report names no VSME taxonomy version');
    if (snapshot.company.identifier?.scheme !== LEI_SCHEME) {
      problems.push(
        "Machine-readable filings to ESAP identify the entity by its LEI: add the company's LEI in the company profile (Profile, Company details), then generate the report again",
      );
    }
  }
  return {
    problems,
    figures: {
      scope1TCO2e: inventory?.scope1 ?? null,
      scope2LocationTCO2e: inventory?.scope2Location ?? null,
      scope2MarketTCO2e: inventory?.scope2Market ?? null,
      energyMWh: snapshot.energy?.totalMWh ?? null,
      vsmeTaxonomy: report.format === 'xbrl' ? snapshot.report.taxonomyVersion : null,
    },
    extraFiles: [],
  };
}

/** SB 253 Scope 1 and 2 (regulation.md §3c), with a figures CSV beside the report. */
function checkCarb(snapshot: ReportSnapshot, report: PackageReport): Checked {
  const inventory = snapshot.inventory;
  if (!inventory) {
    return {
      problems: ['SB 253 needs Scope 1 and Scope 2 emissions: the report has none'],
      figures: {},
      extraFiles: [],
    };
  }
  const figures = {
    scope1TCO2e: inventory.scope1,
    scope2LocationTCO2e: inventory.scope2Location,
    scope2MarketTCO2e: inventory.scope2Market,
    factorDatasets: snapshot.factors.map((factor) => factor.dataset).join('; '),
  };
  const rows = [
    ['reporting_entity', 'period_start', 'period_end', 'scope', 'method', 'tco2e', 'standard'],
    [
      snapshot.company.name,
      snapshot.report.periodStart,
      snapshot.report.periodEnd,
      '1',
      '',
      inventory.scope1,
      'GHG Protocol Corporate Standard',
    ],
    [
      snapshot.company.name,
      snapshot.report.periodStart,
      snapshot.report.periodEnd,
      '2',
      'location-based',
      inventory.scope2Location,
      'GHG Protocol Scope 2 Guidance',
    ],
    [
      snapshot.company.name,
      snapshot.report.periodStart,
      snapshot.report.periodEnd,
      '2',
      'market-based',
      inventory.scope2Market,
      'GHG Protocol Scope 2 Guidance',
    ],
  ];
  const csv = `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
  return {
    problems: [],
    figures,
    extraFiles: [{ name: `sb253-scope-1-2-${report.period}.csv`, bytes: new TextEncoder().encode(csv) }],
  };
}

function csvCell(value: string | number): string {
  // A name starting with = + - @ would run as a formula in a spreadsheet (OWASP CSV injection).
  const text = typeof value === 'string' && /^[=+\-@]/.test(value) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
