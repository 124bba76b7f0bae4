import { describe, expect, test } from 'bun:test';
import { ApiError } from '../../lib/api';
import { describeDuplicateCounts, describeLineBrief, readProbableDuplicates } from './probable-duplicates';

const brief = {
  id: 'l1',
  date: '2025-01-01',
  periodEnd: '2025-01-31',
  siteName: 'Bakery',
  category: 'electricity',
  quantity: 1234,
  unit: 'kWh',
  spend: null,
  currency: null,
  source: 'csv',
  reference: null,
};

describe('probable duplicates in the client', () => {
  test('describes a line by category, period, site, amount and source', () => {
    expect(describeLineBrief(brief)).toBe(
      'Electricity, 1 Jan 2025 – 31 Jan 2025, Bakery, 1,234 kWh, from CSV import',
    );
    expect(describeLineBrief({ ...brief, periodEnd: null, source: null })).toBe(
      'Electricity, 1 Jan 2025, Bakery, 1,234 kWh',
    );
  });

  test('reads the list of a 409 probable_duplicates answer and nothing else', async () => {
    const body = {
      message: 'Looks alike',
      code: 'probable_duplicates',
      details: { count: 1, duplicates: [{ line: brief, existing: brief }] },
    };
    const read = await readProbableDuplicates(new ApiError(409, JSON.stringify(body)));
    expect(read).toEqual({
      message: 'Looks alike',
      count: 1,
      duplicates: [{ line: brief, existing: brief }],
    });
    expect(
      await readProbableDuplicates(new ApiError(409, JSON.stringify({ ...body, code: 'conflict' }))),
    ).toBeNull();
    expect(await readProbableDuplicates(new ApiError(400, JSON.stringify(body)))).toBeNull();
  });

  test('says how many probable duplicates an import skipped or kept', () => {
    expect(describeDuplicateCounts({ found: 1, skipped: 1, kept: 0 })).toBe(
      '1 row that looked like lines already in the ledger was skipped.',
    );
    expect(describeDuplicateCounts({ found: 3, skipped: 0, kept: 3 })).toBe(
      '3 rows that looked like lines already in the ledger were kept as well.',
    );
    expect(describeDuplicateCounts({ found: 0, skipped: 0, kept: 0 })).toBe('');
    expect(describeDuplicateCounts(undefined)).toBe('');
  });
});
