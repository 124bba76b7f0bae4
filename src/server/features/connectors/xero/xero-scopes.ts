// The OAuth scopes the Xero connector asks for, and the scope each Accounting API endpoint it reads
// needs (decision 075). Xero replaced the broad `accounting.transactions(.read)` and
// `accounting.reports.read` with granular scopes: apps created on or after 2 March 2026 can ask
// only for the granular ones, older apps may ask for either until they must move (September 2027),
// and a connection keeps the scopes it was granted until the person consents again (Xero's
// "Upcoming changes to Xero accounting API scopes" and its granular scopes FAQ). XERO_SCOPE_SET
// says which set this server's app may use: `granular` (the default) or `broad`.
import type { Config } from '../../../config.ts';

export type XeroScopeSet = 'granular' | 'broad';

/** What one endpoint shows, in the person's words, and the read scope each set names for it. */
interface EndpointScope {
  what: string;
  granular: string;
  broad: string;
}

const settings = 'accounting.settings.read';

/**
 * Granular names from Xero's scope table (accounting.invoices covers invoices and credit notes,
 * accounting.banktransactions bank transactions, accounting.reports.profitandloss the P&L); broad
 * names from the `security` of each operation in Xero's OpenAPI document (xero_accounting.yaml).
 */
export const XERO_ENDPOINT_SCOPES: Readonly<Record<string, EndpointScope>> = {
  '/Invoices': { what: 'bills', granular: 'accounting.invoices.read', broad: 'accounting.transactions.read' },
  '/CreditNotes': {
    what: 'credit notes',
    granular: 'accounting.invoices.read',
    broad: 'accounting.transactions.read',
  },
  '/BankTransactions': {
    what: 'bank transactions',
    granular: 'accounting.banktransactions.read',
    broad: 'accounting.transactions.read',
  },
  '/Reports/ProfitAndLoss': {
    what: 'the Profit and Loss report',
    granular: 'accounting.reports.profitandloss.read',
    broad: 'accounting.reports.read',
  },
  '/Accounts': { what: 'the chart of accounts', granular: settings, broad: settings },
  '/TrackingCategories': { what: 'tracking categories', granular: settings, broad: settings },
  '/Organisation': { what: 'the organisation’s details', granular: settings, broad: settings },
};

/** Sign-in and the refresh token (offline_access), the same in both sets. */
const IDENTITY = ['openid', 'profile', 'email', 'offline_access'];

/** The scopes asked for at consent under a set: identity, then each endpoint's read scope once. */
export function xeroScopes(set: XeroScopeSet): string[] {
  const read = new Set(Object.values(XERO_ENDPOINT_SCOPES).map((entry) => entry[set]));
  return [...IDENTITY, ...read];
}

export const xeroScopeSet = (config: Config): XeroScopeSet => config.XERO_SCOPE_SET;

/** The scope `path` needs under `set`; null for a path the connector does not read. */
export function scopeFor(path: string, set: XeroScopeSet): { scope: string; what: string } | null {
  const entry = XERO_ENDPOINT_SCOPES[path];
  return entry ? { scope: entry[set], what: entry.what } : null;
}
