import { describe, expect, test } from 'bun:test';
import type { EsgProgressItem } from '../../../domain/contracts/esg-wizard';
import { indicatorEditCheck, indicatorEditStart } from './indicator-edit';

const item = (overrides: Partial<EsgProgressItem> = {}): EsgProgressItem => ({
  section: 'governance',
  indicator: 'climate_risk_review',
  value: '',
  isCompleted: false,
  isRequired: true,
  autoFilled: false,
  category: 'Governance',
  title: 'Climate risk review',
  description: 'How the board reviews climate risk',
  unit: null,
  module: 'basic',
  mappingLabel: 'VSME B1',
  origin: 'empty',
  ledgerBacked: false,
  ledgerValue: null,
  overridden: false,
  note: null,
  evidenceCount: 0,
  updatedAt: null,
  updatedBy: null,
  ...overrides,
});

describe("the ESG edit dialog's check (decision 071)", () => {
  test('starts from the saved answer, switch and note', () => {
    expect(indicatorEditStart(item({ value: 'Yearly', isCompleted: true, note: 'Minutes' }))).toEqual({
      text: 'Yearly',
      markCompleted: true,
      note: 'Minutes',
    });
  });

  test('sends only what changed, and nothing when nothing did', () => {
    const saved = item({ value: 'Yearly', isCompleted: true, note: 'Minutes' });
    const check = indicatorEditCheck(saved, 'CSRD');
    expect(check(indicatorEditStart(saved))).toEqual({ ok: true, payload: {} });
    expect(check({ text: 'Yearly', markCompleted: true, note: '  ' })).toEqual({
      ok: true,
      payload: { note: null },
    });
    // The switch off clears the answer (spec §4: completion = a value).
    expect(check({ text: 'Yearly', markCompleted: false, note: 'Minutes' })).toEqual({
      ok: true,
      payload: { value: '' },
    });
  });

  test("puts the contract's messages on the answer and the note", () => {
    const result = indicatorEditCheck(
      item(),
      'CSRD',
    )({
      text: 'Quarterly\u0007',
      markCompleted: true,
      note: 'n'.repeat(2001),
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.text).toBeString();
    expect(result.errors.note).toBe('Keep the note under 2,000 characters');
  });

  test('says why on the answer when the contract refuses the indicator itself', () => {
    const result = indicatorEditCheck(
      item({ indicator: 'Not a key!' }),
      'CSRD',
    )({
      text: 'Yearly',
      markCompleted: true,
      note: '',
    });
    expect(result).toEqual({ ok: false, errors: { text: 'Choose an indicator', note: undefined } });
  });
});
