// SECR and SEC reports: xBRL-JSON (XBRL International OIM, documentType
// https://xbrl.org/2021/xbrl-json) of the `esgp` facts in an XBRL Report Package (.zip), with the
// CSV and a README note. Neither jurisdiction has a mandated XBRL taxonomy for SMEs, so the
// concepts are our own (namespace https://esg-pilot.example/taxonomy/2026), published as an
// extension taxonomy inside the package (esgp-taxonomy.ts, decision 056) and named in the
// xBRL-JSON's documentInfo.taxonomy, as OIM requires (oime:noTaxonomy otherwise).
import { renderFactsCsvText } from '../csv/render-csv.ts';
import { auditCheckpointLine, type RenderedReport, type ReportSnapshot } from '../snapshot.ts';
import { entityIdentifier, LEI_SCHEME } from './entity.ts';
import {
  ESGP_LABEL_FILE,
  ESGP_SCHEMA_FILE,
  ESGP_SCHEMA_URL,
  renderCatalogXml,
  renderEsgpLabels,
  renderEsgpSchema,
  renderTaxonomyPackageXml,
} from './esgp-taxonomy.ts';
import { type FactPeriod, isNilFact, isNumericFact } from './fact-model.ts';
import { reportFactSet, usesVsme } from './facts.ts';
import { FACT_FOOTNOTE_ARCROLE, footnoteText, sourceFootnotes } from './footnotes.ts';
import { renderInlineXbrl } from './inline-xbrl.ts';
import { formatLexical } from './numbers.ts';
import { NAMESPACES, oimUnit } from './units.ts';
import { deterministicZip } from './zip.ts';

export const XBRL_JSON_DOCUMENT_TYPE = 'https://xbrl.org/2021/xbrl-json';
/** Report Packages 1.0: a .zip package that may hold any kind of XBRL report (here xBRL-JSON). */
export const ZIP_REPORT_PACKAGE_DOCUMENT_TYPE = 'https://xbrl.org/report-package/2023';

/** The day after an ISO date: XBRL dates mean the end of that day, OIM periods use instants. */
function nextDay(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

function oimPeriod(period: FactPeriod): string {
  const end = `${nextDay(period.end)}T00:00:00`;
  return period.start === null ? end : `${period.start}T00:00:00/${end}`;
}

export interface XbrlJsonDocument {
  documentInfo: {
    documentType: string;
    namespaces: Record<string, string>;
    taxonomy: string[];
    'esgp:note': string;
    'esgp:generatedAt': string;
    /** The signed audit log checkpoint at generation (decision 043), when there was one. */
    'esgp:auditLogCheckpoint'?: string;
    /** Present when facts link to their sources: alias → arcrole / link role (xBRL-JSON §3.4). */
    linkTypes?: Record<string, string>;
    linkGroups?: Record<string, string>;
  };
  facts: Record<string, XbrlJsonFact>;
}

export interface XbrlJsonFact {
  /** null for a nil fact, a figure nothing was recorded for (decision 086). */
  value: string | null;
  decimals?: number;
  dimensions: Record<string, string>;
  /** link type alias → link group alias → ids of the target facts (here: source footnotes). */
  links?: Record<string, Record<string, string[]>>;
}

/** The standard link role of XBRL 2.1, the group every footnote link of a report sits in. */
const DEFAULT_LINK_ROLE = 'http://www.xbrl.org/2003/role/link';

export function buildXbrlJson(snapshot: ReportSnapshot): XbrlJsonDocument {
  const entity = entityIdentifier(snapshot);
  const { facts, notes } = reportFactSet(snapshot);
  const schemePrefix = entity.scheme === LEI_SCHEME ? 'lei' : 'scheme';
  const namespaces: Record<string, string> = {
    xbrl: 'https://xbrl.org/2021',
    xbrli: NAMESPACES.xbrli,
    utr: NAMESPACES.utr,
    iso4217: NAMESPACES.iso4217,
    esgp: NAMESPACES.esgp,
    [schemePrefix]: entity.scheme,
  };
  const out: XbrlJsonDocument['facts'] = {};
  for (const fact of facts) {
    const dimensions: Record<string, string> = {
      concept: `${fact.prefix}:${fact.concept}`,
      entity: `${schemePrefix}:${entity.value}`,
      period: oimPeriod(fact.period),
      ...(fact.dimensions ?? {}),
    };
    if (isNilFact(fact)) {
      // OIM: a nil fact's value is null and it has no decimals; a numeric one keeps its unit.
      const unit = fact.unit === null ? null : oimUnit(fact.unit);
      if (unit !== null) dimensions.unit = unit;
      out[fact.id] = { value: null, dimensions };
    } else if (isNumericFact(fact)) {
      const unit = oimUnit(fact.unit);
      if (unit !== null) dimensions.unit = unit;
      out[fact.id] = { value: formatLexical(fact.value, fact.decimals), decimals: fact.decimals, dimensions };
    } else {
      out[fact.id] = { value: String(fact.value), dimensions };
    }
  }
  // Decision 058: each fact links to the footnotes of only the sources that produced it. OIM
  // represents a footnote as a fact of concept xbrl:note with a noteId and a language, and the
  // fact-footnote relationship as the fact's `links` under a declared link type and group.
  const footnotes = sourceFootnotes(snapshot, facts);
  for (const footnote of footnotes) {
    for (const id of footnote.factIds) {
      const fact = out[id];
      if (!fact) continue;
      fact.links ??= { footnote: { _: [] } };
      fact.links.footnote!._!.push(footnote.id);
    }
    out[footnote.id] = {
      value: footnoteText(footnote.source),
      dimensions: { concept: 'xbrl:note', noteId: footnote.id, language: 'en' },
    };
  }
  return {
    documentInfo: {
      documentType: XBRL_JSON_DOCUMENT_TYPE,
      namespaces,
      // Our extension taxonomy, in the package (META-INF/catalog.xml maps the URL to taxonomy/).
      taxonomy: [ESGP_SCHEMA_URL],
      'esgp:note': notes.join(' '),
      'esgp:generatedAt': snapshot.generatedAt,
      ...(snapshot.auditCheckpoint
        ? { 'esgp:auditLogCheckpoint': auditCheckpointLine(snapshot.auditCheckpoint) }
        : {}),
      ...(footnotes.length > 0
        ? { linkTypes: { footnote: FACT_FOOTNOTE_ARCROLE }, linkGroups: { _: DEFAULT_LINK_ROLE } }
        : {}),
    },
    facts: out,
  };
}

export function renderXbrlJsonText(snapshot: ReportSnapshot): string {
  return `${JSON.stringify(buildXbrlJson(snapshot), null, 2)}\n`;
}

export function renderXbrlJson(snapshot: ReportSnapshot): RenderedReport {
  return {
    fileName: `report-${snapshot.report.id}.json`,
    contentType: 'application/json',
    bytes: new TextEncoder().encode(renderXbrlJsonText(snapshot)),
  };
}

function readme(snapshot: ReportSnapshot): string {
  const jurisdiction = snapshot.report.jurisdiction;
  const top = `report-${snapshot.report.id}`;
  return [
    `${snapshot.report.title}`,
    '',
    `Machine-readable figures for ${jurisdiction} reporting, period ${snapshot.report.periodStart} to ${snapshot.report.periodEnd}.`,
    '',
    `${jurisdiction} has no mandated XBRL taxonomy for small and medium companies, so this export does not`,
    'use a regulator taxonomy. The figures are in:',
    `  reports/${top}.json  xBRL-JSON (XBRL International Open Information Model) with our own`,
    `                       concept names, prefix esgp (${NAMESPACES.esgp}).`,
    `  ${top}.csv           the same facts for spreadsheets (UTF-8), with unit, period, scope,`,
    '                       category and emission factor source.',
    `  taxonomy/${ESGP_SCHEMA_FILE}    our extension taxonomy defining the esgp concepts (labels in`,
    `                       taxonomy/${ESGP_LABEL_FILE}); it imports the EFRAG VSME taxonomy.`,
    '',
    'This zip is an XBRL report package: an XBRL processor (for example Arelle) opens it whole and',
    'finds the extension taxonomy through META-INF/catalog.xml. No regulator validates these files.',
    "For SECR, the figures go into the Directors' Report filed at Companies House; this export supports",
    'that text, it does not replace it.',
    `Generated ${snapshot.generatedAt}.`,
    '',
  ].join('\r\n');
}

/**
 * The `xbrl` format of a report: Inline XBRL (VSME) for CSRD; for SECR/SEC an XBRL report package
 * (.zip) of the xBRL-JSON with the extension taxonomy, plus the CSV and a README.
 */
export async function renderXbrlForFramework(snapshot: ReportSnapshot): Promise<RenderedReport> {
  if (usesVsme(snapshot)) return renderInlineXbrl(snapshot);
  const top = `report-${snapshot.report.id}`;
  const encoder = new TextEncoder();
  const packageJson = `${JSON.stringify({ documentInfo: { documentType: ZIP_REPORT_PACKAGE_DOCUMENT_TYPE } }, null, 2)}\n`;
  const bytes = deterministicZip(
    [
      [`${top}/META-INF/reportPackage.json`, encoder.encode(packageJson)],
      [
        `${top}/META-INF/taxonomyPackage.xml`,
        encoder.encode(renderTaxonomyPackageXml(snapshot.generatedAt.slice(0, 10))),
      ],
      [`${top}/META-INF/catalog.xml`, encoder.encode(renderCatalogXml())],
      [`${top}/README.txt`, encoder.encode(readme(snapshot))],
      [`${top}/reports/${top}.json`, encoder.encode(renderXbrlJsonText(snapshot))],
      [`${top}/taxonomy/${ESGP_SCHEMA_FILE}`, encoder.encode(renderEsgpSchema())],
      [`${top}/taxonomy/${ESGP_LABEL_FILE}`, encoder.encode(renderEsgpLabels())],
      [`${top}/${top}.csv`, encoder.encode(renderFactsCsvText(snapshot))],
    ],
    snapshot.generatedAt,
  );
  return { fileName: `${top}.zip`, contentType: 'application/zip', bytes };
}
