// Which site each tracking option of a connector source books to (decision 025): listed after a
// sync has seen the options, changed by members; a change applies at the next sync, which
// replaces the moved lines (the site is part of a line's fingerprint).
import { and, asc, eq } from 'drizzle-orm';
import { connectorSiteMappings } from '../../../../db/schema/connectors.ts';
import { sites } from '../../../../db/schema/ledger.ts';
import type { SiteMapping, UpdateSiteMappings } from '../../../domain/contracts/data-sources.ts';
import type { AuthedContext } from '../../context.ts';
import { HttpError } from '../../lib/errors.ts';
import { auditInsert } from '../audit/service.ts';
import { requireSource } from './service.ts';

const ofSource = (ctx: AuthedContext, sourceId: string) =>
  and(eq(connectorSiteMappings.dataSourceId, sourceId), eq(connectorSiteMappings.companyId, ctx.companyId));

export async function listSiteMappings(ctx: AuthedContext, sourceId: string): Promise<SiteMapping[]> {
  await requireSource(ctx, sourceId);
  // The sync's default site (site-resolution.ts): the first by creation, then name.
  const first = await ctx.db
    .select({ id: sites.id })
    .from(sites)
    .where(eq(sites.companyId, ctx.companyId))
    .orderBy(asc(sites.createdAt), asc(sites.name))
    .get();
  const rows = await ctx.db
    .select({
      trackingKey: connectorSiteMappings.trackingKey,
      trackingName: connectorSiteMappings.trackingName,
      siteId: connectorSiteMappings.siteId,
      isUserSet: connectorSiteMappings.isUserSet,
    })
    .from(connectorSiteMappings)
    .where(ofSource(ctx, sourceId))
    .orderBy(asc(connectorSiteMappings.trackingName), asc(connectorSiteMappings.trackingKey));
  return rows.map((row) => ({ ...row, effectiveSiteId: row.siteId ?? first?.id ?? null }));
}

export async function updateSiteMappings(
  ctx: AuthedContext,
  sourceId: string,
  input: UpdateSiteMappings,
): Promise<SiteMapping[]> {
  const known = new Set((await listSiteMappings(ctx, sourceId)).map((row) => row.trackingKey));
  const ownSites = new Set(
    (await ctx.db.select({ id: sites.id }).from(sites).where(eq(sites.companyId, ctx.companyId))).map(
      (site) => site.id,
    ),
  );
  const fieldErrors: Record<string, string[]> = {};
  for (const [index, change] of input.mappings.entries()) {
    if (!known.has(change.trackingKey))
      fieldErrors[`mappings.${index}.trackingKey`] = ['Unknown tracking option'];
    // Another company's site answers like a missing one.
    if (change.siteId !== null && !ownSites.has(change.siteId))
      fieldErrors[`mappings.${index}.siteId`] = ['Unknown site'];
  }
  if (Object.keys(fieldErrors).length > 0) {
    throw new HttpError(
      400,
      'Choose one of your sites for each tracking option (sync the source first)',
      'validation_failed',
      {
        fieldErrors,
      },
    );
  }
  const now = ctx.now();
  await ctx.db.batch([
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'data_source_site_mapping_updated',
      entityType: 'data_source',
      entityId: sourceId,
    }),
    ...input.mappings.map((change) =>
      ctx.db
        .update(connectorSiteMappings)
        .set({ siteId: change.siteId, isUserSet: true, updatedAt: now })
        .where(and(ofSource(ctx, sourceId), eq(connectorSiteMappings.trackingKey, change.trackingKey))),
    ),
  ]);
  return listSiteMappings(ctx, sourceId);
}
