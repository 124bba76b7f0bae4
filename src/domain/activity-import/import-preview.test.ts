import { describe, expect, test } from 'bun:test';
import { previewImport } from './import-preview.ts';
import { mappingKey } from './value-mappings.ts';

const streamOf = (text: string) => new Blob([text]).stream();
const FILE = [
  'Date,Site,Category,Variant,Quantity,Unit,Spend,Currency',
  '2025-01-31,Bakery,Electricity,,100,kWh,,',
  '2025-01-31,Bakery,Packaging,,,,12.50,GBP',
  '2025-02-01,Shop,Flight,,500,passenger_km,,',
  '2025-02-30,Shop,Electricity,,100,kWh,,',
  '2025-03-01,Shop,Electricity,,100,kWh,,',
].join('\n');

describe('the import preview', () => {
  test('asks once per unknown site, category and missing variant, with the rows, and groups other problems', async () => {
    const preview = await previewImport(streamOf(FILE), { knownSite: (site) => site === 'Shop' });
    expect(preview).toMatchObject({ rowCount: 5, readyCount: 1, problemRowCount: 1 });
    expect(preview.questions).toEqual([
      { kind: 'site', text: 'Bakery', lines: [2, 3], count: 2, rows: 'rows 2–3' },
      { kind: 'category', text: 'Packaging', lines: [3], count: 1, rows: 'row 3' },
      { kind: 'variant', text: '', category: 'flight', lines: [4], count: 1, rows: 'row 4' },
    ]);
    expect(preview.problems).toEqual([
      expect.objectContaining({ message: 'date "2025-02-30" is not a real date', rows: 'row 5' }),
    ]);
  });

  test('remembered answers leave nothing to ask', async () => {
    const preview = await previewImport(streamOf(FILE), {
      knownSite: () => true,
      valueMappings: {
        category: new Map([[mappingKey('Packaging'), 'spend:packaging']]),
        variant: new Map([['flight|', 'long_haul_economy']]),
        spend: new Map(),
      },
    });
    expect(preview.questions).toEqual([]);
    expect(preview.readyCount).toBe(4);
  });

  test('runs the import’s own further check on rows that are otherwise ready', async () => {
    const preview = await previewImport(streamOf(FILE), {
      knownSite: () => true,
      checkRow: (row) => (row.category === 'electricity' ? 'no electricity today' : undefined),
    });
    expect(preview.problems[0]).toMatchObject({ message: 'no electricity today', rows: 'rows 2 and 6' });
  });
});
