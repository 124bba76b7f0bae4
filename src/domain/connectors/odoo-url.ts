// The Odoo server URL a person types is a base address only: scheme, host, port and an optional
// path prefix (an Odoo behind a reverse proxy at /erp). The connector appends `/jsonrpc` itself on
// the parsed URL, so a `?` or `#` typed into the address cannot steer the request to another path
// on the server, and credentials in the address cannot ride along (decision 040).

export const ODOO_URL_EXAMPLE = 'Enter the Odoo server URL, e.g. https://yourcompany.odoo.com';

/** What is wrong with a typed Odoo server URL, in words for the form; null when it is usable. */
export function odooBaseUrlProblem(text: string): string | null {
  const value = text.trim();
  if (!/^https?:\/\/[^\s/]/i.test(value) || !URL.canParse(value)) return ODOO_URL_EXAMPLE;
  const url = new URL(value);
  if (url.username || url.password) {
    return 'Enter the Odoo server URL without a user name or password in it: they go in the fields below';
  }
  // The raw text, not url.search/url.hash: an empty `?` or `#` parses to an empty string.
  if (/[?#]/.test(value)) {
    return 'Enter only the Odoo server address, without a "?" or "#" part, e.g. https://yourcompany.odoo.com';
  }
  return null;
}

/**
 * The base without the page part of an address copied from the browser (`/odoo/...` in Odoo 17+,
 * `/web`), a trailing slash, query, fragment or credentials.
 */
export function odooBase(text: string): URL {
  const url = new URL(text.trim());
  url.username = '';
  url.password = '';
  url.search = '';
  url.hash = '';
  url.pathname = url.pathname.replace(/\/+$/, '').replace(/\/(odoo|web)(\/.*)?$/, '');
  return url;
}

/**
 * An endpoint under the base: `/jsonrpc` (Odoo "External API", 17–18), `/web/version`, or
 * `/json/2/<model>/<method>` (the JSON-2 API of Odoo 19, decision 074). Built on the parsed URL.
 */
export function odooEndpoint(text: string, path = '/jsonrpc'): URL {
  const url = odooBase(text);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${path}`;
  return url;
}

/** The base as people read it: origin and path prefix, no trailing slash. */
export const describeOdooBase = (text: string) => odooBase(text).toString().replace(/\/+$/, '');
