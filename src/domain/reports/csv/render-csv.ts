// Every reported fact as CSV for spreadsheet users: UTF-8 with a byte-order mark (so Excel reads
// UTF-8), RFC 4180 quoting, CRLF line ends, one row per fact of reportFacts().

import { boundaryStatement } from '../../company-profile/consolidation.ts';
import { coverageStatement } from '../coverage.ts';
import { energyBasisText, factorBasisText, marketStatement } from '../energy-basis.ts';
import { reportAttributions } from '../provenance.ts';
import { auditCheckpointLine, type RenderedReport, type ReportSnapshot } from '../snapshot.ts';
import { isNilFact, NIL_FACT_REASON, NIL_FACT_TEXT } from '../xbrl/fact-model.ts';
import { reportFacts } from '../xbrl/facts.ts';
import { formatLexical } from '../xbrl/numbers.ts';

export const FACTS_CSV_HEADER = [
  'concept',
  'label',
  'value',
  'unit',
  'period_start',
  'period_end',
  'scope',
  'category',
  'source',
  // 'reported', or 'not recorded' with an empty value: a figure nothing was recorded for is
  // neither 0 nor silently missing (decision 086). Empty on note rows, which are not facts.
  'status',
  'reason',
] as const;

export type FactsCsvRow = Record<(typeof FACTS_CSV_HEADER)[number], string>;

const BOM = '\uFEFF';

function quote(field: string): string {
  return /[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}

export function renderFactsCsvText(snapshot: ReportSnapshot): string {
  const lines = [FACTS_CSV_HEADER.join(',')];
  for (const fact of reportFacts(snapshot)) {
    const nil = isNilFact(fact);
    const value = nil
      ? ''
      : typeof fact.value === 'number' && fact.decimals !== null
        ? formatLexical(fact.value, fact.decimals)
        : String(fact.value);
    const row = [
      `${fact.prefix}:${fact.concept}`,
      fact.label,
      value,
      fact.unit ?? '',
      fact.period.start ?? '',
      fact.period.end,
      fact.scope ?? '',
      fact.category ?? '',
      fact.source ?? '',
      nil ? NIL_FACT_TEXT.toLowerCase() : 'reported',
      nil ? NIL_FACT_REASON : '',
    ];
    lines.push(row.map(quote).join(','));
  }
  // Not facts: how energy and market-based scope 2 were made (decision 048; newer snapshots only).
  const energyBasis = snapshot.energy?.energyBasis;
  for (const note of [
    energyBasis ? energyBasisText(energyBasis) : null,
    marketStatement(snapshot),
    factorBasisText(snapshot),
  ]) {
    if (note)
      lines.push(
        ['esgp:Note', 'Note (not a reported fact)', note, '', '', '', '', '', '', '', '']
          .map(quote)
          .join(','),
      );
  }
  if (snapshot.company.consolidationApproach !== undefined) {
    // Not a fact: the GHG Protocol approach and boundary the company chose (decision 057).
    const row = ['esgp:BoundaryNote', 'Organisational boundary (not a reported fact)'];
    row.push(boundaryStatement(snapshot.company), '', '', '', '', '', 'Company profile', '', '');
    lines.push(row.map(quote).join(','));
  }
  if (snapshot.coverage) {
    // Not a fact: which ledger lines the figures cover and which are not counted (decision 051).
    const row = [
      'esgp:CoverageNote',
      'Coverage (not a reported fact)',
      coverageStatement(snapshot.coverage).join(' '),
    ];
    row.push('', snapshot.report.periodStart, snapshot.report.periodEnd, '', '', 'ESG Pilot ledger', '', '');
    lines.push(row.map(quote).join(','));
  }
  // Not facts: the statements the factor sets' licences ask for (Open Government Licence, issue 18).
  for (const statement of reportAttributions(snapshot)) {
    const row = ['esgp:AttributionNote', 'Licence attribution (not a reported fact)', statement];
    row.push('', '', '', '', '', '', '', '');
    lines.push(row.map(quote).join(','));
  }
  const checkpoint = snapshot.auditCheckpoint;
  if (checkpoint) {
    // Not a fact: a record of the audit log's state at generation (decision 043).
    const row = [
      'esgp:AuditLogCheckpoint',
      'Audit log checkpoint (not a reported fact)',
      auditCheckpointLine(checkpoint),
    ];
    row.push('', '', checkpoint.signedAt.slice(0, 10), '', '', 'ESG Pilot audit log', '', '');
    lines.push(row.map(quote).join(','));
  }
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

export function renderFactsCsv(snapshot: ReportSnapshot): RenderedReport {
  return {
    fileName: `report-${snapshot.report.id}.csv`,
    contentType: 'text/csv; charset=utf-8',
    bytes: new TextEncoder().encode(renderFactsCsvText(snapshot)),
  };
}

/** Parses CSV written by renderFactsCsvText (RFC 4180; BOM optional) back into rows by header name. */
export function parseFactsCsv(text: string): FactsCsvRow[] {
  const source = text.startsWith(BOM) ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < source.length; index++) {
    const character = source[index]!;
    if (quoted) {
      if (character === '"' && source[index + 1] === '"') {
        field += '"';
        index++;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      record.push(field);
      field = '';
    } else if (character === '\r' || character === '\n') {
      if (character === '\r' && source[index + 1] === '\n') index++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += character;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  const [header, ...rows] = records;
  if (!header || header.join(',') !== FACTS_CSV_HEADER.join(',')) {
    throw new Error(`Unexpected CSV header: expected ${FACTS_CSV_HEADER.join(',')}`);
  }
  return rows.map(
    (cells) =>
      Object.fromEntries(FACTS_CSV_HEADER.map((name, column) => [name, cells[column] ?? ''])) as FactsCsvRow,
  );
}
