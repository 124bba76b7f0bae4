import { describe, expect, test } from 'bun:test';
import { decimalsFor, formatFigure } from './figures.ts';

describe('formatFigure', () => {
  test('writes tonnes with two decimals and the unit', () => {
    expect(formatFigure({ value: 12.3449, unit: 'tCO2e' })).toBe('12.34 tCO2e');
    expect(formatFigure({ value: 2.57082, unit: 'tCO2e' })).toBe('2.57 tCO2e');
    expect(formatFigure({ value: 0.5, unit: 't' })).toBe('0.50 t');
  });

  test('writes MWh with one decimal and kWh whole, thousands separated', () => {
    expect(formatFigure({ value: 45.649, unit: 'MWh' })).toBe('45.6 MWh');
    expect(formatFigure({ value: 20000, unit: 'kWh' })).toBe('20,000 kWh');
    expect(formatFigure({ value: 1234.5, unit: 'kWh' })).toBe('1,235 kWh');
  });

  test('writes percentages and cubic metres whole', () => {
    expect(formatFigure({ value: 37.5, unit: '%' })).toBe('38 %');
    expect(formatFigure({ value: 1234.4, unit: 'm³' })).toBe('1,234 m³');
  });

  test('writes intensities with two decimals', () => {
    expect(formatFigure({ value: 6.258724, unit: 'tCO2e per million GBP' })).toBe(
      '6.26 tCO2e per million GBP',
    );
    expect(formatFigure({ value: 12.25, unit: 'hours per employee' })).toBe('12.3 hours per employee');
  });

  test('never writes a negative zero', () => {
    expect(formatFigure({ value: -0.001, unit: 'tCO2e' })).toBe('0.00 tCO2e');
    expect(formatFigure({ value: 0, unit: '%' })).toBe('0 %');
  });

  test('keeps the sign of a real negative figure (billing credits)', () => {
    expect(formatFigure({ value: -1500, unit: 'kWh' })).toBe('-1,500 kWh');
  });

  test('gives each unit one precision', () => {
    expect(decimalsFor('tCO2e')).toBe(2);
    expect(decimalsFor('MWh')).toBe(1);
    expect(decimalsFor('kWh')).toBe(0);
    expect(decimalsFor('%')).toBe(0);
  });
});
