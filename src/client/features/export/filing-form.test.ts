import { describe, expect, test } from 'bun:test';
import { FILING_START, filingCheck } from './filing-form';

describe("the filing dialog's check (decision 071)", () => {
  test('sends the report, the jurisdiction and both choices', () => {
    expect(filingCheck('rep-1', 'UK')({ regulatorCode: 'CH', filingType: 'SECR annual report' })).toEqual({
      ok: true,
      payload: {
        reportId: 'rep-1',
        jurisdiction: 'UK',
        regulatorCode: 'CH',
        filingType: 'SECR annual report',
      },
    });
  });

  test("refuses with the contract's messages on each select", () => {
    expect(filingCheck('rep-1', 'UK')(FILING_START)).toEqual({
      ok: false,
      errors: { regulatorCode: 'Choose a regulator', filingType: 'Choose a filing type' },
    });
    expect(filingCheck('rep-1', 'UK')({ regulatorCode: 'CH', filingType: '' })).toEqual({
      ok: false,
      errors: { regulatorCode: undefined, filingType: 'Choose a filing type' },
    });
  });

  test('says why on the regulator when the contract refuses the jurisdiction', () => {
    const result = filingCheck('rep-1', 'NOT-A-JURISDICTION')({ regulatorCode: 'CH', filingType: 'SECR' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.regulatorCode).toBeString();
    expect(result.errors.filingType).toBeUndefined();
  });
});
