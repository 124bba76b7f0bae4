// The QuickBooks Online adapter (decision 024). Purchases (expenses, cheques, card charges) and
// Bills are read with their account-based expense lines (AccountBasedExpenseLineDetail: AccountRef,
// ClassRef); each such line is one ExternalLine. Accounts give the number (AcctNum) and full name
// (FullyQualifiedName) the account mapping works from; Class and Department (QuickBooks
// "locations") name the tracking dimension that connector_site_mappings maps to a site. Revenue is
// the "Total Income" of the ProfitAndLoss report summarised by year.
import { QuickBooksClient, type QuickBooksClientOptions } from './quickbooks-client.ts';
import {
  isQuickBooksTokens,
  type QuickBooksSession,
  type QuickBooksTokens,
  quickBooksSession,
  RECONNECT_MESSAGE,
} from './quickbooks-oauth.ts';
import { profitAndLossRevenue, revenueRange } from './quickbooks-revenue.ts';
import { revokeQuickBooks } from './quickbooks-revoke.ts';
import type { ConnectorAdapter, ConnectorPull, ConnectorSession, ExternalLine } from './types.ts';
import { ConnectorError } from './types.ts';

interface Ref {
  value: string;
  name?: string;
}

interface QbAccount {
  Id: string;
  Name: string;
  FullyQualifiedName?: string;
  AcctNum?: string;
  Classification?: string;
}

interface QbNamed {
  Id: string;
  Name: string;
  FullyQualifiedName?: string;
}

interface QbLine {
  Id?: string;
  Amount?: number;
  Description?: string;
  DetailType?: string;
  AccountBasedExpenseLineDetail?: { AccountRef?: Ref; ClassRef?: Ref };
}

/** Purchase and Bill share what the connector reads. */
interface QbTransaction {
  Id: string;
  TxnDate?: string;
  DocNumber?: string;
  CurrencyRef?: Ref;
  DepartmentRef?: Ref;
  /** Purchase only: true for a credit card credit (a refund), not a purchase. */
  Credit?: boolean;
  Line?: QbLine[];
}

interface QbPreferences {
  CurrencyPrefs?: { HomeCurrency?: Ref };
}

/**
 * Lines booked to these account classifications move money between balance-sheet accounts
 * (paying a card or a loan, owner's draws): they are not purchases, so they are not imported.
 */
const NOT_PURCHASES = new Set(['Liability', 'Equity', 'Revenue']);

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
 * sync's ConnectorSession seals and stores them at once; Intuit rotates refresh tokens).
 */
function clientSession(tokens: QuickBooksTokens, connector: ConnectorSession): QuickBooksSession {
  // Sealed JSON from an older or foreign shape cannot be refreshed: ask for a new connection.
  if (!isQuickBooksTokens(tokens)) throw new ConnectorError('credentials', RECONNECT_MESSAGE);
  return quickBooksSession(connector.config, connector.now, tokens, (next) =>
    connector.saveCredentials(next),
  );
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
  const [preferences] = await client.queryAll<QbPreferences>('Preferences');
  const homeCurrency = preferences?.CurrencyPrefs?.HomeCurrency?.value ?? null;
  const accounts = new Map((await client.queryAll<QbAccount>('Account')).map((row) => [row.Id, row]));
  const classes = names(await client.queryAll<QbNamed>('Class'));
  const locations = names(await client.queryAll<QbNamed>('Department'));
  const kinds = [
    ['Purchase', await client.queryAll<QbTransaction>('Purchase')],
    ['Bill', await client.queryAll<QbTransaction>('Bill')],
  ] as const;
  const lines: ExternalLine[] = [];
  for (const [kind, transactions] of kinds) {
    for (const txn of transactions) {
      if (txn.Credit === true || !txn.TxnDate || !/^\d{4}-\d{2}-\d{2}$/.test(txn.TxnDate)) continue;
      const currency = txn.CurrencyRef?.value ?? homeCurrency;
      if (!currency || !/^[A-Z]{3}$/.test(currency)) continue;
      const location = txn.DepartmentRef?.value
        ? {
            key: `location:${txn.DepartmentRef.value}`,
            name: locations.get(txn.DepartmentRef.value) ?? txn.DepartmentRef.name ?? txn.DepartmentRef.value,
          }
        : null;
      for (const line of txn.Line ?? []) {
        const detail = line.AccountBasedExpenseLineDetail;
        const accountRef = detail?.AccountRef;
        if (line.DetailType !== 'AccountBasedExpenseLineDetail' || !accountRef?.value || !line.Id) continue;
        if (typeof line.Amount !== 'number') continue;
        const account = accounts.get(accountRef.value);
        if (account?.Classification && NOT_PURCHASES.has(account.Classification)) continue;
        const classRef = detail?.ClassRef;
        lines.push({
          externalId: `quickbooks:${client.realmId}:${kind}:${txn.Id}:${line.Id}`,
          date: txn.TxnDate,
          account: {
            key: accountRef.value,
            code: account?.AcctNum ?? '',
            name: account
              ? account.FullyQualifiedName || account.Name
              : (accountRef.name ?? accountRef.value),
          },
          product: line.Description?.trim() || null,
          amount: line.Amount,
          currency,
          document: `${kind} ${txn.DocNumber || txn.Id}`,
          tracking: classRef?.value
            ? {
                key: `class:${classRef.value}`,
                name: classes.get(classRef.value) ?? classRef.name ?? classRef.value,
              }
            : location,
        });
      }
    }
  }
  const range = revenueRange(lines, now);
  const report = await client.get('/reports/ProfitAndLoss', {
    start_date: range.start,
    end_date: range.end,
    summarize_column_by: 'Year',
  });
  return { lines, revenue: profitAndLossRevenue(report, homeCurrency) };
}
