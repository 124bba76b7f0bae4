import { describe, expect, test } from 'bun:test';
import { DataSourceTypeSchema } from '../../../domain/contracts/data-sources';
import { ApiError } from '../../lib/api';
import {
  CONNECT_TYPE_OPTIONS,
  type ConnectFormValues,
  canTestAndSync,
  connectorUnavailableNote,
  deleteQuestion,
  describeConnectError,
  describeOdooError,
  EMPTY_CONNECT_FORM,
  formatLastSync,
  isConnectorAvailable,
  ODOO_DETAILS_MESSAGE,
  REQUIRED_FIELDS_MESSAGE,
  SOURCE_TYPE_NAMES,
  sourceStatusBadge,
  validateConnectForm,
} from './connect';

const form = (patch: Partial<ConnectFormValues>): ConnectFormValues => ({ ...EMPTY_CONNECT_FORM, ...patch });
const odoo = {
  baseUrl: 'https://acme.odoo.com',
  database: 'acme',
  username: 'ops@acme.test',
  apiKey: 'k-123',
};

describe('connect dialog validation (spec §5)', () => {
  test('needs a type and a non-blank name', () => {
    expect(validateConnectForm(form({ name: 'Bills' }))).toEqual({
      ok: false,
      message: REQUIRED_FIELDS_MESSAGE,
    });
    expect(validateConnectForm(form({ type: 'csv', name: '   ' }))).toEqual({
      ok: false,
      message: REQUIRED_FIELDS_MESSAGE,
    });
    expect(REQUIRED_FIELDS_MESSAGE).toBe('Please fill in all required fields');
  });

  test('sends a trimmed name and an empty config for non-Odoo types', () => {
    expect(validateConnectForm(form({ type: 'csv', name: '  Utility bills ' }))).toEqual({
      ok: true,
      payload: { type: 'csv', name: 'Utility bills', config: {} },
    });
  });

  test('Odoo needs all four connection details', () => {
    for (const missing of Object.keys(odoo) as Array<keyof typeof odoo>) {
      const result = validateConnectForm(
        form({ type: 'odoo', name: 'ERP', odoo: { ...odoo, [missing]: ' ' } }),
      );
      expect(result).toEqual({ ok: false, message: ODOO_DETAILS_MESSAGE });
    }
    expect(ODOO_DETAILS_MESSAGE).toBe('Please fill in all Odoo connection details');
  });

  test('Odoo details travel in config, trimmed', () => {
    const result = validateConnectForm(
      form({ type: 'odoo', name: 'ERP', odoo: { ...odoo, baseUrl: ' https://acme.odoo.com ' } }),
    );
    expect(result).toEqual({ ok: true, payload: { type: 'odoo', name: 'ERP', config: odoo } });
  });

  test('Odoo details are ignored for other types', () => {
    const result = validateConnectForm(form({ type: 'xero', name: 'Books', odoo }));
    expect(result).toEqual({ ok: true, payload: { type: 'xero', name: 'Books', config: {} } });
  });
});

describe('connect dialog options', () => {
  test('offers the five types of spec §2 in order, all valid contract types', () => {
    expect(CONNECT_TYPE_OPTIONS.map((option) => option.label)).toEqual([
      'QuickBooks Online',
      'Xero',
      'Shopify (OAuth)',
      'Odoo ERP',
      'CSV Upload',
    ]);
    for (const option of CONNECT_TYPE_OPTIONS)
      expect(DataSourceTypeSchema.safeParse(option.value).success).toBe(true);
  });

  test('names every contract type', () => {
    for (const type of DataSourceTypeSchema.options) expect(SOURCE_TYPE_NAMES[type]).toBeTruthy();
  });

  test('CSV and Odoo are available; the other connectors say so beforehand', () => {
    expect(isConnectorAvailable('csv')).toBe(true);
    expect(isConnectorAvailable('odoo')).toBe(true);
    for (const type of ['quickbooks', 'xero', 'shopify', 'receipt_ocr'] as const) {
      expect(isConnectorAvailable(type)).toBe(false);
    }
    expect(connectorUnavailableNote('xero')).toBe(
      'Xero connections arrive in a later release; this connector is not available yet.',
    );
  });

  test('Test and Sync exist for Xero, Shopify and Odoo', () => {
    expect(DataSourceTypeSchema.options.filter(canTestAndSync)).toEqual(['xero', 'shopify', 'odoo']);
  });
});

describe('connect errors', () => {
  test("a 501 shows the server's own message", () => {
    const message = 'Xero connections arrive in a later release; this connector is not available yet.';
    expect(describeConnectError(new ApiError(501, JSON.stringify({ message })))).toBe(message);
  });

  test('other failures say the connection failed, with the reason when there is one', () => {
    expect(describeConnectError(new ApiError(400, JSON.stringify({ message: 'Name is required' })))).toBe(
      'Failed to connect data source: Name is required',
    );
    expect(describeConnectError(new ApiError(500, 'Internal Server Error'))).toBe(
      'Failed to connect data source',
    );
  });
});

describe('source rows', () => {
  test('the delete question names the lines it would keep or remove', () => {
    expect(deleteQuestion({ name: 'Books', lineCount: 1234 })).toBe(
      '"Books" will be removed. Keep the 1,234 lines it imported, or remove them?',
    );
    expect(deleteQuestion({ name: 'Books', lineCount: 0 })).toBe(
      '"Books" will be removed. It has no lines in the ledger.',
    );
  });

  test('an Odoo failure shows the server message, else the spec fallback', () => {
    expect(describeOdooError(new ApiError(422, JSON.stringify({ message: 'Odoo rejected the login' })))).toBe(
      'Odoo rejected the login',
    );
    expect(describeOdooError(new ApiError(500, ''))).toBe('Failed to connect to Odoo');
  });

  test('status badge: connected, error, anything else connecting (spec §4)', () => {
    expect(sourceStatusBadge('connected').label).toBe('Connected');
    expect(sourceStatusBadge('error').label).toBe('Error');
    expect(sourceStatusBadge('connecting').label).toBe('Connecting');
    expect(sourceStatusBadge('pending_oauth').label).toBe('Connecting');
  });

  test("last sync reads 'Never' until the first sync", () => {
    expect(formatLastSync(null)).toBe('Last sync: Never');
    expect(formatLastSync('2025-03-04T14:05:00Z')).toMatch(/^Last sync: \d{1,2} Mar 2025, \d{2}:\d{2}$/);
    expect(formatLastSync('yesterday')).toBe('Last sync: yesterday');
  });
});
