// Revoking the provider access of every connector source of companies deleted whole, when a person
// erases their account or the retention job erases an inactive one (privacy/erase.ts, decisions
// 021, 029, 032). The same order as a single source's delete (revoke.ts): credentials read and
// unsealed before the erasure's batch (they cascade away with the company), the batch unchanged,
// then each revocation under the same 10-second deadline, never failing the erasure.
//
// No audit row can record the outcome: the company and its audit log went with the batch. The app
// log does, with the source's id, type and our own reason only: no name, email, shop or
// organisation (the person has just asked to be forgotten).
import { inArray } from 'drizzle-orm';
import { dataSources } from '../../../../db/schema/ledger.ts';
import type { ServiceContext } from '../../context.ts';
import {
  attemptRevocation,
  type PendingRevocation,
  prepareRevocation,
  startRevocationDeadline,
} from './revoke.ts';

/** Before the erasure's batch: what revoking the companies' connector sources needs. */
export async function prepareCompanyRevocations(
  ctx: ServiceContext,
  companyIds: readonly string[],
): Promise<PendingRevocation[]> {
  if (companyIds.length === 0) return [];
  try {
    const sources = await ctx.db
      .select({ id: dataSources.id, type: dataSources.type, companyId: dataSources.companyId })
      .from(dataSources)
      .where(inArray(dataSources.companyId, [...companyIds]));
    const pending = await Promise.all(
      sources.map((source) => prepareRevocation(ctx, source.companyId, source)),
    );
    return pending.filter((item): item is PendingRevocation => item !== null);
  } catch (error) {
    // The erasure goes ahead: the person's request does not wait on the providers.
    ctx.log.error('connector sources not read before account deletion', { error: String(error) });
    return [];
  }
}

/**
 * After the batch: revokes each source the batch really deleted (a company someone joined in the
 * meantime was kept, and its sources stay connected). One deadline for all, so the erasure answers
 * at most 10 s after its batch; sources of one provider go one after another, since a Xero grant
 * is revoked only once its last organisation is disconnected (xero-revoke.ts). Never throws.
 */
export async function revokeErasedSources(ctx: ServiceContext, pending: PendingRevocation[]): Promise<void> {
  if (pending.length === 0) return;
  const deadline = startRevocationDeadline(ctx.config.CONNECTOR_REVOKE_DEADLINE_MS);
  try {
    const kept = new Set(
      (
        await ctx.db
          .select({ id: dataSources.id })
          .from(dataSources)
          .where(
            inArray(
              dataSources.id,
              pending.map((item) => item.sourceId),
            ),
          )
      ).map((row) => row.id),
    );
    const byType = new Map<string, PendingRevocation[]>();
    for (const item of pending) {
      if (!kept.has(item.sourceId)) byType.set(item.type, [...(byType.get(item.type) ?? []), item]);
    }
    await Promise.all(
      [...byType.values()].map(async (sources) => {
        for (const source of sources) {
          const failure = await attemptRevocation(ctx, source, deadline);
          const fields = { sourceId: source.sourceId, type: source.type };
          if (failure)
            ctx.log.warn('connector access not revoked after account deletion', {
              ...fields,
              reason: failure,
            });
          else ctx.log.info('connector access revoked after account deletion', fields);
        }
      }),
    );
  } catch (error) {
    ctx.log.error('connector revocation after account deletion failed', { error: String(error) });
  } finally {
    deadline.clear();
  }
}
