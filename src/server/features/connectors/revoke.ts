// Revoking a deleted source's access at its provider (decision 029). The delete itself is one
// batch and never waits on the provider: the credentials are read before it (they cascade away
// with the source), and revocation runs after it under a short deadline. Its outcome is audited
// (`data_source_access_revoked` or `data_source_revocation_failed`) and told to the person, with
// what to do in the provider's own screens when it failed. Erasing an account deletes whole
// companies with their sources: revoke-company.ts does the same for those (decision 032).
import type { DataSourceDeleted } from '../../../domain/contracts/data-sources.ts';
import type { AuthedContext, ServiceContext } from '../../context.ts';
import { auditInsert } from '../audit/service.ts';
import { adapterFor, connectorSession, readCredentials } from './registry.ts';
import { type ConnectorAdapter, ConnectorError } from './types.ts';

/** What a person does at the provider when the app could not revoke its own access. */
const PROVIDERS: Record<string, { label: string; instead: string } | undefined> = {
  quickbooks: {
    label: 'QuickBooks',
    instead: 'Disconnect the app in QuickBooks too (Apps, then Disconnect beside the app).',
  },
  xero: { label: 'Xero', instead: 'Disconnect the app in Xero too (Settings → Connected Apps).' },
  shopify: {
    label: 'Shopify',
    instead: 'Uninstall the app in your Shopify admin too (Settings → Apps).',
  },
};

/** A source about to be deleted whose provider access can be revoked: its unsealed credentials. */
export interface PendingRevocation {
  companyId: string;
  sourceId: string;
  type: string;
  adapter: ConnectorAdapter<unknown>;
  credentials: unknown;
  /** Why the credentials could not be read (nothing can be revoked then). */
  unreadable: string | null;
}

/** Reads what revocation needs; null for a source type without it (CSV, Odoo, receipts). */
export async function prepareRevocation(
  ctx: ServiceContext,
  companyId: string,
  source: { id: string; type: string },
): Promise<PendingRevocation | null> {
  const adapter = adapterFor(source.type);
  if (!adapter?.revoke) return null;
  const pending = {
    companyId,
    sourceId: source.id,
    type: source.type,
    adapter,
    credentials: null,
    unreadable: null,
  };
  try {
    return { ...pending, credentials: await readCredentials(ctx, companyId, source.id) };
  } catch (error) {
    ctx.log.warn('connector credentials unreadable at delete', { sourceId: source.id, error: String(error) });
    return { ...pending, unreadable: 'the stored credentials could not be read' };
  }
}

/**
 * The time every request of a revocation must fit in (config CONNECTOR_REVOKE_DEADLINE_MS: the
 * whole refresh, connection removal and revocation, 10 s by default): its signal aborts them and
 * `expired` rejects when it passes. Several revocations may share one (an erased account's sources, decision 032).
 */
export interface RevocationDeadline {
  signal: AbortSignal;
  expired: Promise<never>;
  clear(): void;
}

export function startRevocationDeadline(ms: number): RevocationDeadline {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new ConnectorError('unreachable', `no answer within ${ms / 1000} seconds`));
    }, ms);
  });
  // Nobody may be waiting when it passes (between two revocations): not an unhandled rejection.
  expired.catch(() => undefined);
  return { signal: controller.signal, expired, clear: () => clearTimeout(timer) };
}

/** Revokes one source's access before the deadline; null when done, else why not (for people). */
export async function attemptRevocation(
  ctx: ServiceContext,
  pending: PendingRevocation,
  deadline: RevocationDeadline,
): Promise<string | null> {
  if (pending.unreadable) return pending.unreadable;
  // The source is gone: a token rotated on the way is used at once and never stored, but a refresh
  // still joins one that an operation of this process has in flight for the source (decision 033).
  const session = {
    ...connectorSession(ctx, pending.companyId, pending.sourceId, null),
    signal: deadline.signal,
  };
  try {
    // The race stops waiting for an adapter that did not heed the signal.
    await Promise.race([pending.adapter.revoke!(pending.credentials, session), deadline.expired]);
    return null;
  } catch (error) {
    if (error instanceof ConnectorError) return error.message;
    ctx.log.error('connector revocation failed unexpectedly', {
      sourceId: pending.sourceId,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    return 'an unexpected error';
  }
}

/**
 * Runs after the delete's batch: revokes, audits the outcome, and says what it means. Never
 * throws for the provider's sake: the source is already deleted, as the person asked.
 */
export async function revokeDeletedSource(
  ctx: AuthedContext,
  pending: PendingRevocation | null,
): Promise<DataSourceDeleted> {
  if (!pending) return { providerAccess: 'none', message: null };
  const deadline = startRevocationDeadline(ctx.config.CONNECTOR_REVOKE_DEADLINE_MS);
  const failure = await attemptRevocation(ctx, pending, deadline).finally(deadline.clear);
  const provider = PROVIDERS[pending.type] ?? { label: pending.type, instead: '' };
  try {
    await auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: failure ? 'data_source_revocation_failed' : 'data_source_access_revoked',
      entityType: 'data_source',
      entityId: pending.sourceId,
    });
  } catch (error) {
    ctx.log.error('revocation audit row not written', { sourceId: pending.sourceId, error: String(error) });
  }
  if (!failure) return { providerAccess: 'revoked', message: null };
  ctx.log.warn('connector access not revoked', { sourceId: pending.sourceId, reason: failure });
  return {
    providerAccess: 'not_revoked',
    message:
      `${provider.label} did not confirm that this app’s access was revoked (${failure}). ${provider.instead}`.trim(),
  };
}
