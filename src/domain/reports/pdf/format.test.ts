import { describe, expect, test } from 'bun:test';
import { niceScale } from './chart.ts';
import {
  formatBytes,
  formatChange,
  formatDate,
  formatKwh,
  formatMwh,
  formatNumber,
  formatPercent,
  formatTonnes,
  humanize,
} from './format.ts';

describe('report number formatting', () => {
  test('groups thousands and fixes decimals', () => {
    expect(formatNumber(285_600, 0)).toBe('285,600');
    expect(formatNumber(1_234_567.891, 2)).toBe('1,234,567.89');
    expect(formatNumber(-1_500.25, 1)).toBe('-1,500.3');
    expect(formatNumber(-0.001, 2)).toBe('0.00');
  });

  test('prints tCO2e to 2 dp, MWh to 1 dp and kWh as whole numbers', () => {
    expect(formatTonnes(41.27)).toBe('41.27');
    expect(formatTonnes(100)).toBe('100.00');
    expect(formatMwh(318.44)).toBe('318.4');
    expect(formatKwh(187_200)).toBe('187,200');
  });

  test('shows missing figures as "Not recorded", never 0', () => {
    expect(formatTonnes(null)).toBe('Not recorded');
    expect(formatKwh(null)).toBe('Not recorded');
    expect(formatPercent(null)).toBe('Not recorded');
    expect(formatChange(10, null)).toBe('Not recorded');
  });

  test('formats changes, dates, sizes and stored codes for reading', () => {
    expect(formatChange(41.27, 45)).toBe('-8.3%');
    expect(formatChange(50, 40)).toBe('+25.0%');
    expect(formatDate('2026-01-15T09:30:00.000Z')).toBe('15 January 2026');
    expect(formatDate('2025-12-31')).toBe('31 December 2025');
    expect(formatBytes(184_320)).toBe('180.0 KB');
    expect(formatBytes(512)).toBe('512 bytes');
    expect(humanize('natural_gas')).toBe('Natural gas');
    expect(humanize('30_to_50')).toBe('30 to 50');
  });
});

describe('chart axis', () => {
  test('rounds the axis up to 1, 2 or 5 times a power of ten', () => {
    expect(niceScale(41.27)).toEqual({ max: 50, step: 10 });
    expect(niceScale(0.7)).toEqual({ max: 0.8, step: 0.2 });
    expect(niceScale(1234)).toEqual({ max: 1500, step: 500 });
    expect(niceScale(0)).toEqual({ max: 1, step: 0.2 });
  });
});
