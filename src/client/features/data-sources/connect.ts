import type {
  ConnectorAvailability,
  CreateDataSource,
  DataSource,
  DataSourceDeleted,
  DataSourceType,
} from '../../../domain/contracts/data-sources';
import { getErrorMessage, getErrorStatus } from '../../lib/api';
import type { ToastInput } from '../../stores/toasts';
import type { BadgeTone } from '../../ui/badge';

/** The types the connect dialog offers, in the order and wording of spec §2. */
export const CONNECT_TYPE_OPTIONS: ReadonlyArray<{ value: DataSourceType; label: string }> = [
  { value: 'quickbooks', label: 'QuickBooks Online' },
  { value: 'xero', label: 'Xero' },
  { value: 'shopify', label: 'Shopify (OAuth)' },
  { value: 'odoo', label: 'Odoo ERP' },
  { value: 'csv', label: 'CSV Upload' },
];

/**
 * Why this server cannot make a connection of `type`, in the server's words for the person
 * ('Xero is not set up on this server yet — ask your administrator.'); null when it can, or while
 * the list is not loaded (the server still refuses with the same words).
 */
export function unavailableReason(
  type: DataSourceType | '',
  availability: readonly ConnectorAvailability[] | undefined,
): string | null {
  const entry = availability?.find((candidate) => candidate.type === type);
  return entry && !entry.isAvailable ? entry.unavailableReason : null;
}

/** The option's label in the type list: 'Xero (not set up on this server)' when it cannot be made. */
export function connectOptionLabel(
  option: { value: DataSourceType; label: string },
  availability: readonly ConnectorAvailability[] | undefined,
): string {
  return unavailableReason(option.value, availability) === null
    ? option.label
    : `${option.label} (not set up on this server)`;
}

export const SOURCE_TYPE_NAMES: Record<DataSourceType, string> = {
  quickbooks: 'QuickBooks Online',
  xero: 'Xero',
  shopify: 'Shopify',
  odoo: 'Odoo ERP',
  csv: 'CSV upload',
  receipt_ocr: 'Receipt OCR',
};

/** Connectors whose connection is authorised on the provider's own page (a browser redirect). */
export type OAuthType = 'quickbooks' | 'xero' | 'shopify';

export function isOAuthType(type: string): type is OAuthType {
  return type === 'quickbooks' || type === 'xero' || type === 'shopify';
}

/** Where each OAuth connector sends the browser to authorise, for the dialog's note. */
export const OAUTH_PROVIDER_NAMES: Record<OAuthType, string> = {
  quickbooks: 'Intuit QuickBooks',
  xero: 'Xero',
  shopify: 'Shopify',
};

/** What the failure toast of an Odoo connect says (spec §8: server message or the fallback). */
export function describeOdooError(error: unknown): string {
  const message = getErrorMessage(error);
  return message === 'Something went wrong' ? 'Failed to connect to Odoo' : message;
}

/** The delete dialog's question (issue 5: keep or remove the lines a source imported). */
export function deleteQuestion(source: Pick<DataSource, 'name' | 'lineCount'> & { type?: string }): string {
  // OAuth sources: the app's access at the provider is revoked too (decision 029).
  const access =
    source.type && isOAuthType(source.type)
      ? ` This app's access in ${SOURCE_TYPE_NAMES[source.type]} is revoked too.`
      : '';
  if (source.lineCount === 0) {
    return `"${source.name}" will be removed. It has no lines in the ledger.${access}`;
  }
  const lines = source.lineCount === 1 ? '1 line' : `${source.lineCount.toLocaleString('en-GB')} lines`;
  return `"${source.name}" will be removed.${access} Keep the ${lines} it imported, or remove them?`;
}

/**
 * spec §8's success toast for a removed source; when the provider did not confirm that the app's
 * access was revoked, the same toast says what to do there (decision 029).
 */
export function removedToast(result: DataSourceDeleted | null | undefined): ToastInput {
  const removed = 'Data source removed successfully';
  if (result?.providerAccess === 'not_revoked' && result.message) {
    return { title: 'Success', description: `${removed}. ${result.message}` };
  }
  return { title: 'Success', description: removed };
}

/**
 * spec §2 names Test and Sync for Shopify and Odoo, the connectors it had; every connector source
 * (QuickBooks and Xero too) has them here, since a sync is how its lines reach the ledger.
 */
export function canTestAndSync(type: string): boolean {
  return type === 'shopify' || type === 'odoo' || type === 'quickbooks' || type === 'xero';
}

/** Sources whose imported lines follow a per-account (Shopify: per delivery method) mapping. */
export function hasAccountMapping(type: string): boolean {
  return type === 'odoo' || type === 'shopify' || type === 'quickbooks' || type === 'xero';
}

/** The navigation that starts a Shopify connection (spec §7: shop in the query; name too). */
export function shopifyConnectPath(store: string, name: string): string {
  return `/api/integrations/shopify/connect?shop=${encodeURIComponent(store)}&name=${encodeURIComponent(name)}`;
}

export type ConnectOutcome = { kind: 'connected'; type: string } | { kind: 'failed'; message: string } | null;

/** What an OAuth callback said on its way back to /data-sources (`?connected=` / `?connect_error=`). */
export function readConnectOutcome(search: string): ConnectOutcome {
  const params = new URLSearchParams(search);
  const error = params.get('connect_error');
  if (error !== null) return { kind: 'failed', message: error.trim() };
  const type = params.get('connected');
  return type ? { kind: 'connected', type } : null;
}

/** The same URL without the callback's parameters, so a reload does not toast again. */
export function withoutConnectOutcome(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('connected');
  url.searchParams.delete('connect_error');
  return `${url.pathname}${url.search}${url.hash}`;
}

/** spec §8 'Failed to connect data source', with the server's reason when there is one. */
export function connectFailedMessage(reason: string): string {
  return reason ? `Failed to connect data source: ${reason}` : 'Failed to connect data source';
}

export interface OdooDetails {
  baseUrl: string;
  database: string;
  username: string;
  apiKey: string;
}

export interface ConnectFormValues {
  type: DataSourceType | '';
  name: string;
  odoo: OdooDetails;
}

export const EMPTY_CONNECT_FORM: ConnectFormValues = {
  type: '',
  name: '',
  odoo: { baseUrl: '', database: '', username: '', apiKey: '' },
};

export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';
export const ODOO_DETAILS_MESSAGE = 'Please fill in all Odoo connection details';

export type ConnectValidation = { ok: true; payload: CreateDataSource } | { ok: false; message: string };

/** spec §5: type and name are required; Odoo also needs all four connection details. */
export function validateConnectForm(values: ConnectFormValues): ConnectValidation {
  const name = values.name.trim();
  if (!values.type || !name) return { ok: false, message: REQUIRED_FIELDS_MESSAGE };
  if (values.type === 'odoo') {
    const odoo = {
      baseUrl: values.odoo.baseUrl.trim(),
      database: values.odoo.database.trim(),
      username: values.odoo.username.trim(),
      // An API key is used exactly as pasted, apart from surrounding whitespace.
      apiKey: values.odoo.apiKey.trim(),
    };
    if (!odoo.baseUrl || !odoo.database || !odoo.username || !odoo.apiKey) {
      return { ok: false, message: ODOO_DETAILS_MESSAGE };
    }
    return { ok: true, payload: { type: 'odoo', name, config: odoo } };
  }
  return { ok: true, payload: { type: values.type, name, config: {} } };
}

/** What the failure toast of a connect attempt says (spec §8 'Failed to connect data source'). */
export function describeConnectError(error: unknown): string {
  // 501: the server's own words ('Xero is not set up on this server yet — ask your administrator.').
  if (getErrorStatus(error) === 501) return getErrorMessage(error);
  const message = getErrorMessage(error);
  return message === 'Something went wrong'
    ? 'Failed to connect data source'
    : `Failed to connect data source: ${message}`;
}

/** spec §4: connected and error have their own badge; anything else is still connecting. */
export function sourceStatusBadge(status: string): { label: string; tone: BadgeTone } {
  if (status === 'connected') return { label: 'Connected', tone: 'success' };
  if (status === 'error') return { label: 'Error', tone: 'danger' };
  return { label: 'Connecting', tone: 'warning' };
}

const syncFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** 'Last sync: 3 Mar 2025, 14:05' or 'Last sync: Never'. */
export function formatLastSync(lastSyncAt: DataSource['lastSyncAt']): string {
  if (!lastSyncAt) return 'Last sync: Never';
  const date = new Date(lastSyncAt);
  return `Last sync: ${Number.isNaN(date.getTime()) ? lastSyncAt : syncFormat.format(date)}`;
}

export function isDataSourceType(value: string): value is DataSourceType {
  return value in SOURCE_TYPE_NAMES;
}
