import { describe, expect, test } from 'bun:test';
import { boundaryStatement } from './consolidation.ts';

describe('boundary statement', () => {
  test('states the approach the company chose and its boundary in its own words', () => {
    const text = boundaryStatement({
      consolidationApproach: 'financial_control',
      organisationalBoundary: ' All UK sites ',
    });
    expect(text).toContain('using the financial control approach chosen by the company');
    expect(text).toEndWith('Organisational boundary, as the company describes it: All UK sites');
  });

  test('with no approach chosen it says so and where to choose one, naming no approach as used', () => {
    const text = boundaryStatement({ consolidationApproach: null, organisationalBoundary: null });
    expect(text).toContain('No consolidation approach');
    expect(text).toContain('company profile');
    expect(text).not.toMatch(/using the \w+ \w+ approach/);
  });

  test('a snapshot frozen before the question keeps the sentence it was issued with', () => {
    expect(boundaryStatement({})).toBe(
      'Emissions are calculated following the GHG Protocol Corporate Standard using the operational control approach.',
    );
  });
});
