import { describe, expect, test } from 'bun:test';
import type { DataRequestAnswer } from '../../../domain/contracts/data-requests';
import { MAX_ANSWER_LENGTH } from '../../../domain/contracts/data-requests';
import { checkedFormSchema } from '../../forms/checked-form-schema';
import { answerEditCheck, editChange, editStartText } from './answer-edit';

const answer = (value: DataRequestAnswer['value'], unit: string | null): DataRequestAnswer => ({
  key: 'scope_1_t',
  question: 'Scope 1',
  disclosure: 'B3',
  concept: null,
  value,
  display: null,
  unit,
  period: null,
  status: value === null ? 'missing' : 'answered',
  sources: [],
  isBeyondCap: false,
  missing: null,
  edit: null,
});

describe('editing an answer', () => {
  test('starts from the stored value, never the rounded display', () => {
    expect(editStartText(answer(12.3456, 'tCO2e'))).toBe('12.3456');
    expect(editStartText(answer(false, null))).toBe('No');
    expect(editStartText(answer(null, 'm3'))).toBe('');
  });

  test('an enumeration starts from its label, not the taxonomy URL', () => {
    const member = { ...answer('https://xbrl.efrag.org/taxonomy/vsme#OptionABasicModuleOnlyMember', null) };
    expect(editStartText({ ...member, display: 'Basic module only' })).toBe('Basic module only');
  });

  test('a figure stays a number, thousands separators allowed, and keeps its unit', () => {
    expect(editChange(answer(10, 'tCO2e'), '1,234.5', 'tCO2e')).toEqual({
      change: { action: 'edit', value: 1234.5, unit: 'tCO2e' },
      error: null,
    });
    expect(editChange(answer(null, 'm3'), '40', ' ')).toEqual({
      change: { action: 'edit', value: 40, unit: null },
      error: null,
    });
  });

  test('refuses text where a figure is asked, and anything but yes or no for a yes/no item', () => {
    expect(editChange(answer(10, 'tCO2e'), 'about ten', 'tCO2e')).toEqual({
      change: null,
      error: 'Enter a number in tCO2e',
    });
    expect(editChange(answer(true, null), 'maybe', '')).toEqual({ change: null, error: 'Answer yes or no' });
    expect(editChange(answer(true, null), 'No', '')).toEqual({
      change: { action: 'edit', value: false, unit: null },
      error: null,
    });
    expect(editChange(answer('text', null), '   ', '')).toEqual({ change: null, error: 'Enter an answer' });
  });

  test('text answers stay text', () => {
    expect(editChange(answer(null, null), 'We buy a renewable tariff', '')).toEqual({
      change: { action: 'edit', value: 'We buy a renewable tariff', unit: null },
      error: null,
    });
  });
});

describe("the edit dialog's check", () => {
  const messages = (check: ReturnType<typeof answerEditCheck>, value: string, unit: string) =>
    checkedFormSchema(check)
      .safeParse({ value, unit })
      .error?.issues.map((issue) => [issue.path[0], issue.message]);

  test('puts the kind of answer refused on the answer field', () => {
    expect(messages(answerEditCheck(answer(10, 'tCO2e')), 'about ten', 'tCO2e')).toEqual([
      ['value', 'Enter a number in tCO2e'],
    ]);
  });

  test("refuses what the contract refuses, with the contract's message on its field", () => {
    const [field, message] = messages(answerEditCheck(answer(10, 'tCO2e')), '12', 'x'.repeat(41))?.[0] ?? [];
    expect(field).toBe('unit');
    expect(String(message)).toContain('Unit');
    const long = messages(answerEditCheck(answer('text', null)), 'a'.repeat(MAX_ANSWER_LENGTH + 1), '');
    expect(long?.[0]?.[0]).toBe('value');
  });

  test('gives the PATCH body when the answer fits its kind and the contract', () => {
    expect(
      checkedFormSchema(answerEditCheck(answer(10, 'tCO2e'))).parse({ value: '1,200', unit: ' tCO2e ' }),
    ).toEqual({
      action: 'edit',
      value: 1200,
      unit: 'tCO2e',
    });
  });
});
