// Bytes per ledger line in candidate layouts of activity_lines (issue 20 item 4, decision 081):
// the bench's 100,000-row file (bench/import.ts) read and calculated by the real import code
// (prepareImport), then written in date order into one table per layout, plain SQL on a scratch
// file, and measured per b-tree with SQLite's dbstat. Each layout adds one change to the one
// above it, so each row of the output reads as "what this change saves"; "today" is the schema's.
// `bun bench/ledger-layout.ts [rows]` (default 100,000; every line is held in memory).
import { Database } from 'bun:sqlite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ENTRY_FIELDS, storedEntries } from '../src/server/features/ledger/figures/stored-entries.ts';
import { prepareImport } from '../src/server/features/ledger/import/import-batches.ts';
import type { NewLine } from '../src/server/features/ledger/lines/new-lines.ts';
import { IMPORT_ROWS, importCsv, SITES } from './import.ts';

const KG = [
  'kg_scope_1',
  'kg_scope_2_location',
  'kg_scope_2_market',
  'kg_scope_3',
  'kg_outside_scopes',
  ...Array.from({ length: 15 }, (_, i) => `kg_scope_3_cat_${i + 1}`),
];
const KG_KEYS = [
  'kgScope1',
  'kgScope2Location',
  'kgScope2Market',
  'kgScope3',
  'kgOutsideScopes',
  ...Array.from({ length: 15 }, (_, i) => `kgScope3Cat${i + 1}`),
] as const;

interface Layout {
  name: string;
  /** Integer keys for the line (INTEGER PRIMARY KEY) instead of a text UUID. */
  integerId: boolean;
  /** Integer company, site and import keys instead of text UUIDs (decision 088; created_by stays a UUID). */
  integerKeys: boolean;
  fingerprint: 'hex' | 'blob32' | 'blob16';
  /** Entries in the full form (every field, before decision 093) or as stored today (stored-entries.ts). */
  entries: 'full' | 'compact';
  /** Columns an imported line repeats from its import (created_by, data_source_id) or its creation (updated_at, calculated_at) left null. */
  derivedNull: boolean;
}

const LAYOUTS: Layout[] = [
  {
    name: 'before 081 (UUID keys, hex fingerprint)',
    integerId: false,
    integerKeys: false,
    fingerprint: 'hex',
    entries: 'full',
    derivedNull: false,
  },
  {
    name: 'after 081 (fingerprint BLOB, 32 bytes)',
    integerId: false,
    integerKeys: false,
    fingerprint: 'blob32',
    entries: 'full',
    derivedNull: false,
  },
  {
    name: '088: integer company/site/import keys',
    integerId: false,
    integerKeys: true,
    fingerprint: 'blob32',
    entries: 'full',
    derivedNull: false,
  },
  {
    name: 'today (093: compact entries)',
    integerId: false,
    integerKeys: true,
    fingerprint: 'blob32',
    entries: 'compact',
    derivedNull: false,
  },
  {
    name: '+ derivable columns null',
    integerId: false,
    integerKeys: true,
    fingerprint: 'blob32',
    entries: 'compact',
    derivedNull: true,
  },
  {
    name: '+ INTEGER PRIMARY KEY',
    integerId: true,
    integerKeys: true,
    fingerprint: 'blob32',
    entries: 'compact',
    derivedNull: true,
  },
  {
    name: '+ fingerprint 16 bytes',
    integerId: true,
    integerKeys: true,
    fingerprint: 'blob16',
    entries: 'compact',
    derivedNull: true,
  },
];

const uuid = () => crypto.randomUUID();
/** The n-th of ordered UUID-shaped ids, as the time-ordered UUIDs lines had before decision 092. */
const orderedUuid = (n: number) =>
  n
    .toString(16)
    .padStart(32, '0')
    .replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-');
const COMPANY = uuid();
const IMPORT = uuid();
const USER = uuid();
const SITE_IDS = SITES.map(() => uuid());

function ddl(layout: Layout): string[] {
  const key = layout.integerKeys ? 'integer' : 'text';
  // As db/schema/ledger.ts: the ledger keys' columns are company_key, site_key, import_key.
  const [company, site, anImport] = layout.integerKeys
    ? ['company_key', 'site_key', 'import_key']
    : ['company_id', 'site_id', 'import_id'];
  return [
    `CREATE TABLE lines (
      id ${layout.integerId ? 'integer PRIMARY KEY' : 'text PRIMARY KEY NOT NULL'},
      ${company} ${key} NOT NULL, ${site} ${key} NOT NULL, date text NOT NULL, period_end text,
      category text NOT NULL, variant text, quantity real, unit text, spend real, currency text,
      calorific_basis text, supplier_kg_co2e_per_kwh real, instrument text, radiative_forcing integer,
      source text NOT NULL, data_source_id text, ${anImport} ${key}, evidence_url text, reference text,
      data_quality text NOT NULL, fingerprint ${layout.fingerprint === 'hex' ? 'text' : 'blob'} NOT NULL,
      created_by text, created_at integer NOT NULL, updated_at integer,
      ${KG.map((c) => `${c} real`).join(', ')},
      datasets text NOT NULL, entries text NOT NULL, calculated_at integer)`,
    `CREATE UNIQUE INDEX fingerprint_unique ON lines (${company}, date, fingerprint)`,
    `CREATE INDEX covering ON lines (${company}, date, datasets, category, unit, instrument, quantity, ${KG.join(', ')}, ${site})`,
    `CREATE INDEX import_idx ON lines (${anImport})`,
    `CREATE INDEX single_source_idx ON lines (${company}, source, created_at) WHERE ${anImport} IS NULL`,
  ];
}

/** The entries as lines stored them before decision 093: every field of each, in ENTRY_FIELDS order. */
function fullEntries(json: string): string {
  return JSON.stringify(storedEntries(json).map((entry) => ENTRY_FIELDS.map((field) => entry[field])));
}

function fingerprint(hex: string, layout: Layout): string | Uint8Array {
  if (layout.fingerprint === 'hex') return hex;
  const bytes = Buffer.from(hex, 'hex');
  return layout.fingerprint === 'blob16' ? bytes.subarray(0, 16) : bytes;
}

function row(line: NewLine, n: number, layout: Layout, now: number): unknown[] {
  const site = SITES.findIndex((_, i) => SITE_IDS[i] === line.siteId);
  const keys = layout.integerKeys
    ? { company: 1, site: site + 1, import: 1 }
    : { company: COMPANY, site: line.siteId, import: IMPORT };
  return [
    layout.integerId ? n + 1 : orderedUuid(n),
    keys.company,
    keys.site,
    line.date,
    line.periodEnd,
    line.category,
    line.variant,
    line.quantity,
    line.unit,
    line.spend,
    line.currency,
    line.calorificBasis,
    line.supplierKgCO2ePerKWh,
    line.instrument,
    line.radiativeForcing === null ? null : Number(line.radiativeForcing),
    'csv',
    null,
    keys.import,
    line.evidenceUrl,
    line.reference,
    line.dataQuality,
    fingerprint(line.fingerprint, layout),
    layout.derivedNull ? null : USER,
    now,
    layout.derivedNull ? null : now,
    ...KG_KEYS.map((key) => line[key as keyof NewLine]),
    line.datasets,
    layout.entries === 'full' ? fullEntries(line.entries) : line.entries,
    layout.derivedNull ? null : now,
  ];
}

async function benchLines(rows: number): Promise<NewLine[]> {
  const lines: NewLine[] = [];
  const sites = SITES.map((name, i) => [
    name.toLowerCase(),
    { id: SITE_IDS[i]!, country: i === 1 ? 'FR' : 'GB', region: null },
  ]) as [string, { id: string; country: string; region: null }][];
  const batches = prepareImport(new Blob([importCsv(rows)]).stream(), {
    sites,
    rowsPerRead: 5000,
    linesPerBatch: 5000,
  });
  for (let step = await batches.next(); !step.done; step = await batches.next()) lines.push(...step.value);
  return lines.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

function measure(layout: Layout, lines: readonly NewLine[], folder: string) {
  const database = new Database(join(folder, `${LAYOUTS.indexOf(layout)}.db`));
  try {
    for (const statement of ddl(layout)) database.run(statement);
    const width = row(lines[0]!, 0, layout, 0).length;
    const insert = database.prepare(`INSERT INTO lines VALUES (${Array(width).fill('?').join(', ')})`);
    const now = Date.now();
    // 10,000 lines a transaction: what a line takes on disk does not depend on it (the import
    // thread commits 25,600, decision 095).
    for (let at = 0; at < lines.length; at += 10_000) {
      database.transaction(() => {
        for (let n = at; n < Math.min(at + 10_000, lines.length); n++)
          insert.run(...(row(lines[n]!, n, layout, now) as never[]));
      })();
    }
    const trees = database
      .query('SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC')
      .all() as { name: string; bytes: number }[];
    const perLine = (bytes: number) => Math.round(bytes / lines.length);
    const total = trees.reduce((sum, tree) => sum + tree.bytes, 0);
    return {
      total: perLine(total),
      trees: trees.map((tree) => `${tree.name} ${perLine(tree.bytes)}`).join(', '),
    };
  } finally {
    database.close();
  }
}

if (import.meta.main) {
  const rows = Number(process.argv[2] ?? IMPORT_ROWS);
  const lines = await benchLines(rows);
  const folder = mkdtempSync(join(tmpdir(), 'esg-layout-'));
  try {
    process.stdout.write(`${lines.length} lines; bytes per line (all b-trees, then each)\n`);
    for (const layout of LAYOUTS) {
      const { total, trees } = measure(layout, lines, folder);
      process.stdout.write(`${layout.name}: ${total} (${trees})\n`);
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
