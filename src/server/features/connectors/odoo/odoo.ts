// The Odoo adapter (decision 074: JSON-2 from Odoo 19, JSON-RPC for 17–18, odoo-client.ts): vendor bills (account.move, move_type in_invoice, posted) and their product
// lines (account.move.line, display_type 'product': tax, payment-term and section lines are not
// purchases), the accounts they post to (account.account code and name), and revenue as the
// untaxed total of posted customer invoices (out_invoice) per year and currency.
//
// Posted vendor credit notes (move_type in_refund) are read with the bills, their product lines
// built the same way, and netted against the bills' lines by the rule QuickBooks and Xero use
// (src/domain/connectors/credit-netting.ts, decisions 028 and 032): same account, same calendar
// month, same currency. The adapter reads no analytic dimension (every Odoo line goes to the
// company's first site, decision 016), so neither side carries tracking and the groups are
// untracked on both; should analytic site mapping come, `toExternalLine` gives it to both at once.
import { describeLeftovers, netCredits } from '../../../../domain/connectors/credit-netting.ts';
import {
  type ConnectorAdapter,
  ConnectorError,
  type ConnectorPull,
  type ExternalLine,
  type RevenueYear,
} from '../types.ts';
import { OdooClient, type OdooClientOptions, type OdooCredentials } from './odoo-client.ts';

/** Odoo's many2one value: `[id, display name]`, or false when empty. */
type Many2one = [number, string] | false;

interface OdooMove {
  id: number;
  name: string | false;
  move_type?: string;
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
    async testConnection(credentials, session) {
      try {
        const client = new OdooClient(credentials, { now: session.now, ...options });
        if (!(await client.canRead('account.move'))) {
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
    async pull(credentials, session) {
      const client = new OdooClient(credentials, { now: session.now, ...options });
      return pullOdoo(client, credentials.database);
    },
  };
}

/**
 * Purchase documents: vendor bills are spend, vendor credit notes give spend back. Customer
 * documents (out_invoice, out_refund) are not purchases; out_invoice is read as revenue below.
 */
const PURCHASE_MOVE_TYPES = ['in_invoice', 'in_refund'] as const;

/**
 * Bills and credit notes in one paged read, their product lines, and the bills' lines less the
 * credit notes' (decision 032). Sign: Odoo 16/17 compute `price_subtotal` in
 * `AccountMoveLine._compute_totals` (addons/account/models/account_move_line.py) as quantity ×
 * price_unit × (1 − discount), or the taxes' `total_excluded`, whatever the move type: the
 * direction of a credit note lives in `balance`/`amount_currency` (`direction_sign`), not there.
 * So a credit note's line is positive for what it gives back, which is what netting expects; a
 * negative line on a credit note (a fee kept back) lowers the credit, as for QuickBooks and Xero.
 * Taking the absolute value instead would turn such a fee into more credit and understate spend.
 */
async function pullOdoo(client: OdooClient, database: string): Promise<ConnectorPull> {
  const moves = await client.searchReadAll<OdooMove>(
    'account.move',
    [
      ['move_type', 'in', [...PURCHASE_MOVE_TYPES]],
      ['state', '=', 'posted'],
    ],
    ['id', 'name', 'move_type', 'date', 'invoice_date', 'currency_id'],
  );
  const moveById = new Map(moves.map((move) => [move.id, move]));
  const moveLines: OdooMoveLine[] = [];
  for (let i = 0; i < moves.length; i += MOVE_IDS_PER_QUERY) {
    const ids = moves.slice(i, i + MOVE_IDS_PER_QUERY).map((move) => move.id);
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
  const accounts = await readAccounts(client, moveLines);
  const spend: ExternalLine[] = [];
  const credits: ExternalLine[] = [];
  for (const line of moveLines) {
    const move = line.move_id ? moveById.get(line.move_id[0]) : undefined;
    const external = toExternalLine(line, move, accounts, database);
    if (!external) continue;
    (move?.move_type === 'in_refund' ? credits : spend).push(external);
  }
  const netted = netCredits(spend, credits);
  const leftover = describeLeftovers(netted.leftovers);
  return {
    lines: netted.lines,
    revenue: await pullRevenue(client),
    notices: leftover ? [leftover] : [],
  };
}

/** Code and name of every account the lines post to. */
async function readAccounts(
  client: OdooClient,
  moveLines: OdooMoveLine[],
): Promise<Map<number, { code: string; name: string }>> {
  const accountIds = [...new Set(moveLines.flatMap((line) => (line.account_id ? [line.account_id[0]] : [])))];
  const accounts = new Map<number, { code: string; name: string }>();
  if (accountIds.length === 0) return accounts;
  const rows = await client.execute('account.account', 'read', { ids: accountIds, fields: ['code', 'name'] });
  if (!Array.isArray(rows))
    throw new ConnectorError(
      'protocol',
      'Odoo answered account.account.read with something other than a list',
    );
  for (const row of rows as { id: number; code: string | false; name: string }[]) {
    accounts.set(row.id, { code: row.code || '', name: row.name });
  }
  return accounts;
}

/**
 * One bill or credit-note line as the connectors see it, built alike for both so netting compares
 * like with like; null without an account, a date or a currency code. The id is the move line's
 * own (`odoo:<database>:<account.move.line id>`), stable across syncs (decision 016).
 */
function toExternalLine(
  line: OdooMoveLine,
  move: OdooMove | undefined,
  accounts: Map<number, { code: string; name: string }>,
  database: string,
): ExternalLine | null {
  if (!line.account_id) return null;
  const date = line.date || move?.invoice_date || move?.date;
  const currency = (line.currency_id || move?.currency_id || [0, ''])[1];
  if (!date || !/^[A-Z]{3}$/.test(currency)) return null;
  const account = accounts.get(line.account_id[0]) ?? { code: '', name: line.account_id[1] };
  return {
    externalId: `odoo:${database}:${line.id}`,
    date,
    account: { key: String(line.account_id[0]), ...account },
    product: line.product_id ? line.product_id[1] : null,
    amount: line.price_subtotal,
    currency,
    document: move?.name || null,
  };
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
