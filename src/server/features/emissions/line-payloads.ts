// New ledger lines as the JSON payloads ledger-writes.ts inserts (one JSON text per statement,
// expanded by SQLite's json_each). Pure and free of the database layer, so the import thread
// (activities/import-thread.ts) can build them while the main thread writes.
import type { LedgerLineFields } from './calculation.ts';
import {
  jsonNumber,
  type LineFigures,
  SCOPE_KG_KEYS,
  SCOPE3_CATEGORY_NUMBERS,
  scope3CategoryKey,
} from './line-figures.ts';

/** Rows per statement: with their entries, well under 1 MB of JSON (D1 takes at most 2 MB). */
export const LINES_PER_STATEMENT = 1000;

/** A new ledger line: the fields the calculation read, its stored result, and its identity. */
export interface NewLine extends LedgerLineFields, LineFigures {
  id: string;
  siteId: string;
  periodEnd: string | null;
  evidenceUrl: string | null;
  reference: string | null;
  dataQuality: string;
  fingerprint: string;
}

export function chunks<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** The stored result's fields, in the order of the JSON arrays. */
export const FIGURE_FIELDS = [
  ...Object.values(SCOPE_KG_KEYS),
  ...SCOPE3_CATEGORY_NUMBERS.map(scope3CategoryKey),
  'datasets',
  'entries',
] as const satisfies readonly (keyof LineFigures)[];

/** Fields sent per row, in the order of the JSON arrays. */
export const LINE_FIELDS = [
  'id',
  'siteId',
  'date',
  'periodEnd',
  'category',
  'variant',
  'quantity',
  'unit',
  'spend',
  'currency',
  'calorificBasis',
  'supplierKgCO2ePerKWh',
  'instrument',
  'radiativeForcing',
  'evidenceUrl',
  'reference',
  'dataQuality',
  'fingerprint',
  ...FIGURE_FIELDS,
] as const satisfies readonly (keyof NewLine)[];

const text = (value: string | null) => (value === null ? 'null' : JSON.stringify(value));
const num = (value: number | null) => (value === null ? 'null' : jsonNumber(value));
const bool = (value: boolean | null) => (value === null ? 'null' : value ? 'true' : 'false');

/**
 * One line as a JSON array in LINE_FIELDS order, written out field by field: a generic loop or
 * JSON.stringify on a built array took 2-4 times as long over 100,000 lines (decision 035).
 * `datasets` and `entries` already are JSON text (line-figures.ts) and go in as they are:
 * SQLite's `->>` gives an array back as its JSON text, digits unchanged. Ids, dates and
 * fingerprints are generated or validated ASCII and need no escaping. line-payloads.test.ts
 * holds this to LINE_FIELDS.
 */
export function lineJson(l: NewLine): string {
  const json = `["${l.id}","${l.siteId}","${l.date}",${text(l.periodEnd)},${text(l.category)},${text(l.variant)},${num(l.quantity)},${text(l.unit)},${num(l.spend)},${text(l.currency)},${text(l.calorificBasis)},${num(l.supplierKgCO2ePerKWh)},${text(l.instrument)},${bool(l.radiativeForcing)},${text(l.evidenceUrl)},${text(l.reference)},${text(l.dataQuality)},"${l.fingerprint}",${num(l.kgScope1)},${num(l.kgScope2Location)},${num(l.kgScope2Market)},${num(l.kgScope3)},${num(l.kgOutsideScopes)},${num(l.kgScope3Cat1)},${num(l.kgScope3Cat2)},${num(l.kgScope3Cat3)},${num(l.kgScope3Cat4)},${num(l.kgScope3Cat5)},${num(l.kgScope3Cat6)},${num(l.kgScope3Cat7)},${num(l.kgScope3Cat8)},${num(l.kgScope3Cat9)},${num(l.kgScope3Cat10)},${num(l.kgScope3Cat11)},${num(l.kgScope3Cat12)},${num(l.kgScope3Cat13)},${num(l.kgScope3Cat14)},${num(l.kgScope3Cat15)},${l.datasets},${l.entries}]`;
  // JavaScriptCore keeps a string built from pieces as a rope holding every piece until it is
  // read; reading one character flattens it into one buffer. Kept as ropes, a batch of 20,000
  // lines held ~50 MB more and joining them took longer (measured, decision 035).
  json.charCodeAt(0);
  return json;
}

/** A line already written as JSON (lineJson), with the date it is ordered by. */
export interface LineJson {
  date: string;
  json: string;
}

/**
 * Lines in ledger index order: by date, which leads both date-keyed indexes (the covering index
 * and the (company_id, date, fingerprint) dedupe index). Grouped by date rather than sorted with
 * a comparator: a file has a few hundred dates, and the comparator sort of 100,000 lines took
 * 255 ms.
 */
function inDateOrder(lines: readonly LineJson[]): LineJson[] {
  const byDate = new Map<string, LineJson[]>();
  for (const line of lines) {
    const group = byDate.get(line.date);
    if (group) group.push(line);
    else byDate.set(line.date, [line]);
  }
  const ordered: LineJson[] = [];
  for (const date of [...byDate.keys()].sort()) for (const line of byDate.get(date)!) ordered.push(line);
  return ordered;
}

/**
 * Lines as JSON payloads of LINES_PER_STATEMENT rows, in date order. Lines written in the order
 * of the (company_id, date, …) indexes land on neighbouring b-tree pages one after another instead
 * of on a random page each: measured on 100,000 imported rows, the writes took 6.5 s in this order
 * against 8.9 s in file order (decision 035).
 */
export function payloadsInDateOrder(lines: readonly LineJson[]): string[] {
  return chunks(inDateOrder(lines), LINES_PER_STATEMENT).map(
    (part) => `[${part.map((line) => line.json).join(',')}]`,
  );
}

/** payloadsInDateOrder for line objects. */
export function linePayloads(lines: readonly NewLine[]): string[] {
  return payloadsInDateOrder(lines.map((line) => ({ date: line.date, json: lineJson(line) })));
}
