import { describe, expect, test } from 'bun:test';
import { accentColourProblem, contrastWithWhite, formatContrast, parseHexColour } from './contrast.ts';

describe('contrast with white text (WCAG 2.1)', () => {
  test('matches the reference ratios: black 21:1, white 1:1, #777777 just under 4.5:1', () => {
    expect(contrastWithWhite('#000000')).toBeCloseTo(21, 5);
    expect(contrastWithWhite('#FFFFFF')).toBeCloseTo(1, 5);
    // #777777 is the well-known "just fails" grey, #767676 the lightest grey that passes.
    expect(contrastWithWhite('#777777')!).toBeLessThan(4.5);
    expect(contrastWithWhite('#767676')!).toBeGreaterThanOrEqual(4.5);
    expect(contrastWithWhite('#767676')!).toBeCloseTo(4.54, 2);
  });

  test('accepts dark accents and refuses light ones with the measured ratio', () => {
    expect(accentColourProblem('#0D6B54')).toBeNull();
    expect(accentColourProblem('#1d4ed8')).toBeNull();
    expect(accentColourProblem('#767676')).toBeNull();
    const yellow = accentColourProblem('#ffd700');
    expect(yellow).toContain('#FFD700');
    expect(yellow).toContain(formatContrast(contrastWithWhite('#ffd700')!));
    expect(yellow).toContain('at least 4.5:1');
    expect(accentColourProblem('#777777')).toContain('4.47:1');
  });

  test('refuses anything but #RRGGBB', () => {
    for (const value of ['', '0D6B54', '#0D6B5', '#0D6B544', 'red', '#GGGGGG', 'rgb(0,0,0)']) {
      expect(parseHexColour(value)).toBeNull();
      expect(accentColourProblem(value)).toContain('six hexadecimal digits');
    }
  });

  test('rounds the shown ratio down so a passing-looking figure never fails', () => {
    expect(formatContrast(4.499)).toBe('4.49:1');
    expect(formatContrast(21)).toBe('21.00:1');
  });
});
