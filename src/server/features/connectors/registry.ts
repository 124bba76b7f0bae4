// Which adapter serves which source type, and the sealed credentials of a source.
import { and, eq } from 'drizzle-orm';
import { connectorConnections } from '../../../../db/schema/connectors.ts';
import { notSetUpMessage } from '../../../domain/connectors/set-up-words.ts';
import type { ConnectorAvailability, DataSourceType } from '../../../domain/contracts/data-sources.ts';
import type { Config } from '../../config.ts';
import type { ServiceContext } from '../../context.ts';
import type { Logger } from '../../lib/logger.ts';
import { openSecret, sealSecret } from '../../lib/secret-box.ts';
import { odooAdapter } from './odoo/odoo.ts';
import { quickbooksAdapter } from './quickbooks/quickbooks.ts';
import { shopifyAdapter } from './shopify/shopify.ts';
import type { ConnectorAdapter, ConnectorSession, StoredCredentials } from './types.ts';
import { xeroAdapter } from './xero/xero.ts';

const ADAPTERS: Record<string, ConnectorAdapter<unknown> | undefined> = {
  odoo: odooAdapter() as ConnectorAdapter<unknown>,
  shopify: shopifyAdapter() as ConnectorAdapter<unknown>,
  quickbooks: quickbooksAdapter() as ConnectorAdapter<unknown>,
  xero: xeroAdapter() as ConnectorAdapter<unknown>,
};

export function adapterFor(type: string): ConnectorAdapter<unknown> | undefined {
  return ADAPTERS[type];
}

/** The credentials sealed for one source; the source id is the associated data. */
export function sealCredentials(
  ctx: ServiceContext,
  sourceId: string,
  credentials: unknown,
): Promise<string> {
  return sealSecret(ctx.config, JSON.stringify(credentials), `data_source:${sourceId}`, ctx.log);
}

/** A source's credentials as stored, with the sealed text they were read from; null without any. */
export async function readStoredCredentials(
  ctx: ServiceContext,
  companyId: string,
  sourceId: string,
): Promise<StoredCredentials | null> {
  const row = await ctx.db
    .select({ sealed: connectorConnections.sealedCredentials })
    .from(connectorConnections)
    .where(
      and(eq(connectorConnections.dataSourceId, sourceId), eq(connectorConnections.companyId, companyId)),
    )
    .get();
  if (!row) return null;
  const value = JSON.parse(await openSecret(ctx.config, row.sealed, `data_source:${sourceId}`, ctx.log));
  return { value, sealed: row.sealed };
}

/** A source's stored credentials; throws when it has none. */
export async function openCredentials(
  ctx: ServiceContext,
  companyId: string,
  sourceId: string,
): Promise<StoredCredentials> {
  const stored = await readStoredCredentials(ctx, companyId, sourceId);
  if (!stored) throw new Error('This source has no stored credentials: delete it and connect again');
  return stored;
}

export async function readCredentials(ctx: ServiceContext, companyId: string, sourceId: string) {
  return (await openCredentials(ctx, companyId, sourceId)).value;
}

/**
 * Replaces a source's sealed credentials (rotated OAuth tokens) only while the stored sealed text
 * is still `expected`: one conditional UPDATE, so credentials another process or a reconnection
 * stored since are never overwritten (decision 033). Sealing uses a fresh IV each time, so equal
 * sealed text means the very write this operation read. The new sealed text, or null.
 */
async function replaceCredentials(
  ctx: ServiceContext,
  companyId: string,
  sourceId: string,
  expected: string,
  credentials: unknown,
): Promise<string | null> {
  const sealed = await sealCredentials(ctx, sourceId, credentials);
  const written = await ctx.db
    .update(connectorConnections)
    .set({ sealedCredentials: sealed, updatedAt: ctx.now() })
    .where(
      and(
        eq(connectorConnections.dataSourceId, sourceId),
        eq(connectorConnections.companyId, companyId),
        eq(connectorConnections.sealedCredentials, expected),
      ),
    )
    .returning({ id: connectorConnections.dataSourceId });
  if (written.length === 0) {
    ctx.log.info('rotated connector credentials not stored: newer ones were', { sourceId });
    return null;
  }
  return sealed;
}

/**
 * The adapter's session for one source whose credentials were read as `sealed` (null: this
 * operation never stores them, as for a revocation after the delete). Rotated credentials are
 * sealed and stored at once, over the ones read only.
 */
export function connectorSession(
  ctx: ServiceContext,
  companyId: string,
  sourceId: string,
  sealed: string | null,
): ConnectorSession {
  return {
    config: ctx.config,
    now: ctx.now,
    stored: {
      key: `data_source:${sourceId}`,
      sealed,
      read: () => readStoredCredentials(ctx, companyId, sourceId),
      replace: (expected, next) => replaceCredentials(ctx, companyId, sourceId, expected, next),
    },
  };
}

/** OAuth connectors and the server settings that hold their app registration (README, Configuration). */
const OAUTH_APPS: Record<string, { label: string; id: keyof Config; secret: keyof Config } | undefined> = {
  quickbooks: { label: 'QuickBooks', id: 'QUICKBOOKS_CLIENT_ID', secret: 'QUICKBOOKS_CLIENT_SECRET' },
  xero: { label: 'Xero', id: 'XERO_CLIENT_ID', secret: 'XERO_CLIENT_SECRET' },
  shopify: { label: 'Shopify', id: 'SHOPIFY_CLIENT_ID', secret: 'SHOPIFY_CLIENT_SECRET' },
};

/** OAuth connectors whose flow exists: a plain create cannot connect them (no tokens yet). */
const OAUTH_FLOWS: Record<string, string> = {
  quickbooks:
    'QuickBooks connects through Intuit’s authorisation page: use Connect New Source on Data Sources (POST /api/integrations/quickbooks/connect).',
  xero: 'Xero connects through its own authorisation page: use Connect Data Source on the Data Sources screen.',
  shopify:
    'Shopify connects through the store’s authorisation page: use Connect New Source on Data Sources and enter the store name.',
};

/**
 * The settings this server lacks for a connector's app registration: for the logs and the admin
 * docs only, never in a message to a person (issue 17 item 8). Empty when none is missing.
 */
export function missingAppSettings(type: string, config: Config): string[] {
  const app = OAUTH_APPS[type];
  if (!app) return [];
  return [app.id, app.secret].filter((key) => !config[key]);
}

/** Whether a connector can be connected on this server: an OAuth one needs its app registration. */
export function isConnectorSetUp(type: string, config: Config): boolean {
  return missingAppSettings(type, config).length === 0;
}

/**
 * Why an OAuth connector cannot be created like a CSV source: without its app registration it is
 * "not set up on this server", in words for the person, and the missing settings go to the log
 * for the administrator; with it, it connects through its OAuth flow. null for other types.
 */
export function oauthConnectorRefusal(type: string, config: Config, log?: Logger): string | null {
  const app = OAUTH_APPS[type];
  if (!app) return null;
  const missing = missingAppSettings(type, config);
  if (missing.length > 0) {
    log?.warn('connector not set up on this server', { connector: type, missingSettings: missing.join(',') });
    return notSetUpMessage(app.label);
  }
  return OAUTH_FLOWS[type] ?? null;
}

const OFFERED: readonly DataSourceType[] = ['quickbooks', 'xero', 'shopify', 'odoo', 'csv'];

/**
 * GET /api/integrations: each connection the Connect dialog offers and whether this server can
 * make it. Odoo and CSV need nothing of the server; the OAuth connectors need its app registration.
 */
export function listConnectorAvailability(config: Config): ConnectorAvailability[] {
  return OFFERED.map((type) => {
    const app = OAUTH_APPS[type];
    const isAvailable = isConnectorSetUp(type, config);
    return {
      type,
      isAvailable,
      unavailableReason: isAvailable || !app ? null : notSetUpMessage(app.label),
    };
  });
}
