import { describe, expect, test } from 'bun:test';
import { type CandidateLine, scoreScope } from './pcaf.ts';

const line = (id: string, dataQuality: CandidateLine['dataQuality'], kg: number): CandidateLine => ({
  id,
  date: '2025-01-01',
  category: 'electricity',
  description: id,
  dataQuality,
  kg,
});

describe('PCAF data-quality score per scope', () => {
  test('nothing recorded scores 5 and advises recording the scope', () => {
    const scope = scoreScope('scope_3', [], []);
    expect(scope.score).toBe(5);
    expect(scope.nextScore?.target).toBe(4);
  });

  test('metered and supplier-specific lines score 2; only verification reaches 1', () => {
    const scope = scoreScope(
      'scope_2',
      [
        { dataQuality: 'measured', kg: 800 },
        { dataQuality: 'supplier_specific', kg: 200 },
      ],
      [],
    );
    expect(scope.score).toBe(2);
    expect(scope.nextScore).toMatchObject({ target: 1, lines: [] });
    expect(scope.nextScore?.advice).toContain('verified');
  });

  test('weights the tiers by emissions: 50 % spend-based (4) and 50 % measured (2) is 3', () => {
    const scope = scoreScope(
      'scope_1',
      [
        { dataQuality: 'spend_based', kg: 500 },
        { dataQuality: 'measured', kg: 500 },
      ],
      [],
    );
    expect(scope.score).toBe(3);
    expect(scope.tiers.map((tier) => [tier.dataQuality, tier.pcafScore, tier.share])).toEqual([
      ['measured', 2, 50],
      ['spend_based', 4, 50],
    ]);
  });

  test('lists the lines with the most to gain first, only as many as reach the next score', () => {
    // 3,000 kg: 1,000 measured (2), 2,000 spend-based (4) → (2,000 + 8,000) / 3,000 = 3.3; target 3.
    const lines = [
      line('small', 'spend_based', 100),
      line('big', 'spend_based', 1_500),
      line('mid', 'spend_based', 400),
    ];
    const scope = scoreScope(
      'scope_3',
      [
        { dataQuality: 'measured', kg: 1_000 },
        { dataQuality: 'spend_based', kg: 2_000 },
      ],
      lines,
    );
    expect(scope.score).toBe(3.3);
    expect(scope.nextScore?.target).toBe(3);
    // Upgrading "big" alone: (10,000 - 3,000) / 3,000 = 2.3 ≤ 3.
    expect(scope.nextScore?.lines.map((chosen) => chosen.id)).toEqual(['big']);
    expect(scope.nextScore?.lines[0]).toMatchObject({
      tonnes: 1.5,
      change: expect.stringContaining('quantity'),
    });
  });

  test('says when the listed lines are not enough', () => {
    const scope = scoreScope(
      'scope_3',
      [{ dataQuality: 'spend_based', kg: 10_000 }],
      [line('only', 'spend_based', 100)],
    );
    expect(scope.score).toBe(4);
    expect(scope.nextScore?.lines).toHaveLength(1);
    expect(scope.nextScore?.advice).toContain('more lines');
  });
});
