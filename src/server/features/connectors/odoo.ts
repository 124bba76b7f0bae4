// The Odoo adapter: vendor bills (account.move, move_type in_invoice, posted) and their product
// lines (account.move.line, display_type 'product': tax, payment-term and section lines are not
// purchases), the accounts they post to (account.account code and name), and revenue as the
// untaxed total of posted customer invoices (out_invoice) per year and currency.
import { OdooClient, type OdooClientOptions, type OdooCredentials } from './odoo-client.ts';
import {
  type ConnectorAdapter,
  ConnectorError,
  type ConnectorPull,
  type ExternalLine,
  type RevenueYear,
} from './types.ts';

/** Odoo's many2one value: `[id, display name]`, or false when empty. */
type Many2one = [number, string] | false;

interface OdooMove {
  id: number;
  name: string | false;
  date: string | false;
  invoice_date: string | false;
  currency_id: Many2one;
  amount_untaxed?: number;
}

interface OdooMoveLine {
  id: number;
  move_id: Many2one;
  account_id: Many2one;
  product_id: Many2one;
  price_subtotal: number;
  currency_id: Many2one;
  date: string | false;
}

const MOVE_IDS_PER_QUERY = 500;

export function odooAdapter(options: OdooClientOptions = {}): ConnectorAdapter<OdooCredentials> {
  return {
    type: 'odoo',
    async testConnection(credentials) {
      try {
        const client = new OdooClient(credentials, options);
        await client.authenticate();
        const canRead = await client.executeKw('account.move', 'check_access_rights', ['read'], {
          raise_exception: false,
        });
        if (canRead !== true) {
          return {
            connected: false,
            error: 'The Odoo user cannot read vendor bills: give it Accounting (Billing) read access',
          };
        }
        return { connected: true, error: null };
      } catch (error) {
        if (error instanceof ConnectorError) return { connected: false, error: error.message };
        throw error;
      }
    },
    async pull(credentials) {
      const client = new OdooClient(credentials, options);
      return pullOdoo(client, credentials.database);
    },
  };
}

async function pullOdoo(client: OdooClient, database: string): Promise<ConnectorPull> {
  const bills = await client.searchReadAll<OdooMove>(
    'account.move',
    [
      ['move_type', '=', 'in_invoice'],
      ['state', '=', 'posted'],
    ],
    ['id', 'name', 'date', 'invoice_date', 'currency_id'],
  );
  const billById = new Map(bills.map((bill) => [bill.id, bill]));
  const moveLines: OdooMoveLine[] = [];
  for (let i = 0; i < bills.length; i += MOVE_IDS_PER_QUERY) {
    const ids = bills.slice(i, i + MOVE_IDS_PER_QUERY).map((bill) => bill.id);
    moveLines.push(
      ...(await client.searchReadAll<OdooMoveLine>(
        'account.move.line',
        [
          ['move_id', 'in', ids],
          ['display_type', '=', 'product'],
        ],
        ['id', 'move_id', 'account_id', 'product_id', 'price_subtotal', 'currency_id', 'date'],
      )),
    );
  }
  const accountIds = [...new Set(moveLines.flatMap((line) => (line.account_id ? [line.account_id[0]] : [])))];
  const accounts = new Map<number, { code: string; name: string }>();
  if (accountIds.length > 0) {
    const rows = await client.executeKw('account.account', 'read', [accountIds], {
      fields: ['code', 'name'],
    });
    if (!Array.isArray(rows))
      throw new ConnectorError(
        'protocol',
        'Odoo answered account.account.read with something other than a list',
      );
    for (const row of rows as { id: number; code: string | false; name: string }[]) {
      accounts.set(row.id, { code: row.code || '', name: row.name });
    }
  }
  const lines: ExternalLine[] = [];
  for (const line of moveLines) {
    if (!line.account_id) continue;
    const bill = line.move_id ? billById.get(line.move_id[0]) : undefined;
    const date = line.date || bill?.invoice_date || bill?.date;
    const currency = (line.currency_id || bill?.currency_id || [0, ''])[1];
    if (!date || !/^[A-Z]{3}$/.test(currency)) continue;
    const account = accounts.get(line.account_id[0]) ?? { code: '', name: line.account_id[1] };
    lines.push({
      externalId: `odoo:${database}:${line.id}`,
      date,
      account: { key: String(line.account_id[0]), ...account },
      product: line.product_id ? line.product_id[1] : null,
      amount: line.price_subtotal,
      currency,
      document: bill?.name || null,
    });
  }
  return { lines, revenue: await pullRevenue(client) };
}

async function pullRevenue(client: OdooClient): Promise<RevenueYear[]> {
  const invoices = await client.searchReadAll<OdooMove>(
    'account.move',
    [
      ['move_type', '=', 'out_invoice'],
      ['state', '=', 'posted'],
    ],
    ['id', 'date', 'invoice_date', 'currency_id', 'amount_untaxed'],
  );
  const totals = new Map<string, RevenueYear>();
  for (const invoice of invoices) {
    const date = invoice.invoice_date || invoice.date;
    if (!date || !invoice.currency_id) continue;
    const year = Number(date.slice(0, 4));
    const currency = invoice.currency_id[1];
    const key = `${year}|${currency}`;
    const total = totals.get(key) ?? { year, amount: 0, currency };
    // Cents, to keep the sum of many invoices exact.
    total.amount = Math.round((total.amount + (invoice.amount_untaxed ?? 0)) * 100) / 100;
    totals.set(key, total);
  }
  return [...totals.values()].sort((a, b) => a.year - b.year || a.currency.localeCompare(b.currency));
}
