// The QuickBooks Online adapter (decisions 024, 028). Purchases (expenses, cheques, card charges)
// and Bills are read with their account-based and item-based expense lines (quickbooks-lines.ts:
// an item line counts against the item's expense account); each line is one ExternalLine. Vendor
// credits and card credits (Purchase with Credit = true) are supplier credits: they lower the
// spend of the same account, tracking and month (credit-netting.ts) and never become lines of their
// own. Accounts give the number (AcctNum) and full name (FullyQualifiedName) the account mapping
// works from; Class and Department (QuickBooks "locations") name the tracking dimension that
// connector_site_mappings maps to a site. Accounts, items, classes and locations are read active
// and inactive alike (decision 076). Every page that fails fails the pull: no partial sync. Revenue is the "Total Income" of the ProfitAndLoss
// report summarised by year.
import { describeLeftovers, netCredits } from '../../../../domain/connectors/credit-netting.ts';
import type { ConnectorAdapter, ConnectorPull, ConnectorSession, ExternalLine } from '../types.ts';
import { ConnectorError } from '../types.ts';
import { QuickBooksClient, type QuickBooksClientOptions } from './quickbooks-client.ts';
import {
  describeUnplaced,
  type QbAccount,
  type QbItem,
  type QbLookups,
  type QbNamed,
  type QbTransaction,
  transactionLines,
} from './quickbooks-lines.ts';
import {
  isQuickBooksTokens,
  type QuickBooksSession,
  type QuickBooksTokens,
  quickBooksSession,
  RECONNECT_MESSAGE,
} from './quickbooks-oauth.ts';
import { profitAndLossRevenue, revenueRange } from './quickbooks-revenue.ts';
import { revokeQuickBooks } from './quickbooks-revoke.ts';

/** Active and inactive entries of a name list (Intuit's query guide). */
const ALL = 'Active IN (true, false)';

interface QbPreferences {
  CurrencyPrefs?: { HomeCurrency?: { value: string } };
}

export function quickbooksAdapter(options: QuickBooksClientOptions = {}): ConnectorAdapter<QuickBooksTokens> {
  return {
    type: 'quickbooks',
    async testConnection(tokens, connector) {
      try {
        const client = new QuickBooksClient(clientSession(tokens, connector), options);
        await client.get(`/companyinfo/${encodeURIComponent(client.realmId)}`);
        return { connected: true, error: null };
      } catch (error) {
        if (error instanceof ConnectorError) return { connected: false, error: error.message };
        throw error;
      }
    },
    async pull(tokens, connector) {
      return pullQuickBooks(new QuickBooksClient(clientSession(tokens, connector), options), connector.now());
    },
    revoke: revokeQuickBooks,
  };
}

/**
 * The client's view of a source: its tokens, the server's app, and where rotated tokens go (the
 * stored source of the sync's or Test's ConnectorSession; Intuit rotates refresh tokens).
 */
function clientSession(tokens: QuickBooksTokens, connector: ConnectorSession): QuickBooksSession {
  // Sealed JSON from an older or foreign shape cannot be refreshed: ask for a new connection.
  if (!isQuickBooksTokens(tokens)) throw new ConnectorError('credentials', RECONNECT_MESSAGE);
  return quickBooksSession(connector.config, connector.now, tokens, connector.stored);
}

/** The QuickBooks company's name (CompanyInfo), to name a source the user did not name. */
export async function quickBooksCompanyName(client: QuickBooksClient): Promise<string | null> {
  const body = await client.get(`/companyinfo/${encodeURIComponent(client.realmId)}`);
  const info = body.CompanyInfo as { CompanyName?: unknown } | undefined;
  return typeof info?.CompanyName === 'string' && info.CompanyName.trim() ? info.CompanyName.trim() : null;
}

function names(rows: QbNamed[]): Map<string, string> {
  return new Map(rows.map((row) => [row.Id, row.FullyQualifiedName || row.Name]));
}

async function pullQuickBooks(client: QuickBooksClient, now: Date): Promise<ConnectorPull> {
  // Preferences are read, not queried: Intuit documents GET /preferences, and no paging on them.
  const preferences = (await client.get('/preferences')).Preferences as QbPreferences | undefined;
  // Name lists answer only active entries unless asked for both (decision 076): a line on an
  // account, item, class or location made inactive since keeps its classification and its name.
  const lookups: QbLookups = {
    realmId: client.realmId,
    homeCurrency: preferences?.CurrencyPrefs?.HomeCurrency?.value ?? null,
    accounts: new Map((await client.queryAll<QbAccount>('Account', ALL)).map((row) => [row.Id, row])),
    items: new Map((await client.queryAll<QbItem>('Item', ALL)).map((row) => [row.Id, row])),
    classes: names(await client.queryAll<QbNamed>('Class', ALL)),
    locations: names(await client.queryAll<QbNamed>('Department', ALL)),
  };
  const purchases = await client.queryAll<QbTransaction>('Purchase');
  const sources = [
    ['Purchase', purchases.filter((txn) => txn.Credit !== true), 'spend'],
    ['Bill', await client.queryAll<QbTransaction>('Bill'), 'spend'],
    ['Purchase', purchases.filter((txn) => txn.Credit === true), 'credit'],
    ['VendorCredit', await client.queryAll<QbTransaction>('VendorCredit'), 'credit'],
  ] as const;
  const spend: ExternalLine[] = [];
  const credits: ExternalLine[] = [];
  const unplaced: string[] = [];
  let skipped = 0;
  for (const [kind, transactions, role] of sources) {
    for (const txn of transactions) {
      const read = transactionLines(kind, txn, lookups);
      (role === 'spend' ? spend : credits).push(...read.lines);
      unplaced.push(...read.unplaced);
      if (role === 'spend') skipped += read.unplaced.length;
    }
  }
  const netted = netCredits(spend, credits);
  const range = revenueRange(netted.lines, now);
  const report = await client.get('/reports/ProfitAndLoss', {
    start_date: range.start,
    end_date: range.end,
    summarize_column_by: 'Year',
  });
  const notices = [describeUnplaced(unplaced), describeLeftovers(netted.leftovers)].filter(
    (notice): notice is string => notice !== null,
  );
  return {
    lines: netted.lines,
    revenue: profitAndLossRevenue(report, lookups.homeCurrency),
    notices,
    skipped,
  };
}
