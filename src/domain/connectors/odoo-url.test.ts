import { describe, expect, test } from 'bun:test';
import { describeOdooBase, ODOO_URL_EXAMPLE, odooBaseUrlProblem, odooEndpoint } from './odoo-url.ts';

describe('the Odoo server URL', () => {
  test('accepts a base address with an optional port and path prefix', () => {
    for (const url of ['https://acme.odoo.com', 'http://erp.example.com:8069/', 'https://example.com/erp']) {
      expect(odooBaseUrlProblem(url)).toBeNull();
    }
  });

  test('refuses a query, a fragment (even an empty one) and credentials, each in words', () => {
    for (const url of [
      'http://h.example.com/any/path#',
      'https://h.example.com/x?',
      'https://h.example.com/web#action=1',
    ]) {
      expect(odooBaseUrlProblem(url)).toContain('without a "?" or "#" part');
    }
    expect(odooBaseUrlProblem('https://u:p@h.example.com')).toContain('without a user name or password');
    expect(odooBaseUrlProblem('ftp://h.example.com')).toBe(ODOO_URL_EXAMPLE);
  });

  test('builds /jsonrpc on the parsed URL, so a stored "#" or "?" cannot steer the path', () => {
    expect(odooEndpoint('http://h.example.com:8069/any/path#').toString()).toBe(
      'http://h.example.com:8069/any/path/jsonrpc',
    );
    expect(odooEndpoint('https://h.example.com/x?redirect=/admin').toString()).toBe(
      'https://h.example.com/x/jsonrpc',
    );
    expect(odooEndpoint('https://u:p@h.example.com/').toString()).toBe('https://h.example.com/jsonrpc');
  });

  test('cuts an address copied from the browser back to the server', () => {
    expect(odooEndpoint('https://acme.odoo.com/odoo/action-123').toString()).toBe(
      'https://acme.odoo.com/jsonrpc',
    );
    expect(odooEndpoint('https://example.com/erp/web').toString()).toBe('https://example.com/erp/jsonrpc');
    expect(describeOdooBase('https://acme.odoo.com/odoo/')).toBe('https://acme.odoo.com');
  });
});
