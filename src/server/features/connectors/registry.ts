// Which adapter serves which source type, and the sealed credentials of a source.
import { and, eq } from 'drizzle-orm';
import { connectorConnections } from '../../../../db/schema/connectors.ts';
import type { Config } from '../../config.ts';
import type { ServiceContext } from '../../context.ts';
import { openSecret, sealSecret } from '../../lib/secret-box.ts';
import { odooAdapter } from './odoo.ts';
import { quickbooksAdapter } from './quickbooks.ts';
import { shopifyAdapter } from './shopify.ts';
import type { ConnectorAdapter, ConnectorSession } from './types.ts';
import { xeroAdapter } from './xero.ts';

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

export async function readCredentials(
  ctx: ServiceContext,
  companyId: string,
  sourceId: string,
): Promise<unknown> {
  const row = await ctx.db
    .select({ sealed: connectorConnections.sealedCredentials })
    .from(connectorConnections)
    .where(
      and(eq(connectorConnections.dataSourceId, sourceId), eq(connectorConnections.companyId, companyId)),
    )
    .get();
  if (!row) throw new Error('This source has no stored credentials: delete it and connect again');
  return JSON.parse(await openSecret(ctx.config, row.sealed, `data_source:${sourceId}`, ctx.log));
}

/** Replaces a source's sealed credentials (rotated OAuth tokens, a reconnection). */
export async function storeCredentials(
  ctx: ServiceContext,
  companyId: string,
  sourceId: string,
  credentials: unknown,
): Promise<void> {
  const sealed = await sealCredentials(ctx, sourceId, credentials);
  await ctx.db
    .update(connectorConnections)
    .set({ sealedCredentials: sealed, updatedAt: ctx.now() })
    .where(
      and(eq(connectorConnections.dataSourceId, sourceId), eq(connectorConnections.companyId, companyId)),
    );
}

/** The adapter's session for one source: rotated credentials are sealed and stored at once. */
export function connectorSession(ctx: ServiceContext, companyId: string, sourceId: string): ConnectorSession {
  return {
    config: ctx.config,
    now: ctx.now,
    saveCredentials: (credentials) => storeCredentials(ctx, companyId, sourceId, credentials),
  };
}

/** OAuth connectors of the next slice: what to say when asked to connect one. */
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
 * Why an OAuth connector cannot be created like a CSV source: without its app credentials it is
 * "not configured" with the settings to add; with them, it connects through its OAuth flow.
 * null for other types.
 */
export function oauthConnectorRefusal(type: string, config: Config): string | null {
  const app = OAUTH_APPS[type];
  if (!app) return null;
  if (!config[app.id] || !config[app.secret]) {
    return `${app.label} is not configured: set ${app.id} and ${app.secret} on the server (an app registered with ${app.label}), then connect again.`;
  }
  return OAUTH_FLOWS[type] ?? null;
}
