import { describe, expect, test } from 'bun:test';
import {
  formatCount,
  formatCubicMetres,
  formatIntensity,
  formatNumber,
  formatPercent,
  formatTonnes,
  formatYear,
} from './format.ts';

describe('narrative number formatting', () => {
  test('groups thousands with commas and never prints -0', () => {
    expect(formatNumber(1234567.891, 2)).toBe('1,234,567.89');
    expect(formatNumber(-1234.5, 0)).toBe('-1,235');
    expect(formatNumber(-0.001, 1)).toBe('0.0');
  });

  test('chooses the precision by magnitude and drops trailing zeros', () => {
    expect(formatTonnes(1234.56)).toBe('1,235 tCO2e');
    expect(formatTonnes(135.4373)).toBe('135.4 tCO2e');
    expect(formatTonnes(12.4)).toBe('12.4 tCO2e');
    expect(formatTonnes(48.123)).toBe('48.12 tCO2e');
    expect(formatCubicMetres(100)).toBe('100 m³');
    expect(formatIntensity({ value: 0.003456, unit: 'tCO2e per million EUR' })).toBe(
      '0.0035 tCO2e per million EUR',
    );
  });

  test('writes percentages to one place at most, counts to ten in words, years bare', () => {
    expect(formatPercent(38)).toBe('38%');
    expect(formatPercent(38.06)).toBe('38.1%');
    expect(formatCount(3)).toBe('three');
    expect(formatCount(42)).toBe('42');
    expect(formatCount(12500)).toBe('12,500');
    expect(formatYear(2025)).toBe('2025');
  });
});
