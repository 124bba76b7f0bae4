import { describe, expect, test } from 'bun:test';
import { isNavItemActive, MAIN_NAV, SECONDARY_NAV } from './sidebar';

describe('active navigation item (spec §2)', () => {
  test('the root is active only on the root', () => {
    expect(isNavItemActive('/', '/')).toBe(true);
    expect(isNavItemActive('/', '')).toBe(true);
    expect(isNavItemActive('/', '/settings')).toBe(false);
    expect(isNavItemActive('/', '/data-sources/new')).toBe(false);
  });

  test('other items match their path and anything under it', () => {
    expect(isNavItemActive('/settings', '/settings')).toBe(true);
    expect(isNavItemActive('/settings', '/settings/')).toBe(true);
    expect(isNavItemActive('/data-sources', '/data-sources/abc')).toBe(true);
  });

  test('a longer sibling path does not count as inside', () => {
    expect(isNavItemActive('/export', '/exports')).toBe(false);
    expect(isNavItemActive('/privacy', '/privacy-policy')).toBe(false);
  });

  test('exactly one item is active on each listed route', () => {
    const items = [...MAIN_NAV, ...SECONDARY_NAV];
    for (const item of items) {
      expect(items.filter((other) => isNavItemActive(other.href, item.href))).toEqual([item]);
    }
  });
});
