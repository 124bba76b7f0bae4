import { describe, expect, test } from 'bun:test';
import { addressAfterSwitch } from './company-switch';

describe('where a company switch lands (decision 031)', () => {
  test('the shell pages load again as they are, for the new company', () => {
    for (const page of [
      '/',
      '/data-sources',
      '/esg-wizard',
      '/export',
      '/settings',
      '/privacy',
      '/support',
    ]) {
      expect(addressAfterSwitch(page)).toBe(page);
    }
    expect(addressAfterSwitch('/settings/')).toBe('/settings');
    expect(addressAfterSwitch('')).toBe('/');
  });

  test('any other path may name something of the company left, so it goes to the dashboard', () => {
    expect(addressAfterSwitch('/data-sources/3f2a')).toBe('/');
    expect(addressAfterSwitch('/invite')).toBe('/');
    expect(addressAfterSwitch('/exports')).toBe('/');
  });
});
