// Builds db/reference/factors/datasets/ from the publishers' files in ../shared/reference/datasets/
// (PROVENANCE.md there says where each came from). A fresh checkout has no ../shared, so the
// product reads only the committed outputs; factor-datasets.test.ts re-derives them whenever
// ../shared is present and fails on any difference (sha256), so the copy cannot drift.
//
//   bun scripts/build-factor-datasets.ts            writes the files
//
// Derivations (values never edited, publishers' row ids kept):
// - DESNZ 2023/2024/2025 flat files → one row per factor (the `kg CO2e` row with its CO2/CH4/N2O
//   rows beside it), id = the flat file's `ID` of the total row; only the sheets the product uses
//   (no "Material use", "Managed assets", "T&D for EVs"); `miles` rows left out (the km row is the
//   same factor, and the calculator converts miles).
// - DESNZ 2026 full set (cells) → the same table: each sheet's tables are read (labels carried down,
//   fuel/route/RF group headers carried right) and every value is matched to the 2025 flat row with
//   the same sheet, labels, column text, unit and gas; the 2025 ID is kept and the cell is recorded.
// - EPA supply chain v1.3 → code, title, with-margins factor, USEEIO code (1,016 NAICS-6 rows).
// - ECB daily history → annual means of every currency with a rate (N/A skipped), 2015–2025.
// - Defra SIC multipliers and BLS CPI-U are copied unchanged.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsvRecords } from '../src/domain/emissions/factor-csv.ts';

export const REPO_DIR = join(import.meta.dir, '..');
export const DATASETS_DIR = 'db/reference/factors/datasets';
export const SHARED_DATASETS_DIR = join(import.meta.dir, '..', '..', 'shared', 'reference', 'datasets');

/** Sheets (flat-file `Level 1`) the factor library reads. */
export const DESNZ_SHEETS: readonly string[] = [
  'Fuels',
  'Bioenergy',
  'Refrigerant & other',
  'Passenger vehicles',
  'Delivery vehicles',
  'UK electricity',
  'UK electricity for EVs',
  'Heat and steam',
  'WTT- fuels',
  'WTT- bioenergy',
  'Transmission and distribution',
  'WTT- UK electricity',
  'WTT- heat and steam',
  'Water supply',
  'Water treatment',
  'Waste disposal',
  'Business travel- air',
  'WTT- business travel- air',
  'Business travel- sea',
  'WTT- business travel- sea',
  'Business travel- land',
  'WTT- pass vehs & travel- land',
  'Freighting goods',
  'WTT- delivery vehs & freight',
  'Hotel stay',
  'Homeworking',
  'Outside of scopes',
];

export const DESNZ_COLUMNS =
  'id,scope,level_1,level_2,level_3,level_4,column_text,uom,kg_co2e,co2,ch4,n2o,source_cell';

/** RFC 4180 field. */
function field(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
function line(values: readonly string[]): string {
  return values.map(field).join(',');
}
const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

interface DesnzValue {
  id: string;
  scope: string;
  levels: [string, string, string, string];
  columnText: string;
  uom: string;
  ghg: string;
  value: string;
}

const GAS_OF: Readonly<Record<string, 'co2' | 'ch4' | 'n2o'>> = {
  'kg CO2e of CO2 per unit': 'co2',
  'kg CO2e of CH4 per unit': 'ch4',
  'kg CO2e of N2O per unit': 'n2o',
};

function readFlat(text: string): DesnzValue[] {
  const records = parseCsvRecords(text);
  const header = records.shift()!.fields;
  const valueColumn = header.findIndex((h) => h.startsWith('GHG Conversion Factor'));
  return records.map(({ fields: f }) => ({
    id: f[0]!,
    scope: f[1]!,
    levels: [clean(f[2]!), clean(f[3]!), clean(f[4]!), clean(f[5]!)],
    columnText: clean(f[6]!),
    uom: clean(f[7]!),
    ghg: clean(f[8]!),
    value: f[valueColumn]!.trim(),
  }));
}

/** The group a row belongs to: its ID without the last `_n` (total and gases share it). */
const groupOf = (id: string) => id.slice(0, id.lastIndexOf('_'));

/** Pivots flat rows into one output row per factor. `cellOf` gives the 2026 source cell. */
function pivot(rows: readonly DesnzValue[], cellOf: (row: DesnzValue) => string = () => ''): string {
  const groups = new Map<string, DesnzValue[]>();
  for (const row of rows) {
    if (!DESNZ_SHEETS.includes(row.levels[0]) || row.uom === 'miles') continue;
    const key = groupOf(row.id);
    const list = groups.get(key);
    if (list) list.push(row);
    else groups.set(key, [row]);
  }
  const out = [DESNZ_COLUMNS];
  for (const list of groups.values()) {
    // The total, or (outside-of-scopes biogenic rows) the CO2 row that is the whole factor.
    const total =
      list.find((r) => r.ghg === 'kg CO2e' && r.value !== '') ??
      (list.length === 1 && list[0]!.value !== '' ? list[0] : undefined);
    if (total === undefined) continue;
    const gas = (name: 'co2' | 'ch4' | 'n2o') =>
      list.find((r) => r !== total && GAS_OF[r.ghg] === name)?.value ?? '';
    out.push(
      line([
        total.id,
        total.scope,
        ...total.levels,
        total.columnText,
        total.uom,
        total.value,
        gas('co2'),
        gas('ch4'),
        gas('n2o'),
        cellOf(total),
      ]),
    );
  }
  return `${out.join('\n')}\n`;
}

interface Cell {
  row: number;
  col: number;
  value: string;
  ref: string;
}

/**
 * The 2026 full set as flat-file rows: for every table (a row whose first cell is "Activity"),
 * label columns before "Unit" are carried down, group headers in the row above carried right.
 * Each value is matched to the 2025 flat row of the same sheet/labels/column text/unit/gas.
 */
function readFullSet2026(cellsText: string, flat2025: readonly DesnzValue[]): string {
  const records = parseCsvRecords(cellsText);
  records.shift();
  const sheets = new Map<string, Map<number, Cell[]>>();
  for (const { fields: f } of records) {
    const [sheet, ref, row, col, , value] = f as [string, string, string, string, string, string];
    if (!DESNZ_SHEETS.includes(sheet)) continue;
    let rows = sheets.get(sheet);
    if (!rows) {
      rows = new Map();
      sheets.set(sheet, rows);
    }
    const r = Number(row);
    const cells = rows.get(r) ?? [];
    cells.push({ row: r, col: Number(col), value, ref });
    rows.set(r, cells);
  }
  // 2025 alone calls the waste route "Incineration with Energy Recovery"; 2023, 2024 and the 2026
  // sheet call it "Combustion" (same IDs). The electricity rows of the flat file repeat the unit
  // as a last label ("Electricity: UK > kWh"), which the sheet does not.
  const route = (text: string) => (text === 'Incineration with Energy Recovery' ? 'Combustion' : text);
  const matchKey = (
    sheet: string,
    labels: readonly string[],
    columnText: string,
    uom: string,
    ghg: string,
  ) => {
    const named = labels.filter((l) => l !== '');
    if (named.length > 1 && named[named.length - 1] === uom) named.pop();
    return [sheet, ...named, route(clean(columnText)), uom, ghg].map(clean).join('|');
  };
  const flatByKey = new Map<string, DesnzValue>();
  for (const row of flat2025) {
    flatByKey.set(matchKey(row.levels[0], row.levels.slice(1), row.columnText, row.uom, row.ghg), row);
  }
  const found: DesnzValue[] = [];
  const cellOfId = new Map<string, string>();
  for (const [sheet, rows] of sheets) {
    const order = [...rows.keys()].sort((a, b) => a - b);
    let unitCol = 0;
    let headers = new Map<number, string>();
    let groups = new Map<number, string>();
    let carry: string[] = [];
    for (const r of order) {
      const cells = rows.get(r)!;
      const at = (c: number) => cells.find((x) => x.col === c)?.value ?? '';
      if (clean(at(1)) === 'Activity') {
        unitCol = cells.find((x) => clean(x.value) === 'Unit')?.col ?? 0;
        headers = new Map(cells.filter((x) => x.col > unitCol).map((x) => [x.col, clean(x.value)]));
        const above = (rows.get(r - 1) ?? []).filter((x) => x.col > unitCol).sort((a, b) => a.col - b.col);
        groups = new Map();
        let group = '';
        for (const col of [...headers.keys()].sort((a, b) => a - b)) {
          const g = above.find((x) => x.col === col);
          if (g) group = clean(g.value);
          groups.set(col, above.length > 0 ? group : '');
        }
        carry = [];
        continue;
      }
      if (unitCol === 0) continue;
      const unit = clean(at(unitCol));
      const values = cells.filter(
        (x) => headers.has(x.col) && x.value !== '' && Number.isFinite(Number(x.value)),
      );
      // Labels carry down even from a row the publisher left without values (Argentina hotels).
      const labels: string[] = [];
      for (let c = 1; c < unitCol; c++) {
        const own = clean(at(c));
        if (own !== '') {
          labels[c - 1] = own;
          carry = carry.slice(0, c - 1).concat(own);
        } else labels[c - 1] = carry[c - 1] ?? '';
      }
      if (unit === '' || values.length === 0) continue;
      for (const v of values) {
        // A note above a one-group table is not a group header: then match without it.
        const flat =
          flatByKey.get(matchKey(sheet, labels, groups.get(v.col) ?? '', unit, headers.get(v.col)!)) ??
          flatByKey.get(matchKey(sheet, labels, '', unit, headers.get(v.col)!));
        if (flat === undefined || cellOfId.has(flat.id)) continue;
        found.push({ ...flat, value: v.value });
        cellOfId.set(flat.id, `${sheet}!${v.ref}`);
      }
    }
  }
  return pivot(found, (row) => cellOfId.get(row.id) ?? '');
}

function epaNaics(text: string): string {
  const records = parseCsvRecords(text);
  const header = records.shift()!.fields;
  const col = (name: string) => header.indexOf(name);
  const out = ['naics,title,kg_co2e_per_2022_usd_with_margins,useeio_code'];
  for (const { fields: f } of records) {
    out.push(
      line([
        f[col('2017 NAICS Code')]!,
        f[col('2017 NAICS Title')]!,
        f[col('Supply Chain Emission Factors with Margins')]!,
        f[col('Reference USEEIO Code')]!,
      ]),
    );
  }
  return `${out.join('\n')}\n`;
}

export const ECB_FIRST_YEAR = 2015;
export const ECB_LAST_YEAR = 2025;

/** Arithmetic mean of the daily rates of each currency and year (N/A skipped), 6 dp, as in
 * PROVENANCE.md §8a (which lists 11 currencies; this covers every column of the ECB file). */
function ecbAnnual(text: string): string {
  const records = parseCsvRecords(text);
  const header = records.shift()!.fields;
  const sums = new Map<string, { sum: number; n: number }>();
  for (const { fields: f } of records) {
    const year = Number(f[0]!.slice(0, 4));
    if (year < ECB_FIRST_YEAR || year > ECB_LAST_YEAR) continue;
    for (let c = 1; c < header.length; c++) {
      const currency = header[c]!.trim();
      const rate = (f[c] ?? '').trim();
      if (currency === '' || rate === '' || rate === 'N/A') continue;
      const key = `${year},${currency}`;
      const s = sums.get(key) ?? { sum: 0, n: 0 };
      s.sum += Number(rate);
      s.n += 1;
      sums.set(key, s);
    }
  }
  const out = ['year,currency,n_rate_days,mean_units_per_eur'];
  const keys = [...sums.keys()].sort();
  for (const key of keys) {
    const { sum, n } = sums.get(key)!;
    out.push(`${key},${n},${(sum / n).toFixed(6)}`);
  }
  return `${out.join('\n')}\n`;
}

/** The ECB annual means and CPI-U as a TypeScript module, so domain code (server, Worker and
 * browser alike) imports them without a text loader. */
function referenceRatesModule(ecbCsv: string, cpiCsv: string): string {
  const perYear = new Map<number, string[]>();
  for (const row of ecbCsv.trim().split('\n').slice(1)) {
    const [year, currency, , mean] = row.split(',');
    const list = perYear.get(Number(year)) ?? [];
    list.push(`${currency}: ${Number(mean)}`);
    perYear.set(Number(year), list);
  }
  const cpi = cpiCsv
    .trim()
    .split('\n')
    .slice(1)
    .map((row) => row.split(','))
    .map(([year, , value]) => `  [${year}, ${Number(value)}],`);
  return `// GENERATED by scripts/build-factor-datasets.ts from ${DATASETS_DIR}/ecb-annual-averages.csv and
// bls-cpi-u-annual.csv: do not edit (factor-datasets.test.ts checks it against the script).

/** ECB euro reference rates: arithmetic mean of the daily rates of each year, units per 1 EUR. */
export const ECB_ANNUAL_MEANS_PER_EUR: ReadonlyMap<number, Readonly<Record<string, number>>> = new Map<number, Readonly<Record<string, number>>>([
${[...perYear].map(([year, list]) => `  [${year}, { EUR: 1, ${list.join(', ')} }],`).join('\n')}
]);

/** US BLS CPI-U (CUUR0000SA0), annual average, 1982-84 = 100 (2025: 11-month average). */
export const CPI_U_ANNUAL: ReadonlyMap<number, number> = new Map([
${cpi.join('\n')}
]);
`;
}

/** Every committed file, derived from the shared folder: repo-relative path → exact content. */
export function deriveFactorDatasets(sharedDir: string = SHARED_DATASETS_DIR): Map<string, string> {
  const read = (name: string) => readFileSync(join(sharedDir, name), 'utf8');
  const flat2025 = readFlat(read('desnz-2025-flat.csv'));
  const ecb = ecbAnnual(read('ecb-eurofxref-hist.csv'));
  const cpi = read('bls-cpi-u-us-city-average-annual-2015-2025.csv');
  const files: [string, string][] = [
    ['desnz-2023.csv', pivot(readFlat(read('desnz-2023-v1.1-flat.csv')))],
    ['desnz-2024.csv', pivot(readFlat(read('desnz-2024-v1.1-flat.csv')))],
    ['desnz-2025.csv', pivot(flat2025)],
    ['desnz-2026.csv', readFullSet2026(read('desnz-2026-v1-full-set-cells.csv'), flat2025)],
    ['epa-supply-chain-v1.3-naics6.csv', epaNaics(read('epa-supply-chain-v1.3.0-naics-co2e-usd2022.csv'))],
    ['defra-sic-multipliers-2022.csv', read('defra-uk-carbon-footprint-sic-multipliers-2022.csv')],
    ['ecb-annual-averages.csv', ecb],
    ['bls-cpi-u-annual.csv', cpi],
  ];
  const out = new Map(files.map(([name, content]) => [`${DATASETS_DIR}/${name}`, content]));
  out.set('src/domain/emissions/reference-rates.ts', referenceRatesModule(ecb, cpi));
  return out;
}

if (import.meta.main) {
  mkdirSync(join(REPO_DIR, DATASETS_DIR), { recursive: true });
  for (const [path, content] of deriveFactorDatasets()) {
    writeFileSync(join(REPO_DIR, path), content);
    process.stdout.write(`${path}: ${content.split('\n').length - 2} rows, ${content.length} bytes\n`);
  }
}
