import { describe, expect, test } from 'bun:test';
import { DataSourceTypeSchema } from '../../../domain/contracts/data-sources';
import { ApiError } from '../../lib/api';
import {
  CONNECT_TYPE_OPTIONS,
  type ConnectFormValues,
  canTestAndSync,
  connectFailedMessage,
  connectOptionLabel,
  deleteQuestion,
  describeConnectError,
  describeOdooError,
  EMPTY_CONNECT_FORM,
  formatLastSync,
  hasAccountMapping,
  isOAuthType,
  ODOO_DETAILS_MESSAGE,
  REQUIRED_FIELDS_MESSAGE,
  readConnectOutcome,
  removedToast,
  SOURCE_TYPE_NAMES,
  shopifyConnectPath,
  sourceStatusBadge,
  unavailableReason,
  validateConnectForm,
  withoutConnectOutcome,
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

  test('QuickBooks, Xero and Shopify connect through their own authorisation page', () => {
    expect(DataSourceTypeSchema.options.filter(isOAuthType)).toEqual(['quickbooks', 'xero', 'shopify']);
  });

  test('Test and Sync exist only for Shopify and Odoo, and so does the mapping', () => {
    expect(DataSourceTypeSchema.options.filter(canTestAndSync)).toEqual([
      'quickbooks',
      'xero',
      'shopify',
      'odoo',
    ]);
    expect(DataSourceTypeSchema.options.filter(hasAccountMapping)).toEqual([
      'quickbooks',
      'xero',
      'shopify',
      'odoo',
    ]);
  });
});

describe('connect errors', () => {
  test("a 501 shows the server's own message", () => {
    const message = 'Xero is not set up on this server yet — ask your administrator.';
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

  test('the delete question says an OAuth source loses its provider access too', () => {
    expect(deleteQuestion({ name: 'Books', lineCount: 2, type: 'quickbooks' })).toBe(
      '"Books" will be removed. This app\'s access in QuickBooks Online is revoked too. Keep the 2 lines it imported, or remove them?',
    );
    expect(deleteQuestion({ name: 'Shop', lineCount: 0, type: 'shopify' })).toBe(
      '"Shop" will be removed. It has no lines in the ledger. This app\'s access in Shopify is revoked too.',
    );
    expect(deleteQuestion({ name: 'ERP', lineCount: 0, type: 'odoo' })).toBe(
      '"ERP" will be removed. It has no lines in the ledger.',
    );
  });

  test('the removed toast keeps the spec text and adds what to do when access was not revoked', () => {
    expect(removedToast({ providerAccess: 'revoked', message: null })).toEqual({
      title: 'Success',
      description: 'Data source removed successfully',
    });
    expect(removedToast({ providerAccess: 'none', message: null })).toEqual({
      title: 'Success',
      description: 'Data source removed successfully',
    });
    expect(
      removedToast({ providerAccess: 'not_revoked', message: 'Disconnect the app in Xero too.' }),
    ).toEqual({
      title: 'Success',
      description: 'Data source removed successfully. Disconnect the app in Xero too.',
    });
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

describe('Shopify connect (spec §5)', () => {
  test('the connect navigation carries the store and the display name, encoded', () => {
    expect(shopifyConnectPath('acme', 'Web shop & co')).toBe(
      '/api/integrations/shopify/connect?shop=acme&name=Web%20shop%20%26%20co',
    );
  });
});

describe('back from an OAuth connector', () => {
  test('reads ?connected= and ?connect_error=', () => {
    expect(readConnectOutcome('?connected=shopify')).toEqual({ kind: 'connected', type: 'shopify' });
    expect(readConnectOutcome('?connect_error=Shopify%20is%20not%20configured')).toEqual({
      kind: 'failed',
      message: 'Shopify is not configured',
    });
    expect(readConnectOutcome('?tab=1')).toBeNull();
    expect(readConnectOutcome('')).toBeNull();
  });

  test('the toast names the reason (spec §8)', () => {
    expect(connectFailedMessage('bad signature')).toBe('Failed to connect data source: bad signature');
    expect(connectFailedMessage('')).toBe('Failed to connect data source');
  });

  test('the address loses only the callback parameters', () => {
    expect(withoutConnectOutcome('http://x.test/data-sources?connected=xero')).toBe('/data-sources');
    expect(withoutConnectOutcome('http://x.test/data-sources?a=1&connect_error=no#list')).toBe(
      '/data-sources?a=1#list',
    );
  });
});

describe('connectors not set up on this server', () => {
  const availability = [
    {
      type: 'xero' as const,
      isAvailable: false,
      unavailableReason: 'Xero is not set up on this server yet — ask your administrator.',
    },
    { type: 'odoo' as const, isAvailable: true, unavailableReason: null },
  ];

  test('the type list says which connector is not set up, before Connect is clicked', () => {
    expect(connectOptionLabel({ value: 'xero', label: 'Xero' }, availability)).toBe(
      'Xero (not set up on this server)',
    );
    expect(connectOptionLabel({ value: 'odoo', label: 'Odoo ERP' }, availability)).toBe('Odoo ERP');
    // Until the list arrives, every option reads as usual (the server refuses in the same words).
    expect(connectOptionLabel({ value: 'xero', label: 'Xero' }, undefined)).toBe('Xero');
  });

  test("the dialog's note is the server's words for the person, naming no setting", () => {
    const reason = unavailableReason('xero', availability);
    expect(reason).toBe('Xero is not set up on this server yet — ask your administrator.');
    expect(reason).not.toMatch(/CLIENT_ID|SECRET/);
    expect(unavailableReason('odoo', availability)).toBeNull();
    expect(unavailableReason('', availability)).toBeNull();
  });
});
