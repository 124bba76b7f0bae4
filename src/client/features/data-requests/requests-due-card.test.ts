import { describe, expect, test } from 'bun:test';
import { dueOrder } from './requests-due-card';

describe('the dashboard card of requests due', () => {
  const summary = (id: string, dueDate: string | null) => ({
    id,
    requesterName: id,
    requesterType: 'bank' as const,
    template: 'bank' as const,
    templateTitle: 'Bank',
    period: '2025',
    dueDate,
    status: 'draft' as const,
    counts: { answered: 0, missing: 0, beyondCap: 0, declined: 0 },
    createdAt: '2026-11-01T00:00:00Z',
    updatedAt: '2026-11-01T00:00:00Z',
  });

  test('most overdue first, then the nearest due date; requests without a date are left out', () => {
    const ordered = dueOrder(
      [
        summary('later', '2026-12-20'),
        summary('none', null),
        summary('late', '2026-11-20'),
        summary('soon', '2026-11-28'),
      ],
      '2026-11-26',
    );
    expect(ordered.map((request) => request.id)).toEqual(['late', 'soon', 'later']);
  });
});
