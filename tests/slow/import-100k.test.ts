import { describe, expect, test } from 'bun:test';
import { companyWithSites, importCsv, storedCounts, upload } from '../helpers/ledger.ts';
import { createTestApp } from '../helpers/test-app.ts';

// The slow tier (`npm run test:slow`, decision 072): an import at full size, 100,000 rows, which
// the other atomicity tests (tests/integration/import-atomicity.test.ts) prove on small files.
const t = await createTestApp();

describe('CSV import atomicity at 100,000 rows', () => {
  test('one bad row at line 90,000 of 100,000 leaves nothing behind', async () => {
    const { cookie, user } = await companyWithSites(t);
    const rows: string[] = [];
    for (let i = 0; i < 100_000; i++) {
      const line = i + 2;
      const month = String((i % 12) + 1).padStart(2, '0');
      rows.push(
        line === 90_000
          ? `2025-${month}-01,Bristol bakery,diesel,,12,parsecs,,,R${i}`
          : `2025-${month}-01,${i % 2 ? 'Lyon shop' : 'Bristol bakery'},electricity,,${100 + i},kWh,,,R${i}`,
      );
    }
    const response = await upload(t, cookie, importCsv(rows));
    expect(response.status).toBe(422);
    expect(response.json.details).toMatchObject({ errorCount: 1, errors: [{ line: 90_000 }] });
    expect(await storedCounts(t, user.companyId)).toEqual({ lines: 0, results: 0, imports: 0 });
    expect((await t.call('GET', '/api/activities', { cookie })).json.total).toBe(0);
  });
});
