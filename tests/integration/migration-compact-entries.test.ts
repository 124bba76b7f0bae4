// The migration to compact stored entries (decision 093) rewrites every line's entries: each line
// must keep every figure, and its audit trail (factor, dataset, scope, category, quantity, unit,
// flags) must read back as before, through the API's reader and through the reports' SQL; an entry
// whose factor row is missing, or that names a market-based id, stays in the full form.
import { describe, expect, test } from 'bun:test';
import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import type { Db } from '../../db/client.ts';
import { insertMissingFactors } from '../../db/reference/factors/seed.ts';
import { calculateLine } from '../../src/server/features/ledger/figures/calculation.ts';
import {
  ENTRY_FIELDS,
  entryField,
  storedEntries,
} from '../../src/server/features/ledger/figures/stored-entries.ts';
import { blankLine, electricity, fullFormEntries, GB } from '../helpers/calculated-lines.ts';
import { applyMigrations, migrationStep } from '../helpers/migrations.ts';

const step = migrationStep((name) => name.endsWith('_compact_entries.sql'));

const diesel = calculateLine({ ...blankLine, category: 'diesel', quantity: 1000, unit: 'litre' }, GB);
/** The diesel WTT factor: its row is removed from `emission_factors` before the migration. */
const missingRow = diesel.entries.find((entry) => entry.scope === 'scope_3')!.factorId;

const LINES: unknown[][][] = [
  fullFormEntries(calculateLine(electricity, GB)),
  fullFormEntries(calculateLine({ ...electricity, supplierKgCO2ePerKWh: 0.21 }, GB)),
  fullFormEntries(calculateLine({ ...electricity, instrument: 'renewable_tariff' }, GB)),
  fullFormEntries(calculateLine({ ...electricity, instrument: 'certificate' }, GB)),
  fullFormEntries(calculateLine(electricity, { country: 'FR', region: null })),
  fullFormEntries(diesel),
  fullFormEntries(
    calculateLine(
      { ...blankLine, category: 'business_travel_car', variant: 'medium_petrol', quantity: 500, unit: 'km' },
      GB,
    ),
  ),
  fullFormEntries(calculateLine({ ...blankLine, category: 'water', quantity: 12, unit: 'm3' }, GB)),
  fullFormEntries(
    calculateLine(
      { ...blankLine, category: 'purchased_goods', variant: '541611', spend: 1000, currency: 'EUR' },
      {
        country: 'US',
        region: null,
      },
    ),
  ),
  // A factor no library or table holds any more, with digits JSON keeps as written.
  [['scope_1', null, 0.1 + 0.2, 'retired-2019-gas', 'DESNZ 2019', 1e-12, 'kWh', ['region_fallback']]],
  [],
];

const LINE = `INSERT INTO activity_lines (id, company_key, site_key, date, category, source, data_quality,
  fingerprint, created_at, updated_at, kg_scope_1, kg_scope_3, datasets, entries, calculated_at)
  VALUES (?, 1, 1, '2025-03-01', 'electricity', 'manual', 'measured', randomblob(32), 1000, 2000, ?, ?, '["DESNZ 2025"]', ?, 3000)`;

/** Every entry of every line as the reports' SQL reads it, in stored order. */
const AUDIT_SQL = `SELECT l.id, ${ENTRY_FIELDS.map((field) => `${entryField('e', field)} AS ${field}`).join(', ')}
  FROM activity_lines l, json_each(l.entries) e
  LEFT JOIN emission_factors ON emission_factors.id = ${entryField('e', 'factorId')}
  ORDER BY CAST(l.id AS INTEGER), e.key`;

describe('migration: compact stored entries', () => {
  test('keeps every figure and audit-trail entry; leaves market-based and unknown factors whole', async () => {
    const client = createClient({ url: ':memory:' });
    await applyMigrations(client, step.before);
    await insertMissingFactors(drizzle({ client, casing: 'snake_case' }) as unknown as Db);
    await client.execute({ sql: 'DELETE FROM emission_factors WHERE id = ?', args: [missingRow] });
    // Bare lines, without the company and site they name: only the rewrite is under test.
    await client.execute('PRAGMA foreign_keys = OFF');
    for (const [i, entries] of LINES.entries()) {
      await client.execute({ sql: LINE, args: [String(i + 1), i, i / 3, JSON.stringify(entries)] });
    }
    const read = async () => {
      const rows = (await client.execute('SELECT * FROM activity_lines ORDER BY CAST(id AS INTEGER)')).rows;
      const audit = (await client.execute(AUDIT_SQL)).rows.map((row) => ({ ...row }));
      return { rows, audit };
    };
    const before = await read();

    await applyMigrations(client, [step.target]);

    const after = await read();
    expect(after.rows).toHaveLength(LINES.length);
    for (const [i, row] of after.rows.entries()) {
      const { entries, ...figures } = row;
      const { entries: old, ...oldFigures } = before.rows[i]!;
      expect(figures).toEqual(oldFigures);
      expect(storedEntries(String(entries))).toEqual(storedEntries(String(old)));
    }
    expect(after.audit).toEqual(before.audit);
    expect(before.audit).toHaveLength(LINES.flat().length);

    // What was compacted and what was left whole, by factor id.
    const shapes = after.rows.flatMap((row) =>
      (JSON.parse(String(row.entries)) as unknown[][]).map((fields) =>
        fields.length === 8 ? [fields[3], 8] : [fields[0], fields.length],
      ),
    );
    const whole = shapes.filter(([, length]) => length === 8).map(([id]) => id);
    expect(whole.sort()).toEqual(
      [
        missingRow,
        'market:contractual-instrument',
        'market:contractual-instrument',
        'market:supplier-specific',
        'retired-2019-gas',
      ].sort(),
    );
    expect(shapes.filter(([, length]) => length !== 8).length).toBe(shapes.length - whole.length);
    // The market-based mirror keeps its scope; the car's category 6 is stored beside its factor.
    expect((JSON.parse(String(after.rows[0]!.entries)) as unknown[][]).map((fields) => fields[4])).toContain(
      'scope_2_market',
    );
    expect((JSON.parse(String(after.rows[6]!.entries)) as unknown[][])[0]!.slice(4)).toEqual(['scope_3', 6]);
    expect(String(after.rows[9]!.entries)).toBe(JSON.stringify(LINES[9]));
  });
});
