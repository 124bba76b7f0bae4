// The site of each pulled line (decision 025): a line with a tracking option books to the site
// its connector_site_mappings row names; a new option gets a row, defaulting to the site whose
// name matches the option (case-insensitively; "Region: North" matches a site "North") or to
// none, which means the company's first site, as do lines without tracking.
import { and, asc, eq } from 'drizzle-orm';
import { connectorSiteMappings } from '../../../../db/schema/connectors.ts';
import { sites } from '../../../../db/schema/ledger.ts';
import { replaceRefusedCharacters } from '../../../domain/contracts/text.ts';
import type { ServiceContext } from '../../context.ts';
import { PermanentJobError } from '../../jobs/job-handler.ts';
import type { ExternalLine } from './types.ts';

export interface LineSite {
  id: string;
  name: string;
  country: string;
  region: string | null;
}

const fold = (text: string) => text.trim().toLocaleLowerCase('en');

/** The site a new option defaults to: same name as the whole label or as its option part. */
export function matchingSite(trackingName: string, candidates: readonly LineSite[]): LineSite | null {
  const names = [fold(trackingName)];
  const colon = trackingName.indexOf(': ');
  if (colon !== -1) names.push(fold(trackingName.slice(colon + 2)));
  return candidates.find((site) => names.includes(fold(site.name))) ?? null;
}

export async function resolveSites(
  ctx: ServiceContext,
  target: { companyId: string; sourceId: string },
  lines: readonly ExternalLine[],
) {
  const companySites = await companySitesOf(ctx, target.companyId);
  const first = companySites[0];
  if (!first) {
    throw new PermanentJobError(
      'Add a site under Sites first: connector lines are recorded against your first site',
    );
  }
  const byId = new Map(companySites.map((site) => [site.id, site]));
  const stored = await siteMappingsOf(ctx, target);
  const mappings = new Map(stored.map((row) => [row.trackingKey, row]));
  const now = ctx.now();
  const statements = [];
  for (const line of lines) {
    const tracking = line.tracking;
    if (!tracking) continue;
    const known = mappings.get(tracking.key);
    // A provider's text is kept, its control characters spaced out (decision 042).
    const trackingName = replaceRefusedCharacters(tracking.name);
    if (!known) {
      const siteId = matchingSite(tracking.name, companySites)?.id ?? null;
      mappings.set(tracking.key, { trackingKey: tracking.key, trackingName, siteId });
      statements.push(
        ctx.db
          .insert(connectorSiteMappings)
          .values({
            dataSourceId: target.sourceId,
            companyId: target.companyId,
            trackingKey: tracking.key,
            trackingName,
            siteId,
            isUserSet: false,
            updatedAt: now,
          })
          .onConflictDoNothing(),
      );
    } else if (known.trackingName !== trackingName) {
      // Renamed in the provider: the label follows, the chosen site stays.
      known.trackingName = trackingName;
      statements.push(
        ctx.db
          .update(connectorSiteMappings)
          .set({ trackingName, updatedAt: now })
          .where(
            and(
              eq(connectorSiteMappings.dataSourceId, target.sourceId),
              eq(connectorSiteMappings.companyId, target.companyId),
              eq(connectorSiteMappings.trackingKey, tracking.key),
            ),
          ),
      );
    }
  }
  return {
    /** Written in the sync's batch, with the lines they place. */
    statements,
    siteFor(line: ExternalLine): LineSite {
      const siteId = line.tracking ? mappings.get(line.tracking.key)?.siteId : null;
      return (siteId ? byId.get(siteId) : undefined) ?? first;
    },
  };
}

/** The company's sites, oldest first: the first is where lines without a mapped site go. */
function companySitesOf(ctx: ServiceContext, companyId: string): Promise<LineSite[]> {
  return ctx.db
    .select({ id: sites.id, name: sites.name, country: sites.country, region: sites.region })
    .from(sites)
    .where(eq(sites.companyId, companyId))
    .orderBy(asc(sites.createdAt), asc(sites.name));
}

/** The source's tracking options and the site each one books to. */
function siteMappingsOf(ctx: ServiceContext, target: { companyId: string; sourceId: string }) {
  return ctx.db
    .select({
      trackingKey: connectorSiteMappings.trackingKey,
      trackingName: connectorSiteMappings.trackingName,
      siteId: connectorSiteMappings.siteId,
    })
    .from(connectorSiteMappings)
    .where(
      and(
        eq(connectorSiteMappings.dataSourceId, target.sourceId),
        eq(connectorSiteMappings.companyId, target.companyId),
      ),
    );
}
