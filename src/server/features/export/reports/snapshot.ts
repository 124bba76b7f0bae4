// Builds the frozen content of a report (ReportSnapshot) when it is requested. Everything comes
// through other features' exported services, never their tables (CONVENTIONS §4): the company and
// its sites, the period's inventory from the ledger, energy, water, waste and the UK figures, the
// company's records (financials, workforce, target), the checklist, approved narratives, carbon
// credits and the evidence list. The job renders only this object, so a stored snapshot renders
// to the same bytes every time.
//
// A quarter's emissions, energy, water and waste are those of its dates. What is recorded per year
// (turnover, headcount, workforce, checklist answers, narratives, credits by claim year) is the
// period's calendar year; intensity ratios exist for whole years only, since a quarter's
// emissions over a year's turnover would be no ratio at all.

import { identifierForFramework } from '../../../../domain/company-profile/identifiers.ts';
import type { EntityIdentifier, ReportFormat, ReportFramework } from '../../../../domain/contracts/export.ts';
import { type ReportSnapshot, SNAPSHOT_SCHEMA_VERSION } from '../../../../domain/reports/snapshot.ts';
import type { AuthedContext } from '../../../context.ts';
import { HttpError } from '../../../lib/errors.ts';
import { latestAuditCheckpoint } from '../../audit/service.ts';
import { getCurrentUser } from '../../auth/service.ts';
import { brandingForReport } from '../../branding/service.ts';
import { getCompanyProfile } from '../../company-profile/service.ts';
import { getProgress } from '../../esg-wizard/service.ts';
import {
  financialsWithConnectorRevenue,
  getPeriodInventory,
  getTarget,
  listFinancials,
  listWorkforce,
} from '../../kpi/service.ts';
import { getNotCountedSummary } from '../../ledger/figures/service.ts';
import { listSites } from '../../ledger/sites/service.ts';
import { getOffsetSummary, listPurchases } from '../../marketplace/service.ts';
import { listNarratives } from '../../narratives/service.ts';
import { energySection } from './energy-section.ts';
import { parsePeriod, periodLabel, previousPeriod } from './period.ts';
import {
  checklistSection,
  inventorySection,
  narrativeSection,
  offsetSection,
  round,
  ukSection,
  workforceSection,
} from './snapshot-sections.ts';

type Jurisdiction = ReportSnapshot['report']['jurisdiction'];

/** The VSME taxonomy a CSRD Inline XBRL report uses when none is asked for (the latest). */
export const DEFAULT_TAXONOMY_VERSION = '2026-05-01';

const FRAMEWORK_TITLES: Record<ReportFramework, string> = {
  gri: 'GRI sustainability report',
  sasb: 'SASB sustainability report',
  tcfd: 'TCFD climate report',
  csrd: 'VSME sustainability report (CSRD)',
  secr: 'Streamlined Energy and Carbon Report (SECR)',
};

/** Country codes sites use for the UK (ISO 'GB'; the site form also accepts 'UK'). */
const isUk = (country: string) => country.toUpperCase() === 'GB' || country.toUpperCase() === 'UK';

export interface SnapshotRequest {
  reportId: string;
  /** Default: '<company> — <framework> report <period>, v<version>'. */
  title?: string;
  /** The company's nth report of this framework and period (decision 059). */
  version: number;
  format: ReportFormat;
  framework: ReportFramework;
  period: string;
  taxonomyVersion?: string;
  entityIdentifier?: EntityIdentifier | null;
}

/**
 * The regime a report answers to: CSRD and SECR reports are theirs; GRI, SASB and TCFD reports
 * follow the company's own jurisdiction (its checklist, its regulator).
 */
export function reportJurisdiction(
  framework: ReportFramework,
  companyJurisdiction: Jurisdiction,
): Jurisdiction {
  if (framework === 'csrd') return 'CSRD';
  if (framework === 'secr') return 'SECR';
  return companyJurisdiction;
}

/** The snapshot of one report request, read from the caller's company only. */
export async function buildReportSnapshot(
  ctx: AuthedContext,
  request: SnapshotRequest,
): Promise<ReportSnapshot> {
  const period = parsePeriod(request.period);
  if (!period)
    throw new HttpError(400, 'Choose a reporting period such as 2025 or 2025-q1', 'validation_failed');
  const previous = previousPeriod(period);
  const [user, sites, branding, auditCheckpoint, profile] = await Promise.all([
    getCurrentUser(ctx),
    listSites(ctx),
    brandingForReport(ctx),
    latestAuditCheckpoint(ctx),
    getCompanyProfile(ctx),
  ]);
  const jurisdiction = reportJurisdiction(request.framework, user.jurisdiction);
  const hasUkSites = sites.some((site) => isUk(site.country));
  const year = period.year;
  const read = await readReportFigures(ctx, { period, previous, jurisdiction, hasUkSites });
  const { inventory, priorInventory, ukInventory, priorUkInventory, progress } = read;
  const ownFinancials = read.financials.find((row) => row.year === year) ?? null;
  const money = await financialsWithConnectorRevenue(ctx, year, ownFinancials);
  const revenue =
    money?.revenue != null && money.currency ? { amount: money.revenue, currency: money.currency } : null;
  const employees = money?.employees ?? null;
  const answersSecr = jurisdiction === 'SECR' ? progress : read.secrProgress;

  return {
    schemaVersion: SNAPSHOT_SCHEMA_VERSION,
    generatedAt: ctx.now().toISOString(),
    report: reportHeader(request, { companyName: user.companyName, period, jurisdiction }),
    company: companySection(request, { user, sites, profile }, { employees, revenue, ownFinancials }),
    inventory: inventorySection(inventory, priorInventory, previous, period, revenue, employees),
    energy: energySection(inventory.energy),
    water: inventory.waterM3 === null ? null : { m3: round(inventory.waterM3, 3) },
    waste:
      inventory.waste === null
        ? null
        : {
            totalTonnes: round(inventory.waste.totalTonnes, 6),
            recycledTonnes: round(inventory.waste.recycledTonnes, 6),
          },
    uk:
      ukInventory && priorUkInventory
        ? ukSection({
            uk: ukInventory,
            priorUk: priorUkInventory,
            previous,
            company: inventory,
            period,
            revenue,
            employees,
            secr: answersSecr,
          })
        : null,
    workforce: workforceSection(read.workforceRows.find((row) => row.year === year) ?? null),
    target: read.target,
    factors: inventory.datasets.map((row) => ({ ...row })),
    checklist: checklistSection(progress),
    narratives: narrativeSection(read.narratives, year, request.framework),
    offsets: offsetSection(read.offsetSummary, read.purchases, year),
    evidence: progress.evidence.map((file) => ({
      indicator: file.indicator,
      fileName: file.fileName,
      contentType: file.contentType,
      size: file.size,
      sha256: file.sha256,
      uploadedAt: file.createdAt,
    })),
    branding,
    auditCheckpoint,
    // Frozen with the figures: a line fixed after generation does not change this report.
    coverage: { lineCount: inventory.lineCount, notCounted: read.notCounted },
  };
}

/** What the report is: its title, framework, period, regime and taxonomy. */
function reportHeader(
  request: SnapshotRequest,
  {
    companyName,
    period,
    jurisdiction,
  }: { companyName: string; period: NonNullable<ReturnType<typeof parsePeriod>>; jurisdiction: Jurisdiction },
): ReportSnapshot['report'] {
  return {
    id: request.reportId,
    title:
      request.title ??
      `${companyName} — ${FRAMEWORK_TITLES[request.framework]} ${periodLabel(period)}, v${request.version}`,
    format: request.format,
    framework: request.framework,
    period: period.period,
    periodStart: period.start,
    periodEnd: period.end,
    jurisdiction,
    taxonomyVersion: request.taxonomyVersion ?? DEFAULT_TAXONOMY_VERSION,
    version: request.version,
  };
}

/** Who reports: the company, its identifier, sites and size. */
function companySection(
  request: SnapshotRequest,
  {
    user,
    sites,
    profile,
  }: {
    user: Awaited<ReturnType<typeof getCurrentUser>>;
    sites: Awaited<ReturnType<typeof listSites>>;
    profile: Awaited<ReturnType<typeof getCompanyProfile>>;
  },
  {
    employees,
    revenue,
    ownFinancials,
  }: {
    employees: number | null;
    revenue: ReportSnapshot['company']['revenue'];
    ownFinancials: { employeesBasis?: ReportSnapshot['company']['employeesBasis'] } | null;
  },
): ReportSnapshot['company'] {
  return {
    name: user.companyName,
    // The one typed with the request, else the profile's (decision 057).
    identifier: request.entityIdentifier ?? identifierForFramework(profile, request.framework),
    country: sites[0] ? (isUk(sites[0].country) ? 'GB' : sites[0].country.toUpperCase()) : null,
    sites: sites.map((site) => ({
      name: site.name,
      country: site.country,
      region: site.region,
      postcode: site.postcode,
    })),
    employees,
    employeesBasis: employees === null ? null : (ownFinancials?.employeesBasis ?? null),
    revenue,
    consolidationApproach: profile.consolidationApproach,
    organisationalBoundary: profile.organisationalBoundary,
  };
}

/**
 * The figures a report freezes, read at once: the period's inventory and the previous one's (for
 * comparison), the UK-only inventories when the company has UK sites (SECR), and the rest.
 */
async function readReportFigures(
  ctx: AuthedContext,
  {
    period,
    previous,
    jurisdiction,
    hasUkSites,
  }: {
    period: NonNullable<ReturnType<typeof parsePeriod>>;
    previous: ReturnType<typeof previousPeriod>;
    jurisdiction: Jurisdiction;
    hasUkSites: boolean;
  },
) {
  const year = period.year;
  const [
    inventory,
    priorInventory,
    ukInventory,
    priorUkInventory,
    financials,
    workforceRows,
    target,
    progress,
    secrProgress,
    narratives,
    offsetSummary,
    purchases,
    notCounted,
  ] = await Promise.all([
    getPeriodInventory(ctx, { from: period.start, to: period.end }),
    getPeriodInventory(ctx, { from: previous.start, to: previous.end }),
    hasUkSites ? getPeriodInventory(ctx, { from: period.start, to: period.end, region: 'GB' }) : null,
    hasUkSites ? getPeriodInventory(ctx, { from: previous.start, to: previous.end, region: 'GB' }) : null,
    listFinancials(ctx),
    listWorkforce(ctx),
    getTarget(ctx),
    getProgress(ctx, { jurisdiction, year }),
    hasUkSites && jurisdiction !== 'SECR' ? getProgress(ctx, { jurisdiction: 'SECR', year }) : null,
    listNarratives(ctx, {}),
    getOffsetSummary(ctx, year),
    listPurchases(ctx),
    getNotCountedSummary(ctx, { from: period.start, to: period.end }),
  ]);
  return {
    inventory,
    priorInventory,
    ukInventory,
    priorUkInventory,
    financials,
    workforceRows,
    target,
    progress,
    secrProgress,
    narratives,
    offsetSummary,
    purchases,
    notCounted,
  };
}
