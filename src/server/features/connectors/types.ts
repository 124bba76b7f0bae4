// The shape every connector adapter has (decision 016). An adapter only talks to its provider and
// returns plain data; the sync (sync.ts) turns that data into ledger lines, with the account
// mapping, the stable ids and the writes.
import type { Config } from '../../config.ts';

/** Why a provider call failed; `kind` decides whether the sync job retries. */
export type ConnectorErrorKind =
  /** Login refused, key revoked or expired: retrying cannot help. */
  | 'credentials'
  /** DNS, refused connection, timeout, 5xx: retried. */
  | 'unreachable'
  /** 429 still answered after the allowed waits: retried later. */
  | 'rate_limited'
  /** The server answered something that is not the provider's protocol: not retried. */
  | 'protocol'
  /** The provider refused the request with its own error (access rights, missing module…). */
  | 'provider';

/** A failure written for people: the message is shown as the source's reason. */
export class ConnectorError extends Error {
  override name = 'ConnectorError';
  constructor(
    readonly kind: ConnectorErrorKind,
    message: string,
  ) {
    super(message);
  }

  get isRetryable(): boolean {
    return this.kind === 'unreachable' || this.kind === 'rate_limited';
  }
}

/**
 * The provider refused the refresh token itself (OAuth `invalid_grant`, RFC 6749 §5.2): revoked,
 * expired, or already rotated by another operation. token-rotation.ts tells the last case from
 * the others before the source is put in error (decision 033).
 */
export class GrantRefusedError extends ConnectorError {
  override name = 'GrantRefusedError';
  constructor(message: string) {
    super('credentials', message);
  }
}

export interface ConnectionTest {
  connected: boolean;
  error: string | null;
}

/** One purchase line as the provider holds it, before mapping. */
export interface ExternalLine {
  /** Stable across syncs: the provider's own id, e.g. `odoo:<database>:<account.move.line id>`. */
  externalId: string;
  /** `YYYY-MM-DD` */
  date: string;
  account: { key: string; code: string; name: string };
  product: string | null;
  /** Amount excluding tax, in `currency`. */
  amount: number;
  /** ISO 4217 */
  currency: string;
  /** The bill's number, for people reading the ledger. */
  document: string | null;
  /**
   * The provider dimension that says where the spend happened (a Xero tracking option, a
   * QuickBooks class or location), mapped to a site by connector_site_mappings; absent or null
   * books the line to the company's first site.
   */
  tracking?: { key: string; name: string } | null;
  /**
   * A USEEIO NAICS code the provider knows fits better than a guess from the account's name
   * (Shopify shipping lines: couriers); used for the account's first mapping only.
   */
  suggestedVariant?: string;
}

export interface RevenueYear {
  year: number;
  amount: number;
  currency: string;
}

export interface ConnectorPull {
  lines: ExternalLine[];
  revenue: RevenueYear[];
  /**
   * `YYYY-MM-DD` when the provider only shows lines from that day on (Shopify without
   * read_all_orders: 60 days). The sync keeps older lines that no longer come back instead of
   * removing them; absent or null: the pull is complete.
   */
  reachFrom?: string | null;
  /**
   * Sentences for people about what the adapter read but left out or could not apply (item lines
   * without an account, supplier credit beyond the month's spend: decision 028). The sync writes
   * them on its record, with its own "Not imported" problems.
   */
  notices?: string[];
  /** Purchase lines the adapter read but could not import: counted as fetched and skipped. */
  skipped?: number;
}

/** A source's credentials as stored: the parsed JSON and the sealed text it was read from. */
export interface StoredCredentials {
  value: unknown;
  sealed: string;
}

/**
 * One operation's handle on a source's sealed credentials (registry.ts), for providers that rotate
 * refresh tokens (token-rotation.ts, decision 033).
 */
export interface StoredSource {
  /** Names the source among this process's operations, so they share one refresh. */
  key: string;
  /**
   * The sealed text of the credentials this operation holds; null when it must never write them
   * (another operation stored newer ones first, or the source is being deleted).
   */
  sealed: string | null;
  /** What is stored now; null when the source has no credentials any more (deleted). */
  read(): Promise<StoredCredentials | null>;
  /**
   * Stores `next` only while the stored sealed text is still `expected`, so credentials another
   * operation stored meanwhile are never overwritten; the new sealed text, or null when not stored.
   */
  replace(expected: string, next: unknown): Promise<string | null>;
}

/**
 * What an adapter may use besides its credentials: the server's settings (OAuth app, origins), the
 * clock, and the stored source, where credentials the provider replaced go at once (OAuth refresh
 * tokens rotate: the new pair must be kept whatever happens to the sync).
 */
export interface ConnectorSession {
  config: Config;
  now: () => Date;
  /** Absent when nothing is stored for the credentials (Odoo's test before the source exists). */
  stored?: StoredSource;
  /** Waits between 429 retries (tests pass a recorder). */
  sleep?: (ms: number) => Promise<void>;
  /** Aborts the adapter's requests: a revocation has a short deadline (decision 029). */
  signal?: AbortSignal;
}

export interface ConnectorAdapter<Credentials> {
  type: string;
  testConnection(credentials: Credentials, session: ConnectorSession): Promise<ConnectionTest>;
  /** Every purchase line and the revenue per year (full pull: re-syncs reconcile, see sync.ts). */
  pull(credentials: Credentials, session: ConnectorSession): Promise<ConnectorPull>;
  /**
   * Ends the app's access at the provider once the source is deleted here (decision 029): resolves
   * when the provider no longer honours these credentials (also when it had already ended them),
   * throws a ConnectorError otherwise. Absent (Odoo): the credentials are only forgotten, as an
   * Odoo API key is the user's own and is revoked in Odoo.
   */
  revoke?(credentials: Credentials, session: ConnectorSession): Promise<void>;
}
