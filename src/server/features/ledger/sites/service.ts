import { and, asc, count, eq } from 'drizzle-orm';
import { activityLines, sites } from '../../../../../db/schema/ledger.ts';
import type { SaveSite, Site } from '../../../../domain/contracts/ledger.ts';
import { readSiteRegion } from '../../../../domain/emissions/site-regions.ts';
import type { AuthedContext } from '../../../context.ts';
import { conflict, HttpError, isUniqueViolation, notFound } from '../../../lib/errors.ts';
import { auditInsert } from '../../audit/service.ts';
import { companyKeyOf, siteKeyOf } from '../lines/ledger-keys.ts';

const siteColumns = {
  id: sites.id,
  name: sites.name,
  country: sites.country,
  region: sites.region,
  postcode: sites.postcode,
};

const ownSite = (ctx: AuthedContext, id: string) => and(eq(sites.id, id), eq(sites.companyId, ctx.companyId));

const nameTaken = () => conflict('A site with this name already exists');

/**
 * The site's region as stored: one the factor library knows for its country, or none. Typed
 * loosely ("CAMX", "England") it is read when unambiguous; otherwise a 400 that lists the choices
 * (site-regions.ts, decision 049). The import's new sites go through here too.
 */
export function siteRegion(country: string, region: string | null | undefined): string | null {
  const reading = readSiteRegion(country, region);
  if (reading.ok) return reading.region;
  throw new HttpError(400, reading.message, 'invalid_region', {
    formErrors: [],
    fieldErrors: { region: [reading.message] },
    choices: reading.choices.map(({ code, label }) => ({ code, label })),
  });
}

export function listSites(ctx: AuthedContext): Promise<Site[]> {
  return ctx.db
    .select(siteColumns)
    .from(sites)
    .where(eq(sites.companyId, ctx.companyId))
    .orderBy(asc(sites.name));
}

/** One of the caller's sites, or 404 (another company's id answers exactly like a missing one). */
export async function getSite(ctx: AuthedContext, id: string): Promise<Site> {
  const site = await ctx.db.select(siteColumns).from(sites).where(ownSite(ctx, id)).get();
  if (!site) throw notFound('Site');
  return site;
}

export async function createSite(ctx: AuthedContext, input: SaveSite): Promise<Site> {
  const region = siteRegion(input.country, input.region);
  const id = crypto.randomUUID();
  const now = ctx.now();
  try {
    const [inserted] = await ctx.db.batch([
      ctx.db
        .insert(sites)
        .values({
          id,
          companyId: ctx.companyId,
          name: input.name,
          country: input.country,
          region,
          postcode: input.postcode || null,
          createdAt: now,
          updatedAt: now,
        })
        .returning(siteColumns),
      auditInsert(ctx, {
        companyId: ctx.companyId,
        userId: ctx.userId,
        action: 'site_created',
        entityType: 'site',
        entityId: id,
      }),
    ]);
    return inserted[0]!;
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/**
 * Renames or moves a site. Stored results keep the factors they were calculated with; a new
 * country applies to lines added or recalculated from now on (only an explicit recalculation
 * changes stored results).
 */
export async function updateSite(ctx: AuthedContext, id: string, input: SaveSite): Promise<Site> {
  await getSite(ctx, id);
  const region = siteRegion(input.country, input.region);
  try {
    const [updated] = await ctx.db.batch([
      ctx.db
        .update(sites)
        .set({
          name: input.name,
          country: input.country,
          region,
          postcode: input.postcode || null,
          updatedAt: ctx.now(),
        })
        .where(ownSite(ctx, id))
        .returning(siteColumns),
      auditInsert(ctx, {
        companyId: ctx.companyId,
        userId: ctx.userId,
        action: 'site_updated',
        entityType: 'site',
        entityId: id,
      }),
    ]);
    if (!updated[0]) throw notFound('Site');
    return updated[0];
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

const siteInUse = () =>
  conflict('This site has activity lines. Delete them or move them to another site before deleting it.');

/** Refused with 409 while any line uses the site (the foreign key restricts it as well). */
export async function deleteSite(ctx: AuthedContext, id: string): Promise<void> {
  await getSite(ctx, id);
  const used = await ctx.db
    .select({ n: count() })
    .from(activityLines)
    .where(
      and(
        eq(activityLines.companyKey, companyKeyOf(ctx.companyId)),
        eq(activityLines.siteKey, siteKeyOf(ctx.companyId, id)),
      ),
    )
    .get();
  if (used && used.n > 0) throw siteInUse();
  try {
    await ctx.db.batch([
      ctx.db.delete(sites).where(ownSite(ctx, id)),
      auditInsert(ctx, {
        companyId: ctx.companyId,
        userId: ctx.userId,
        action: 'site_deleted',
        entityType: 'site',
        entityId: id,
      }),
    ]);
  } catch (error) {
    // A line added between the check and the delete: the foreign key refuses, nothing is written.
    if (
      /FOREIGN KEY constraint failed/i.test(
        String((error as { cause?: unknown })?.cause ?? '') + String(error),
      )
    ) {
      throw siteInUse();
    }
    throw error;
  }
}
