import { describe, expect, test } from 'bun:test';
import { analyticsWindow, percentOf } from './figures';
import { sanitisePagePath } from './page-path';

describe('analytics window', () => {
  test('N whole UTC days ending today, whatever the hour', () => {
    const window = analyticsWindow(new Date('2026-03-01T23:30:00-05:00'), 7); // 04:30 UTC on 2 March
    expect(window.from.toISOString()).toBe('2026-02-24T00:00:00.000Z');
    expect(window.to.toISOString()).toBe('2026-03-03T00:00:00.000Z');
    expect(window.dates).toEqual([
      '2026-02-24',
      '2026-02-25',
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });
});

describe('percentages', () => {
  test('one decimal, 0 without a base, capped at 100', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(2, 3)).toBe(66.7);
    expect(percentOf(3, 3)).toBe(100);
    expect(percentOf(4, 3)).toBe(100);
    expect(percentOf(1, 0)).toBe(0);
    expect(percentOf(0, 5)).toBe(0);
  });
});

describe('page paths', () => {
  test('keep the path, drop what could carry a secret', () => {
    expect(sanitisePagePath('/')).toBe('/');
    expect(sanitisePagePath('/export/')).toBe('/export');
    expect(sanitisePagePath('/login?next=/x&token=abc')).toBe('/login');
    expect(sanitisePagePath('/settings#api-keys')).toBe('/settings');
    expect(sanitisePagePath('http://localhost:3000/analytics?days=7')).toBe('/analytics');
    expect(sanitisePagePath('/reports/12345/download')).toBe('/reports/:id/download');
    expect(sanitisePagePath('/narrative-builder')).toBe('/narrative-builder');
    expect(sanitisePagePath('/reset/AbCdEfGhIjKlMnOp1234')).toBe('/reset/:id');
    expect(sanitisePagePath('/u/ada%40example.com')).toBe('/u/:id');
  });

  test('refuse what is not a path', () => {
    for (const raw of ['', 'export', '//evil.example/x', '?a=1', 'javascript:alert(1)', 'http://[bad']) {
      expect(sanitisePagePath(raw)).toBeNull();
    }
  });
});
