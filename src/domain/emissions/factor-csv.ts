// Reads db/reference/factors/emission-factors.csv (columns: md §1) into EmissionFactor rows.
// RFC 4180 quoting; every row validated; all problems reported at once.

import { activityKeyOf, radiativeForcingOf } from './factor-keys.ts';
import { regionFromCsv } from './regions.ts';
import type { EmissionFactor, GasSplit, GwpBasis, Scope } from './types.ts';
import { parseCsvUnit } from './units.ts';

export const FACTOR_CSV_COLUMNS = [
  'id',
  'scope',
  'category',
  'activity',
  'unit',
  'kgco2e_per_unit',
  'co2',
  'ch4',
  'n2o',
  'region',
  'year',
  'source',
  'source_url_or_repo',
  'notes',
] as const;

export interface FactorCsvProblem {
  /** 1-based physical line of the record. */
  line: number;
  id: string;
  message: string;
}

/** The CSV is malformed or has invalid rows; `problems` lists every one of them. */
export class FactorCsvError extends Error {
  override readonly name = 'FactorCsvError';
  readonly code = 'invalid_factor_csv';
  constructor(readonly problems: readonly FactorCsvProblem[]) {
    super(
      `Invalid emission factor CSV (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${problems
        .map((p) => `  line ${p.line}${p.id ? ` (${p.id})` : ''}: ${p.message}`)
        .join('\n')}`,
    );
  }
}

interface CsvRecord {
  line: number;
  fields: string[];
}

/** RFC 4180 records: `"` quotes, `""` escapes, CRLF or LF breaks, breaks inside quotes kept.
 * Unquoted fields are sliced, not built character by character: the library parses about 1 MB of
 * publisher files at every start (bench/factor-library.ts). */
export function parseCsvRecords(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const length = body.length;
  let fields: string[] = [];
  let line = 1;
  let recordLine = 1;
  let i = 0;
  // Each turn reads one field starting at i; `ended` says whether it ended its record.
  while (i < length) {
    let field: string;
    if (body.charCodeAt(i) === 34 /* " */) {
      const start = line;
      let value = '';
      let from = i + 1;
      for (;;) {
        const quote = body.indexOf('"', from);
        if (quote === -1) throw new FactorCsvError([{ line: start, id: '', message: 'unclosed quote' }]);
        const chunk = body.slice(from, quote);
        for (let k = chunk.indexOf('\n'); k !== -1; k = chunk.indexOf('\n', k + 1)) line++;
        value += chunk;
        if (body.charCodeAt(quote + 1) === 34) {
          value += '"';
          from = quote + 2;
          continue;
        }
        i = quote + 1;
        break;
      }
      const next = body.charCodeAt(i);
      if (i < length && next !== 44 && next !== 10 && next !== 13) {
        throw new FactorCsvError([{ line, id: '', message: 'text after a closing quote' }]);
      }
      field = value;
    } else {
      let j = i;
      for (; j < length; j++) {
        const c = body.charCodeAt(j);
        if (c === 44 || c === 10 || c === 13) break;
        if (c === 34) throw new FactorCsvError([{ line, id: '', message: 'quote inside an unquoted field' }]);
      }
      field = body.slice(i, j);
      i = j;
    }
    fields.push(field);
    const c = body.charCodeAt(i);
    if (c === 44) {
      i++;
      // A trailing comma at the very end still opens one (empty) last field.
      if (i === length) fields.push('');
      continue;
    }
    // End of record (LF, CRLF, CR) or of the text.
    if (fields.length > 1 || fields[0] !== '') records.push({ line: recordLine, fields });
    fields = [];
    if (i < length) {
      i += c === 13 && body.charCodeAt(i + 1) === 10 ? 2 : 1;
      line++;
      recordLine = line;
    }
  }
  if (fields.length > 0) records.push({ line: recordLine, fields });
  return records;
}

const SCOPES: ReadonlyMap<string, Scope> = new Map([
  ['Scope 1', 'scope_1'],
  ['Scope 2 (location-based)', 'scope_2_location'],
  ['Scope 3', 'scope_3'],
  ['Outside of scopes (biogenic CO2, memo item)', 'outside_scopes'],
]);

const NUMBER = /^\d+(\.\d+)?(e-?\d+)?$/i;

/** Short dataset name from the CSV `source` text (md §2), or undefined when not recognised. */
function datasetOf(id: string, source: string): string | undefined {
  const desnz = /^UK DESNZ GHG Conversion Factors (\d{4})\b/.exec(source);
  if (desnz) return `DESNZ ${desnz[1]}`;
  const hub = /^US EPA GHG Emission Factors Hub (\d{4})\b/.exec(source);
  if (hub)
    return id.startsWith('us25-egrid-')
      ? `eGRID2023 (EPA Hub ${hub[1]})`
      : `EPA GHG Emission Factors Hub ${hub[1]}`;
  const ember = /^Ember Yearly Electricity Data \((\d{4}) values\)/.exec(source);
  if (ember) return `Ember ${ember[1]}`;
  const useeio = /Supply Chain GHG Emission Factors v(\d+\.\d+)/.exec(source);
  if (useeio) return `USEEIO v${useeio[1]}`;
  return undefined;
}

/** md §1: AR5 unless notes say otherwise; EPA waste states AR4; Ember is its own lifecycle basis. */
function gwpBasisOf(dataset: string, notes: string): GwpBasis {
  if (dataset.startsWith('Ember')) return 'lifecycle';
  return /GWP basis AR4/.test(notes) ? 'AR4' : 'AR5';
}

/** Largest gap between the published total and the sum of its published gas parts: rounding of
 * 5-decimal DESNZ cells (max seen 1.0e-5) and EPA derived cells (max 2.5e-5 on 66.4). */
function gasesAgree(total: number, gases: GasSplit): boolean {
  return Math.abs(gases.co2 + gases.ch4 + gases.n2o - total) <= 1.5e-5 + 1e-5 * total;
}

/**
 * The publisher's address of a `source_url_or_repo` cell: the curated CSV also names the GitHub
 * copy it was read from ("; read from repo …", "; values as quoted in …"). That is an audit trail
 * (db/reference/factors/README.md), never a source to show, so it is cut here.
 */
export function publisherUrlOf(text: string): string {
  const carrier = /\s*;\s*(read from repo|values as quoted in)\b/.exec(text);
  return carrier === null ? text : text.slice(0, carrier.index).trim();
}

function rowToFactor(record: CsvRecord, problems: FactorCsvProblem[]): EmissionFactor | undefined {
  const f = record.fields;
  const id = f[0] ?? '';
  const before = problems.length;
  const problem = (message: string) => problems.push({ line: record.line, id, message });
  if (f.length !== FACTOR_CSV_COLUMNS.length) {
    problem(`expected ${FACTOR_CSV_COLUMNS.length} fields, found ${f.length}`);
    return undefined;
  }
  const [, scopeText, category, activity, unitText, totalText, co2Text, ch4Text, n2oText] = f as string[];
  const [regionText, yearText, source, sourceUrl, notes] = f.slice(9) as string[];
  if (!/^[a-z0-9][a-z0-9-]*$/.test(id)) problem('id must be lower-case letters, digits and hyphens');
  const activityKey = activityKeyOf(id);
  if (activityKey === undefined) problem('id has no activity key mapping (factor-keys.ts)');
  const scope = SCOPES.get(scopeText!);
  if (scope === undefined) problem(`unknown scope "${scopeText}"`);
  if (!category) problem('category is empty');
  if (!activity) problem('activity is empty');
  const unit = parseCsvUnit(unitText!);
  if (unit === undefined) problem(`unknown unit "${unitText}"`);
  if (!NUMBER.test(totalText!)) problem(`kgco2e_per_unit "${totalText}" is not a non-negative number`);
  const total = Number(totalText);
  const gasTexts = [co2Text!, ch4Text!, n2oText!];
  let gases: GasSplit | null = null;
  if (gasTexts.some((g) => g !== '')) {
    const bad = gasTexts.find((g) => g !== '' && !NUMBER.test(g));
    if (bad !== undefined) problem(`gas value "${bad}" is not a non-negative number`);
    // A blank gas next to published ones is a gas the factor does not cover (EPA CH4+N2O-only
    // rows, DESNZ biogenic CO2-only rows): zero contribution to this factor, not missing data.
    const [co2, ch4, n2o] = gasTexts.map((g) => (g === '' ? 0 : Number(g))) as [number, number, number];
    gases = { co2, ch4, n2o };
    if (bad === undefined && NUMBER.test(totalText!) && !gasesAgree(total, gases)) {
      problem(`gas split ${co2 + ch4 + n2o} does not add up to ${total}`);
    }
  }
  const region = regionFromCsv(regionText!);
  if (region === undefined) problem(`unknown region "${regionText}"`);
  const year = Number(yearText);
  if (!/^\d{4}$/.test(yearText!) || year < 1990 || year > 2100) problem(`year "${yearText}" is not valid`);
  if (!source) problem('source is empty');
  if (!sourceUrl) problem('source_url_or_repo is empty');
  const dataset = datasetOf(id, source!);
  if (dataset === undefined) problem(`source "${source}" is not a known dataset`);
  const catMatch = /\bCat (\d{1,2})\b/.exec(category!);
  const scope3Category = catMatch ? Number(catMatch[1]) : null;
  if (scope === 'scope_3' && (scope3Category === null || scope3Category < 1 || scope3Category > 15)) {
    problem('Scope 3 row without a "Cat N" (1-15) category');
  }
  if (problems.length > before) return undefined;
  const factor: EmissionFactor = {
    id,
    dataset: dataset!,
    datasetYear: year,
    region: region!,
    activity: activity!,
    activityKey: activityKey!,
    unit: unit!.unit,
    kgCO2ePerUnit: total,
    gases,
    gwpBasis: gwpBasisOf(dataset!, notes!),
    scope: scope!,
    scope3Category: scope === 'scope_3' ? scope3Category : null,
    ghgCategory: category!,
    source: source!,
    sourceUrl: publisherUrlOf(sourceUrl!),
    notes: notes!,
  };
  const radiativeForcing = radiativeForcingOf(id);
  if (radiativeForcing !== undefined) factor.radiativeForcing = radiativeForcing;
  if (unit!.calorificBasis !== undefined) factor.calorificBasis = unit!.calorificBasis;
  return factor;
}

/** Parses and validates the factor CSV. Pure. Throws FactorCsvError listing every bad row. */
export function parseFactorCsv(text: string): EmissionFactor[] {
  const records = parseCsvRecords(text);
  const header = records.shift();
  if (header === undefined || header.fields.join(',') !== FACTOR_CSV_COLUMNS.join(',')) {
    throw new FactorCsvError([
      { line: 1, id: '', message: `header must be ${FACTOR_CSV_COLUMNS.join(',')}` },
    ]);
  }
  const problems: FactorCsvProblem[] = [];
  const factors: EmissionFactor[] = [];
  const seen = new Set<string>();
  for (const record of records) {
    const factor = rowToFactor(record, problems);
    if (factor === undefined) continue;
    if (seen.has(factor.id)) {
      problems.push({ line: record.line, id: factor.id, message: 'duplicate id' });
      continue;
    }
    seen.add(factor.id);
    factors.push(factor);
  }
  if (problems.length > 0) throw new FactorCsvError(problems);
  return factors;
}
