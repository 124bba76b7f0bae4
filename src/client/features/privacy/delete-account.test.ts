import { describe, expect, test } from 'bun:test';
import { DELETE_ACCOUNT_START, deleteAccountCheck } from './delete-account';

describe("the delete-account dialog's check (decision 071)", () => {
  test('sends the confirmation, and the reason only when one is given', () => {
    expect(deleteAccountCheck({ understood: true, reason: '  Just trying it out ' })).toEqual({
      ok: true,
      payload: { confirmed: true, reason: 'Just trying it out' },
    });
    expect(deleteAccountCheck({ understood: true, reason: '   ' })).toEqual({
      ok: true,
      payload: { confirmed: true },
    });
  });

  test("refuses with the contract's messages on the checkbox and the reason", () => {
    expect(deleteAccountCheck(DELETE_ACCOUNT_START)).toEqual({
      ok: false,
      errors: { understood: 'Confirm that you understand the account will be deleted', reason: undefined },
    });
    expect(deleteAccountCheck({ understood: true, reason: 'r'.repeat(1001) })).toEqual({
      ok: false,
      errors: { understood: undefined, reason: 'Reason must be at most 1000 characters' },
    });
  });
});
