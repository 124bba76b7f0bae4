// Migration 0014 (decision 035) moves stored results from emission_results onto their lines. It
// must copy them exactly (no recalculation), for lines with several results, lines with none, and
// a line whose scope 3 falls in two categories.
import { describe, expect, test } from 'bun:test';
import { createClient } from '@libsql/client';
import { storedEntries } from '../../src/server/features/ledger/figures/stored-entries.ts';
import { applyMigrations, migrationStep } from '../helpers/migrations.ts';

const step = migrationStep((name) => name.startsWith('0014_'));

const LINE = `INSERT INTO activity_lines (id, company_id, site_id, date, category, quantity, unit, source,
  data_quality, fingerprint, created_at, updated_at) VALUES (?, 'c1', 's1', ?, ?, ?, ?, 'manual', 'measured', ?, 1000, 2000)`;
const RESULT = `INSERT INTO emission_results (id, company_id, activity_line_id, site_id, date, category, scope,
  scope3_category, kg_co2e, factor_id, dataset, activity_quantity, activity_unit, flags, calculated_at)
  VALUES (?, 'c1', ?, 's1', '2025-03-01', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

describe('migration 0014: results onto lines', () => {
  test('copies every stored result onto its line, sums per scope and category, and drops the table', async () => {
    const client = createClient({ url: ':memory:' });
    await applyMigrations(client, step.before);
    // Bare rows, without the companies, sites and factors they name: only the copy is under test.
    await client.execute('PRAGMA foreign_keys = OFF');
    await client.execute({ sql: LINE, args: ['l1', '2025-03-01', 'electricity', 1000, 'kWh', 'f1'] });
    await client.execute({ sql: LINE, args: ['l2', '2025-04-01', 'water', 10, 'm3', 'f2'] });
    await client.execute({ sql: LINE, args: ['l3', '2025-05-01', 'refrigerant', 1, 'kg', 'f3'] });
    const results: (string | number | null)[][] = [
      // Stored in an order other than GHG Protocol order: the migration sorts them.
      [
        'r1',
        'l1',
        'electricity',
        'scope_3',
        3,
        4.59,
        'uk25-elec-wtt-gen',
        'DESNZ 2025',
        1000,
        'kWh',
        '[]',
        5000,
      ],
      [
        'r2',
        'l1',
        'electricity',
        'scope_2_location',
        null,
        177,
        'uk25-elec-grid',
        'DESNZ 2025',
        1000,
        'kWh',
        '[]',
        5000,
      ],
      [
        'r3',
        'l1',
        'electricity',
        'scope_2_market',
        null,
        0,
        'market:contractual-instrument',
        'Contractual instrument (certificate)',
        1000,
        'kWh',
        '["market_based_contractual_instrument"]',
        5000,
      ],
      ['r4', 'l2', 'water', 'scope_3', 5, 1.7, 'uk25-water-treatment', 'DESNZ 2025', 10, 'm3', '[]', 6000],
      ['r5', 'l2', 'water', 'scope_3', 1, 1.5, 'uk25-water-supply', 'DESNZ 2025', 10, 'm3', '[]', 6000],
    ];
    for (const args of results) await client.execute({ sql: RESULT, args });

    await client.execute('PRAGMA foreign_keys = ON');
    await applyMigrations(client, [step.target]);

    const rows = (
      await client.execute(
        `SELECT id, kg_scope_1, kg_scope_2_location, kg_scope_2_market, kg_scope_3, kg_outside_scopes,
           kg_scope_3_cat_1, kg_scope_3_cat_3, kg_scope_3_cat_5, datasets, entries, calculated_at
         FROM activity_lines ORDER BY id`,
      )
    ).rows.map((row) => ({
      ...row,
      entries: storedEntries(String(row.entries)),
      datasets: JSON.parse(String(row.datasets)),
    }));
    expect(rows[0]).toMatchObject({
      id: 'l1',
      kg_scope_1: null,
      kg_scope_2_location: 177,
      kg_scope_2_market: 0,
      kg_scope_3: 4.59,
      kg_scope_3_cat_3: 4.59,
      kg_outside_scopes: null,
      datasets: ['Contractual instrument (certificate)', 'DESNZ 2025'],
      calculated_at: 5000,
    });
    // In GHG Protocol order, read back as the API shows them.
    expect(rows[0]!.entries).toEqual([
      {
        scope: 'scope_2_location',
        scope3Category: null,
        kgCO2e: 177,
        factorId: 'uk25-elec-grid',
        dataset: 'DESNZ 2025',
        activityQuantity: 1000,
        activityUnit: 'kWh',
        flags: [],
      },
      {
        scope: 'scope_2_market',
        scope3Category: null,
        kgCO2e: 0,
        factorId: 'market:contractual-instrument',
        dataset: 'Contractual instrument (certificate)',
        activityQuantity: 1000,
        activityUnit: 'kWh',
        flags: ['market_based_contractual_instrument'],
      },
      {
        scope: 'scope_3',
        scope3Category: 3,
        kgCO2e: 4.59,
        factorId: 'uk25-elec-wtt-gen',
        dataset: 'DESNZ 2025',
        activityQuantity: 1000,
        activityUnit: 'kWh',
        flags: [],
      },
    ]);
    // Two scope 3 categories on one line: each keeps its own sum.
    expect(rows[1]).toMatchObject({
      id: 'l2',
      kg_scope_3: 3.2,
      kg_scope_3_cat_1: 1.5,
      kg_scope_3_cat_5: 1.7,
    });
    expect(rows[1]!.entries.map((entry) => entry.scope3Category)).toEqual([1, 5]);
    // A line without results (no factor): nothing invented, calculated when it was last written.
    expect(rows[2]).toMatchObject({
      id: 'l3',
      kg_scope_1: null,
      kg_scope_3: null,
      datasets: [],
      entries: [],
      calculated_at: 2000,
    });
    const tables = await client.execute(`SELECT name FROM sqlite_master WHERE name = 'emission_results'`);
    expect(tables.rows).toEqual([]);
    client.close();
  });
});
