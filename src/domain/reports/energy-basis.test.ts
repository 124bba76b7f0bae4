import { describe, expect, test } from 'bun:test';
import { factorBasisText } from './energy-basis.ts';
import { demoSnapshot } from './fixtures.ts';
import type { ReportSnapshot } from './snapshot.ts';

const ember: ReportSnapshot['factors'][number] = {
  dataset: 'Ember 2024',
  source: 'Ember, Yearly Electricity Data (2024 values)',
  sourceUrl: 'https://ember-energy.org/data/yearly-electricity-data/',
  gwpBasis: 'lifecycle',
  results: 12,
};

describe('factorBasisText (issue 18: the mix of lifecycle and combustion factors is stated)', () => {
  test('names both bases when a report uses Ember lifecycle and DESNZ combustion factors', () => {
    const snapshot = demoSnapshot();
    snapshot.factors = [...snapshot.factors, ember];
    const text = factorBasisText(snapshot);
    expect(text).toStartWith(
      'Two factor bases are mixed in this report: Ember 2024 grid factors are lifecycle intensities',
    );
    expect(text).toContain('while DESNZ 2025 factors count combustion at the point of use');
  });

  test('says nothing when every factor is on one basis', () => {
    expect(factorBasisText(demoSnapshot())).toBeNull();
    const lifecycleOnly = { ...demoSnapshot(), factors: [ember] };
    expect(factorBasisText(lifecycleOnly)).toBeNull();
  });
});
