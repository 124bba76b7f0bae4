import { describe, expect, test } from 'bun:test';
import { describeRows, groupProblems } from './problem-groups.ts';

describe('grouped problems', () => {
  test('row numbers read as ranges', () => {
    expect(describeRows([7])).toBe('row 7');
    expect(describeRows([2, 3, 4, 5])).toBe('rows 2–5');
    expect(describeRows([2, 3, 4, 9])).toBe('rows 2–4 and 9');
    expect(describeRows([2, 4, 5, 6, 9, 10])).toBe('rows 2, 4–6 and 9–10');
    expect(describeRows([])).toBe('');
  });

  test('one group per distinct message, with every row it is on and a fix, never the message 38 times', () => {
    const site = 'no site named "Bakery"; choose one of your sites or create it in the mapping step';
    const problems = [
      ...Array.from({ length: 38 }, (_, i) => ({ line: i + 2, message: site })),
      { line: 41, message: 'date "2025-02-30" is not a real date' },
      { line: 40, message: site },
    ];
    const groups = groupProblems(problems);
    expect(groups).toHaveLength(2);
    expect(groups[0]).toMatchObject({ message: site, count: 39, rows: 'rows 2–40' });
    expect(groups[0]!.fix).toContain('mapping step');
    expect(groups[1]).toMatchObject({ rows: 'row 41', fix: expect.stringContaining('YYYY-MM-DD') });
  });
});
