import { describe, expect, test } from 'bun:test';
import {
  type CompletionItem,
  computeComplianceStatus,
  isCompletedValue,
  toggledValue,
} from './compliance.ts';
import {
  describeIndicator,
  humaniseIndicator,
  SPEC_INDICATOR_KEYS,
  UNKNOWN_INDICATOR_DESCRIPTION,
} from './indicators.ts';

const item = (
  section: CompletionItem['section'],
  indicator: string,
  isCompleted: boolean,
  isRequired = true,
) => ({
  section,
  indicator,
  isCompleted,
  isRequired,
});

describe('computeComplianceStatus', () => {
  test('whole percentages overall and per section; missing required keys in order', () => {
    const status = computeComplianceStatus([
      item('environmental', 'scope_1_emissions', true),
      item('environmental', 'scope_2_emissions', false),
      item('environmental', 'water_consumption', true, false),
      item('social', 'gender_balance', false, false),
      item('governance', 'board_diversity', true),
      item('governance', 'compliance_violations', false),
    ]);
    expect(status).toEqual({
      overallProgress: 50,
      sectionProgress: { environmental: 67, social: 0, governance: 50 },
      missingRequired: ['scope_2_emissions', 'compliance_violations'],
    });
  });

  test('an empty checklist is 0%, not NaN', () => {
    expect(computeComplianceStatus([]).overallProgress).toBe(0);
  });
});

describe('completion rules of spec §4', () => {
  test('a value counts when it has non-space characters', () => {
    expect(isCompletedValue('  ')).toBe(false);
    expect(isCompletedValue('12.5')).toBe(true);
    expect(isCompletedValue(null)).toBe(false);
  });

  test("toggling on keeps the value or stores 'completed'; toggling off stores ''", () => {
    expect(toggledValue('', true)).toBe('completed');
    expect(toggledValue('42 tCO2e', true)).toBe('42 tCO2e');
    expect(toggledValue('42 tCO2e', false)).toBe('');
  });
});

describe('indicator names', () => {
  test('the 18 spec keys each have their own description; others get the generic prompt', () => {
    expect(SPEC_INDICATOR_KEYS).toHaveLength(18);
    for (const key of SPEC_INDICATOR_KEYS)
      expect(describeIndicator(key)).not.toBe(UNKNOWN_INDICATOR_DESCRIPTION);
    expect(describeIndicator('made_up_key')).toBe('Please provide relevant information for this indicator');
  });

  test('keys are humanised with acronyms kept', () => {
    expect(humaniseIndicator('scope_1_emissions')).toBe('Scope 1 Emissions');
    expect(humaniseIndicator('uk_energy_use_kwh')).toBe('UK Energy Use kWh');
  });
});
