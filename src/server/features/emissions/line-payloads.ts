// New ledger lines as the JSON payloads ledger-writes.ts inserts (one JSON array per statement,
// as UTF-8 bytes, expanded by SQLite's json_each). Pure and free of the database layer, so the import thread
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

/** What every line of one write shares. */
export interface LineOrigin {
  companyId: string;
  source: string;
  dataSourceId: string | null;
  importId: string | null;
  createdBy: string | null;
  createdAt: Date;
}

/** The columns every line of one write shares, as stored (timestamps in ms). */
export function originValues(origin: LineOrigin) {
  const at = origin.createdAt.getTime();
  return {
    companyId: origin.companyId,
    source: origin.source,
    dataSourceId: origin.dataSourceId,
    importId: origin.importId,
    createdBy: origin.createdBy,
    createdAt: at,
    updatedAt: at,
    calculatedAt: at,
  };
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
  return `["${l.id}","${l.siteId}","${l.date}",${text(l.periodEnd)},${text(l.category)},${text(l.variant)},${num(l.quantity)},${text(l.unit)},${num(l.spend)},${text(l.currency)},${text(l.calorificBasis)},${num(l.supplierKgCO2ePerKWh)},${text(l.instrument)},${bool(l.radiativeForcing)},${text(l.evidenceUrl)},${text(l.reference)},${text(l.dataQuality)},"${l.fingerprint}",${num(l.kgScope1)},${num(l.kgScope2Location)},${num(l.kgScope2Market)},${num(l.kgScope3)},${num(l.kgOutsideScopes)},${num(l.kgScope3Cat1)},${num(l.kgScope3Cat2)},${num(l.kgScope3Cat3)},${num(l.kgScope3Cat4)},${num(l.kgScope3Cat5)},${num(l.kgScope3Cat6)},${num(l.kgScope3Cat7)},${num(l.kgScope3Cat8)},${num(l.kgScope3Cat9)},${num(l.kgScope3Cat10)},${num(l.kgScope3Cat11)},${num(l.kgScope3Cat12)},${num(l.kgScope3Cat13)},${num(l.kgScope3Cat14)},${num(l.kgScope3Cat15)},${l.datasets},${l.entries}]`;
}

const encoder = new TextEncoder();
const OPEN = 0x5b; // [
const COMMA = 0x2c;
const CLOSE = 0x5d; // ]

/**
 * Collects lines as UTF-8 JSON and hands them out as payloads: JSON arrays of
 * LINES_PER_STATEMENT lines each, as bytes, in date order (ledger-writes.ts binds each as one
 * parameter). Each line is encoded as soon as it is added, into one growing buffer, so a batch
 * holds its text once, outside the JavaScript heap, instead of 20,000 strings and their joins;
 * the payloads are fresh buffers that can be handed to another thread without a copy (decision
 * 037).
 *
 * Date order is the order of the (company_id, date, …) indexes: lines written in it land on
 * neighbouring b-tree pages one after another instead of on a random page each (measured on
 * 100,000 imported rows: 6.5 s of writes in this order against 8.9 s in file order, decision
 * 035). Lines are grouped by date rather than sorted with a comparator: a file has a few hundred
 * dates, and a comparator sort of 100,000 lines took 255 ms.
 */
export class LinePayloadBuilder {
  #bytes = new Uint8Array(1 << 16);
  #used = 0;
  /** Per line: where its JSON lies in #bytes. */
  #starts: number[] = [];
  #ends: number[] = [];
  /** Line indexes by date. */
  #byDate = new Map<string, number[]>();

  /** Lines added since the last take(). */
  get size(): number {
    return this.#starts.length;
  }

  add(date: string, json: string): void {
    const start = this.#used;
    let { read, written } = encoder.encodeInto(json, this.#bytes.subarray(start));
    while (read < json.length) {
      // UTF-8 takes at most 3 bytes per UTF-16 unit.
      const grown = new Uint8Array(Math.max(this.#bytes.length * 2, start + json.length * 3));
      grown.set(this.#bytes.subarray(0, start));
      this.#bytes = grown;
      ({ read, written } = encoder.encodeInto(json, this.#bytes.subarray(start)));
    }
    this.#used = start + written;
    const index = this.#starts.length;
    this.#starts.push(start);
    this.#ends.push(this.#used);
    const group = this.#byDate.get(date);
    if (group) group.push(index);
    else this.#byDate.set(date, [index]);
  }

  /** The payloads of every line added so far, in date order; the builder starts empty again. */
  take(): Uint8Array[] {
    const ordered: Uint8Array[] = [];
    for (const date of [...this.#byDate.keys()].sort())
      for (const index of this.#byDate.get(date)!)
        ordered.push(this.#bytes.subarray(this.#starts[index]!, this.#ends[index]!));
    const payloads = chunks(ordered, LINES_PER_STATEMENT).map((part) => {
      // The brackets and the commas between lines, then the lines.
      const payload = new Uint8Array(part.reduce((length, json) => length + json.length, part.length + 1));
      let at = 0;
      payload[at++] = OPEN;
      for (const [n, json] of part.entries()) {
        if (n > 0) payload[at++] = COMMA;
        payload.set(json, at);
        at += json.length;
      }
      payload[at] = CLOSE;
      return payload;
    });
    this.clear();
    return payloads;
  }

  /** Forgets every line added so far (an import with a bad row keeps none). */
  clear(): void {
    this.#used = 0;
    this.#starts = [];
    this.#ends = [];
    this.#byDate = new Map();
  }
}

/** New lines as payloads (LinePayloadBuilder). */
export function linePayloads(lines: readonly NewLine[]): Uint8Array[] {
  const builder = new LinePayloadBuilder();
  for (const line of lines) builder.add(line.date, lineJson(line));
  return builder.take();
}
