import { describe, expect, test } from 'bun:test';
import { checkedFormSchema } from '../../forms/checked-form-schema';
import { purchaseCheck } from './purchase-check';

const schema = checkedFormSchema(purchaseCheck('proj_1'));
const messages = (quantity: string, claimYear = '') =>
  schema.safeParse({ quantity, claimYear }).error?.issues.map((issue) => [issue.path[0], issue.message]);

describe('the purchase check', () => {
  test('reads non-numeric text as 1 (spec §5) and leaves an unchosen year to the server', () => {
    expect(schema.parse({ quantity: 'lots', claimYear: '' })).toEqual({ projectId: 'proj_1', quantity: 1 });
    expect(schema.parse({ quantity: '12', claimYear: '2025' })).toEqual({
      projectId: 'proj_1',
      quantity: 12,
      claimYear: 2025,
    });
  });

  test("refuses a quantity below 1 or too large with the contract's message on the quantity", () => {
    expect(messages('0')).toEqual([['quantity', 'Quantity must be a whole number of at least 1']]);
    expect(messages('2000000')).toEqual([['quantity', 'Quantity is too large']]);
  });

  test('refuses a claim year the contract refuses, on the year', () => {
    expect(messages('3', '1990')).toEqual([['claimYear', 'Claim year must be a year from 2000']]);
  });
});
