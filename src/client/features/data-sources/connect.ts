import type { CreateDataSource, DataSource, DataSourceType } from '../../../domain/contracts/data-sources';
import { getErrorMessage, getErrorStatus } from '../../lib/api';
import type { BadgeTone } from '../../ui/badge';

/** The types the connect dialog offers, in the order and wording of spec §2. */
export const CONNECT_TYPE_OPTIONS: ReadonlyArray<{ value: DataSourceType; label: string }> = [
  { value: 'quickbooks', label: 'QuickBooks Online' },
  { value: 'xero', label: 'Xero' },
  { value: 'shopify', label: 'Shopify (OAuth)' },
  { value: 'odoo', label: 'Odoo ERP' },
  { value: 'csv', label: 'CSV Upload' },
];

export const SOURCE_TYPE_NAMES: Record<DataSourceType, string> = {
  quickbooks: 'QuickBooks Online',
  xero: 'Xero',
  shopify: 'Shopify',
  odoo: 'Odoo ERP',
  csv: 'CSV upload',
  receipt_ocr: 'Receipt OCR',
};

/**
 * CSV and Odoo work today; the server answers 501 for the OAuth connectors (QuickBooks, Xero,
 * Shopify) until their release, so the dialog says so before anyone fills it in.
 */
export function isConnectorAvailable(type: DataSourceType): boolean {
  return type === 'csv' || type === 'odoo';
}

/** What the failure toast of an Odoo connect says (spec §8: server message or the fallback). */
export function describeOdooError(error: unknown): string {
  const message = getErrorMessage(error);
  return message === 'Something went wrong' ? 'Failed to connect to Odoo' : message;
}

/** The delete dialog's question (issue 5: keep or remove the lines a source imported). */
export function deleteQuestion(source: Pick<DataSource, 'name' | 'lineCount'>): string {
  if (source.lineCount === 0) return `"${source.name}" will be removed. It has no lines in the ledger.`;
  const lines = source.lineCount === 1 ? '1 line' : `${source.lineCount.toLocaleString('en-GB')} lines`;
  return `"${source.name}" will be removed. Keep the ${lines} it imported, or remove them?`;
}

export function connectorUnavailableNote(type: DataSourceType): string {
  return `${SOURCE_TYPE_NAMES[type]} connections arrive in a later release; this connector is not available yet.`;
}

/** spec §2: Test and Sync for Shopify and Odoo sources, and Xero since its connector (decision 025). */
export function canTestAndSync(type: string): boolean {
  return type === 'shopify' || type === 'odoo' || type === 'xero';
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
  // 501: the server's own words ('<Type> connections arrive in a later release; …').
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
