// The sites an import matches names against, and the ones it creates from the mapping step's
// answers (decision 049): created just before the import's lines (their foreign key), removed
// again if the import does not complete.
import { and, eq, inArray } from 'drizzle-orm';
import { nextLedgerKey } from '../../../../../db/schema/columns.ts';
import { sites } from '../../../../../db/schema/ledger.ts';
import type { AuthedContext } from '../../../context.ts';
import { conflict } from '../../../lib/errors.ts';
import type { CompanySite, NewSite } from './import-answers.ts';

export async function listCompanySites(ctx: AuthedContext): Promise<CompanySite[]> {
  return ctx.db
    .select({ id: sites.id, name: sites.name, country: sites.country, region: sites.region })
    .from(sites)
    .where(eq(sites.companyId, ctx.companyId));
}

export async function insertNewSites(
  ctx: AuthedContext,
  created: readonly NewSite[],
  now: Date,
): Promise<void> {
  if (created.length === 0) return;
  try {
    await ctx.db.insert(sites).values(
      created.map((site, n) => ({
        ...site,
        ledgerKey: nextLedgerKey('sites', n + 1),
        companyId: ctx.companyId,
        createdAt: now,
        updatedAt: now,
      })),
    );
  } catch (error) {
    // Another request created a site of that name since the answers were read.
    if (
      /UNIQUE constraint failed/i.test(String((error as { cause?: unknown })?.cause ?? '') + String(error))
    ) {
      throw conflict('A site with this name was added meanwhile; upload the file again and choose it');
    }
    throw error;
  }
}

/** The sites an import created, once its lines are discarded (the foreign key keeps any in use). */
export async function removeNewSites(ctx: AuthedContext, created: readonly NewSite[]): Promise<void> {
  if (created.length === 0) return;
  await ctx.db.delete(sites).where(
    and(
      eq(sites.companyId, ctx.companyId),
      inArray(
        sites.id,
        created.map((site) => site.id),
      ),
    ),
  );
}
