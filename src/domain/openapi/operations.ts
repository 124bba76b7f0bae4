import { z } from 'zod';
import { CompanyProfileSchema } from '../contracts/company-profile.ts';
import { DashboardOverviewSchema } from '../contracts/dashboard.ts';
import { DataSourceSchema } from '../contracts/data-sources.ts';
import {
  EsgProgressResponseSchema,
  ProgressQuerySchema,
  UpdateProgressSchema,
} from '../contracts/esg-wizard.ts';
import { GenerateReportSchema, ReportSchema } from '../contracts/export.ts';
import {
  KpiMetricsSchema,
  MetricListQuerySchema,
  MetricSchema,
  MetricsQuerySchema,
} from '../contracts/kpi.ts';
import {
  ActivityLineSchema,
  ActivityPageSchema,
  ListActivitiesQuerySchema,
  SaveActivitySchema,
  SaveSiteSchema,
  SiteSchema,
  TargetSchema,
  YearQuerySchema,
} from '../contracts/ledger.ts';
import { ImportMappingSchema } from '../contracts/ledger-import.ts';
import { NotCountedQuerySchema, NotCountedSchema } from '../contracts/ledger-not-counted.ts';
import {
  CarbonCalculationSchema,
  OffsetProjectSchema,
  OffsetPurchaseSchema,
  OffsetStatsSchema,
} from '../contracts/marketplace.ts';
import { ReportingYearSchema, SetReportingYearSchema } from '../contracts/reporting-year.ts';
import { DATA_REQUEST_OPERATIONS } from './data-requests.ts';
import { named, type PublicOperation } from './operation-types.ts';

/**
 * The public API: every operation an API key may call, described from the same zod contracts the
 * server validates with. The OpenAPI document (document.ts, GET /api/openapi.json), the /developers
 * page and the API-key allow-list (src/server/features/api-keys/session-only.ts) all read this one
 * list, and tests/integration/openapi.test.ts checks each entry is a real route of the app.
 */

export type { NamedSchema, OperationResponse, PublicOperation } from './operation-types.ts';

/** `{message, code?, details?}`: every error answer (src/server/app.ts onError). */
export const ApiErrorSchema = z.object({
  message: z.string().describe('What went wrong, in words fit to show a person'),
  code: z
    .string()
    .optional()
    .describe('Stable machine-readable reason, e.g. validation_failed, plan_required'),
  details: z
    .unknown()
    .optional()
    .describe('For validation_failed: formErrors and fieldErrors (field → messages)'),
});

const site = named('Site', SiteSchema);
const report = named('Report', ReportSchema);
const progress = named('EsgProgress', EsgProgressResponseSchema);
const idParam = (what: string) => ({ id: `The ${what}'s id` });

export const PUBLIC_OPERATIONS: readonly PublicOperation[] = [
  {
    method: 'get',
    path: '/api/openapi.json',
    operationId: 'getOpenApiDocument',
    tag: 'OpenAPI document',
    summary: 'This OpenAPI 3.1 document',
    minimumRole: null,
    response: { status: 200, description: 'The document', json: named('OpenApiDocument', z.looseObject({})) },
  },
  {
    method: 'get',
    path: '/api/dashboard/overview',
    operationId: 'getDashboardOverview',
    tag: 'Dashboard',
    summary: 'Data sources, compliance progress, the reporting year’s emissions and recent activity',
    minimumRole: 'viewer',
    query: YearQuerySchema,
    response: {
      status: 200,
      description: 'The overview',
      json: named('DashboardOverview', DashboardOverviewSchema),
    },
  },
  {
    method: 'get',
    path: '/api/sites',
    operationId: 'listSites',
    tag: 'Sites',
    summary: 'List the company’s sites',
    minimumRole: 'viewer',
    response: { status: 200, description: 'Every site, by name', json: { listOf: site } },
  },
  {
    method: 'post',
    path: '/api/sites',
    operationId: 'createSite',
    tag: 'Sites',
    summary: 'Add a site',
    description:
      'Site names are unique within the company (409 otherwise). `region` is one the factor library knows for the country (a US eGRID subregion such as US-CAMX, or GB-LONDON); typed loosely it is read when unambiguous ("CAMX" for a US site, "England" for a UK one means no region), otherwise a 400 that lists the choices.',
    minimumRole: 'member',
    body: {
      ...named('SaveSite', SaveSiteSchema),
      example: { name: 'Bristol bakery', country: 'GB', postcode: 'BS1 4DJ' },
    },
    response: { status: 201, description: 'The new site', json: site },
  },
  {
    method: 'put',
    path: '/api/sites/{id}',
    operationId: 'updateSite',
    tag: 'Sites',
    summary: 'Rename or move a site',
    minimumRole: 'member',
    pathParams: idParam('site'),
    body: { ...named('SaveSite', SaveSiteSchema), example: { name: 'Bristol bakehouse', country: 'GB' } },
    response: { status: 200, description: 'The site as stored', json: site },
  },
  {
    method: 'delete',
    path: '/api/sites/{id}',
    operationId: 'deleteSite',
    tag: 'Sites',
    summary: 'Delete a site that no ledger line uses',
    minimumRole: 'member',
    pathParams: idParam('site'),
    response: { status: 204, description: 'Deleted' },
  },
  {
    method: 'get',
    path: '/api/activities',
    operationId: 'listActivities',
    tag: 'Activity ledger',
    summary: 'List ledger lines with their calculated emissions, newest first',
    minimumRole: 'viewer',
    query: ListActivitiesQuerySchema,
    response: {
      status: 200,
      description: 'One page of lines',
      json: named('ActivityPage', ActivityPageSchema),
    },
  },
  {
    method: 'get',
    path: '/api/emissions/not-counted',
    operationId: 'getNotCounted',
    tag: 'Activity ledger',
    summary: 'Lines with no emissions figure (not counted): how many, their amounts, why, and how to fix',
    description:
      'A line is not counted when no factor, exchange rate or usable unit gives it a figure; totals leave it out rather than count it as zero. Without from/to: the whole ledger. pageSize=0 gives the summary alone.',
    minimumRole: 'viewer',
    query: NotCountedQuerySchema,
    response: {
      status: 200,
      description: 'The summary and one page of the lines, newest first',
      json: named('NotCounted', NotCountedSchema),
    },
  },
  {
    method: 'post',
    path: '/api/activities',
    operationId: 'createActivity',
    tag: 'Activity ledger',
    summary: 'Add a ledger line; its emissions are calculated and stored with the factor used',
    description:
      'Give a quantity with its unit, or a spend with its currency. A spend line (purchased_goods) names a spend category as its variant (e.g. packaging, accountancy_legal) or a six-digit NAICS code; its currency must be one the ECB reference rates quote (another code is a 400 listing them). A line confirmed from a scanned receipt (`receiptFileId`) that looks like a line already in the ledger is refused with 409 `probable_duplicates` listing them in `details.duplicates`; send it again with `onDuplicate`: `keep` (both stored), `replace` with `replaceLineId` (that line is deleted in the same write), or `skip` (nothing stored; 200 `{"skipped": true}`).',
    minimumRole: 'member',
    body: {
      ...named('SaveActivity', SaveActivitySchema),
      example: {
        siteId: 'SITE_ID',
        date: '2025-03-31',
        category: 'electricity',
        quantity: 1200,
        unit: 'kWh',
      },
    },
    response: {
      status: 201,
      description: 'The stored line',
      json: named('ActivityLine', ActivityLineSchema),
    },
  },
  {
    method: 'delete',
    path: '/api/activities/{id}',
    operationId: 'deleteActivity',
    tag: 'Activity ledger',
    summary: 'Delete a ledger line and its results',
    minimumRole: 'member',
    pathParams: idParam('line'),
    response: { status: 204, description: 'Deleted' },
  },
  {
    method: 'get',
    path: '/api/activities/import/mappings',
    operationId: 'listImportMappings',
    tag: 'Activity ledger',
    summary: 'The company’s remembered import answers',
    description:
      'Site names, categories, variants, spend categories and column headers the company mapped in the import’s mapping step; applied to every later import (decision 049).',
    minimumRole: 'viewer',
    response: {
      status: 200,
      description: 'Every remembered answer, by kind',
      json: { listOf: named('ImportMapping', ImportMappingSchema) },
    },
  },
  {
    method: 'delete',
    path: '/api/activities/import/mappings/{id}',
    operationId: 'forgetImportMapping',
    tag: 'Activity ledger',
    summary: 'Forget a remembered import answer',
    minimumRole: 'member',
    pathParams: idParam('remembered answer'),
    response: { status: 204, description: 'Forgotten' },
  },
  {
    method: 'get',
    path: '/api/metrics',
    operationId: 'listMetrics',
    tag: 'Metrics',
    summary: 'The year’s figures as a list of metric objects, each named by its metricType',
    description:
      'One object per figure (e.g. carbon_emissions_total, carbon_emissions_scope_1, energy_consumption, ' +
      'water_consumption, gender_diversity_female_share) with its value, unit and the calendar year it ' +
      'covers. A value is null when nothing is recorded for it. Without `year`, the latest year with data.',
    minimumRole: 'viewer',
    query: MetricListQuerySchema,
    response: {
      status: 200,
      description: 'The year’s figures',
      json: { listOf: named('Metric', MetricSchema) },
    },
  },
  {
    method: 'get',
    path: '/api/metrics/summary',
    operationId: 'getMetricsSummary',
    tag: 'Metrics',
    summary: 'KPI figures of a year: emissions by scope, intensity, trend, energy and workforce',
    minimumRole: 'viewer',
    query: MetricsQuerySchema,
    response: { status: 200, description: 'The year’s figures', json: named('KpiMetrics', KpiMetricsSchema) },
  },
  {
    method: 'get',
    path: '/api/reporting-year',
    operationId: 'getReportingYear',
    tag: 'Metrics',
    summary: 'The reporting year the dashboard, KPI figures and marketplace show, and the years with data',
    minimumRole: 'viewer',
    query: YearQuerySchema,
    response: {
      status: 200,
      description: 'The reporting year',
      json: named('ReportingYear', ReportingYearSchema),
    },
  },
  {
    method: 'put',
    path: '/api/reporting-year',
    operationId: 'setReportingYear',
    tag: 'Metrics',
    summary: 'Save the company’s reporting year (null: automatic, the latest year with data)',
    minimumRole: 'member',
    body: { ...named('SetReportingYear', SetReportingYearSchema), example: { year: 2025 } },
    response: {
      status: 200,
      description: 'The reporting year after the change',
      json: named('ReportingYear', ReportingYearSchema),
    },
  },
  {
    method: 'get',
    path: '/api/targets',
    operationId: 'getTarget',
    tag: 'Metrics',
    summary: 'The company’s reduction target, or null',
    minimumRole: 'viewer',
    response: { status: 200, description: 'The target', json: { nullable: named('Target', TargetSchema) } },
  },
  {
    method: 'get',
    path: '/api/data-sources',
    operationId: 'listDataSources',
    tag: 'Data sources',
    summary: 'List connected data sources with their status and line counts',
    minimumRole: 'viewer',
    response: {
      status: 200,
      description: 'Every data source',
      json: { listOf: named('DataSource', DataSourceSchema) },
    },
  },
  {
    method: 'get',
    path: '/api/esg/progress',
    operationId: 'getEsgProgress',
    tag: 'ESG checklist',
    summary: 'Checklist items of a jurisdiction with values, completion and compliance status',
    minimumRole: 'viewer',
    query: ProgressQuerySchema,
    response: { status: 200, description: 'Progress', json: progress },
  },
  {
    method: 'put',
    path: '/api/esg/progress',
    operationId: 'updateEsgProgress',
    tag: 'ESG checklist',
    summary: 'Answer one indicator (an empty value marks it not completed)',
    minimumRole: 'member',
    body: {
      ...named('UpdateProgress', UpdateProgressSchema),
      example: { jurisdiction: 'CSRD', indicator: 'water_consumption', value: '1,250 m³' },
    },
    response: { status: 200, description: 'Progress after the change', json: progress },
  },
  {
    method: 'get',
    path: '/api/reports',
    operationId: 'listReports',
    tag: 'Reports',
    summary: 'List generated reports, newest first',
    minimumRole: 'viewer',
    response: { status: 200, description: 'Every report', json: { listOf: report } },
  },
  {
    method: 'get',
    path: '/api/company/profile',
    operationId: 'getCompanyProfile',
    tag: 'Reports',
    summary:
      'The company’s LEI, UK company number, GHG Protocol consolidation approach and organisational boundary, which reports read',
    description:
      'XBRL names the company by the LEI (the company number for SECR) unless generateReport is given an entityIdentifier. An admin changes them in the app.',
    minimumRole: 'viewer',
    response: {
      status: 200,
      description: 'The company profile',
      json: named('CompanyProfile', CompanyProfileSchema),
    },
  },
  {
    method: 'post',
    path: '/api/reports/generate',
    operationId: 'generateReport',
    tag: 'Reports',
    summary: 'Freeze the figures of a period and queue the report’s rendering',
    description: 'Answers at once; poll GET /api/reports/{id} until generationStatus is succeeded.',
    minimumRole: 'member',
    body: {
      ...named('GenerateReport', GenerateReportSchema),
      example: { format: 'pdf', framework: 'gri', period: '2025' },
    },
    response: { status: 202, description: 'The queued report', json: report },
  },
  {
    method: 'get',
    path: '/api/reports/{id}',
    operationId: 'getReport',
    tag: 'Reports',
    summary: 'One report and its generation status',
    minimumRole: 'viewer',
    pathParams: idParam('report'),
    response: { status: 200, description: 'The report', json: report },
  },
  {
    method: 'get',
    path: '/api/reports/{id}/file',
    operationId: 'downloadReport',
    tag: 'Reports',
    summary: 'Download a generated report file (PDF, XBRL package or CSV)',
    minimumRole: 'viewer',
    pathParams: idParam('report'),
    response: {
      status: 200,
      description: 'The file, as an attachment',
      binary: { contentTypes: ['application/pdf', 'application/zip', 'application/json', 'text/csv'] },
    },
  },
  {
    method: 'get',
    path: '/api/reports/{id}/xhtml',
    operationId: 'downloadReadableReport',
    tag: 'Reports',
    summary: 'The readable Inline XBRL document (XHTML) of a CSRD report generated in XBRL',
    minimumRole: 'viewer',
    pathParams: idParam('report'),
    response: {
      status: 200,
      description: 'report-<id>.xhtml as an attachment; opens in any browser (409 for other reports)',
      binary: { contentTypes: ['application/xhtml+xml'] },
    },
  },
  {
    method: 'get',
    path: '/api/carbon-offsets/projects',
    operationId: 'listOffsetProjects',
    tag: 'Carbon offsets',
    summary: 'The offset project catalogue',
    minimumRole: 'viewer',
    response: {
      status: 200,
      description: 'Every project',
      json: { listOf: named('OffsetProject', OffsetProjectSchema) },
    },
  },
  {
    method: 'get',
    path: '/api/carbon-offsets/stats',
    operationId: 'getOffsetStats',
    tag: 'Carbon offsets',
    summary: 'Catalogue totals: projects, credits available, average price',
    minimumRole: 'viewer',
    response: { status: 200, description: 'The totals', json: named('OffsetStats', OffsetStatsSchema) },
  },
  {
    method: 'get',
    path: '/api/carbon-offsets/calculate',
    operationId: 'calculateNeutralization',
    tag: 'Carbon offsets',
    summary: 'Emissions, credits bought and what remains to neutralise (credits never reduce emissions)',
    description:
      'Of the reporting year: ?year=, else the company’s saved reporting year, else the latest year with ledger data.',
    minimumRole: 'viewer',
    query: YearQuerySchema,
    response: {
      status: 200,
      description: 'The calculation',
      json: named('CarbonCalculation', CarbonCalculationSchema),
    },
  },
  {
    method: 'get',
    path: '/api/carbon-offsets/purchases',
    operationId: 'listOffsetPurchases',
    tag: 'Carbon offsets',
    summary: 'Offset purchases with their serial blocks and retirement status',
    minimumRole: 'viewer',
    response: {
      status: 200,
      description: 'Every purchase',
      json: { listOf: named('OffsetPurchase', OffsetPurchaseSchema) },
    },
  },
  ...DATA_REQUEST_OPERATIONS,
];

/** `/api/sites/{id}` → a pattern matching `/api/sites/abc` (one segment per parameter). */
export function pathPattern(template: string): RegExp {
  const escaped = template
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${escaped}$`);
}

const compiled = PUBLIC_OPERATIONS.map((operation) => ({ operation, pattern: pathPattern(operation.path) }));

/** The documented operation a request calls, or null. HEAD counts as GET. */
export function findPublicOperation(method: string, path: string): PublicOperation | null {
  const verb = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return (
    compiled.find(({ operation, pattern }) => operation.method === verb && pattern.test(trimmed))
      ?.operation ?? null
  );
}
