import { describe, expect, test } from 'bun:test';
import {
  type ConnectFormValues,
  EMPTY_CONNECT_FORM,
  ODOO_DETAILS_MESSAGE,
  REQUIRED_FIELDS_MESSAGE,
} from './connect';
import { connectCheck, connectRefusal } from './connect-form';

const form = (patch: Partial<ConnectFormValues>): ConnectFormValues => ({ ...EMPTY_CONNECT_FORM, ...patch });
const odoo = { baseUrl: 'https://acme.odoo.com', database: 'acme', username: 'ops', apiKey: 'k' };

describe("the connect dialog's check (decision 071)", () => {
  test("spec §8's messages, on the field that is missing", () => {
    expect(connectCheck(form({ name: 'Bills' }))).toEqual({
      ok: false,
      errors: { type: REQUIRED_FIELDS_MESSAGE },
    });
    expect(connectCheck(form({ type: 'csv', name: ' ' }))).toEqual({
      ok: false,
      errors: { name: REQUIRED_FIELDS_MESSAGE },
    });
    expect(connectCheck(form({ type: 'odoo', name: 'ERP', odoo: { ...odoo, apiKey: '' } }))).toEqual({
      ok: false,
      errors: { odoo: ODOO_DETAILS_MESSAGE },
    });
  });

  test('the create request, parsed with its contract', () => {
    expect(connectCheck(form({ type: 'csv', name: ' Utility bills ' }))).toEqual({
      ok: true,
      payload: { type: 'csv', name: 'Utility bills', config: {} },
    });
    expect(connectCheck(form({ type: 'odoo', name: 'ERP', odoo }))).toEqual({
      ok: true,
      payload: { type: 'odoo', name: 'ERP', config: odoo },
    });
    const refused = connectCheck(form({ type: 'csv', name: 'n'.repeat(101) }));
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.errors.name).toBeString();
  });

  test("the toast says the first field's message", () => {
    expect(connectRefusal({ name: { message: 'Name is required' }, odoo: { message: 'x' } })).toBe(
      'Name is required',
    );
    expect(connectRefusal({})).toBeUndefined();
  });
});
