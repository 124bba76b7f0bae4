/**
 * A well-formed request for every mutating route of the app, the base the fuzz variants break
 * (tests/helpers/fuzz-variants.ts). A field mutation is only meaningful when the rest of the body
 * is valid, so each sample follows its route's contract in src/domain/contracts/. A route added
 * later has no entry and fails the fuzz test until it gets one here.
 */

/** The rows a company owns that a route's `:id` can name. */
export interface OwnedRowIds {
  siteId: string;
  activityId: string;
  narrativeId: string;
  reportId: string;
  dataSourceId: string;
  memberUserId: string;
  dataRequestId: string;
}

/** Real rows of the fuzzed company, so an update's body is checked against a row that exists. */
export interface FuzzIds extends OwnedRowIds {
  adminEmail: string;
  projectId: string;
  otherCompanyId: string;
}

export interface Sample {
  /** The JSON body; null for a route that reads none. */
  json: Record<string, unknown> | null;
  /** The route reads multipart/form-data with its file in this field. */
  fileField?: string;
  /** The route decodes the uploaded image (it also gets a truncated PNG). */
  decodesImage?: boolean;
  /** Text fields sent alongside the file. */
  formFields?: Record<string, string>;
  /** The id its `:param` takes when the body is fuzzed (a real row of the company); else random. */
  id?: string;
}

const PASSWORD = 'correct horse battery';
const TOKEN = 'a'.repeat(43);

export function fuzzSamples(ids: FuzzIds, sessionId: string): Record<string, Sample> {
  const none: Sample = { json: null };
  const site = { name: 'Leeds depot', country: 'GB', region: 'GB-LONDON', postcode: 'LS1 4AP' };
  const narrative = { content: 'Our emissions fell by 12%.', status: 'draft', confirmedNumbers: ['12'] };
  return {
    'POST /api/auth/signup': {
      json: {
        firstName: 'Grace',
        lastName: 'Hopper',
        email: 'grace.fuzz@example.com',
        password: PASSWORD,
        companyName: 'Fuzz Ltd',
        jurisdiction: 'CSRD',
      },
    },
    'POST /api/auth/signin': { json: { email: ids.adminEmail, password: 'not the password at all' } },
    'PUT /api/auth/user': {
      json: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: ids.adminEmail,
        companyName: 'Company A',
        jurisdiction: 'CSRD',
      },
    },
    'POST /api/auth/switch-company': { json: { companyId: ids.otherCompanyId } },
    'POST /api/support/feedback': {
      json: { type: 'support', subject: 'Help', message: 'Where is my report?', email: 'a@example.com' },
    },
    'POST /api/sites': { json: site },
    'PUT /api/sites/:id': { json: site, id: ids.siteId },
    'DELETE /api/sites/:id': none,
    'POST /api/data-sources': { json: { type: 'csv', name: 'Spreadsheet', config: { delimiter: ',' } } },
    'DELETE /api/data-sources/:id': none,
    'POST /api/data-sources/:id/test': none,
    'POST /api/data-sources/:id/sync': none,
    'POST /api/integrations/quickbooks/connect': { json: { name: 'Books' } },
    'POST /api/integrations/xero/connect': { json: { name: 'Books' } },
    'POST /api/integrations/odoo/connect': {
      json: {
        baseUrl: 'https://odoo.example.com',
        database: 'production',
        username: 'ada',
        apiKey: 'odoo-key-123',
        name: 'Odoo',
      },
    },
    'PUT /api/data-sources/:id/mappings': {
      json: { mappings: [{ accountKey: '6000', category: 'purchased_goods', variant: '101010' }] },
      id: ids.dataSourceId,
    },
    'PUT /api/data-sources/:id/site-mappings': {
      json: { mappings: [{ trackingKey: 'Leeds', siteId: ids.siteId }] },
      id: ids.dataSourceId,
    },
    'POST /api/activities': {
      json: {
        siteId: ids.siteId,
        date: '2025-03-01',
        category: 'electricity',
        quantity: 1200,
        unit: 'kWh',
        spend: 300,
        currency: 'GBP',
        reference: 'INV-1',
      },
    },
    'POST /api/activities/import': {
      json: null,
      fileField: 'file',
      formFields: { mapping: '{}', answers: '{"sites":[],"values":[]}' },
    },
    'POST /api/activities/import/preview': {
      json: null,
      fileField: 'file',
      formFields: { mapping: '{}', answers: '{"sites":[],"values":[]}' },
    },
    'DELETE /api/activities/import/mappings/:id': none,
    'POST /api/activities/import/accounting/preview': { json: null, fileField: 'file' },
    'POST /api/activities/import/accounting': {
      json: null,
      fileField: 'file',
      formFields: {
        options: JSON.stringify({
          siteId: ids.siteId,
          currency: 'GBP',
          mappings: { packaging: { category: 'purchased_goods', variant: 'packaging' } },
        }),
      },
    },
    'PUT /api/activities/:id': {
      json: { quantity: 1300, unit: 'kWh', reference: 'INV-2' },
      id: ids.activityId,
    },
    'DELETE /api/activities/:id': none,
    'POST /api/emissions/recalculate': { json: { from: '2025-01-01', to: '2025-12-31' } },
    'PUT /api/targets': {
      json: { baseYear: 2024, targetYear: 2030, reductionPercent: 42, coverage: 'scope_1_2' },
    },
    'PUT /api/reporting-year': { json: { year: 2025 } },
    'PUT /api/financials': { json: { year: 2025, revenue: 1_250_000, currency: 'GBP', employees: 42 } },
    'PUT /api/workforce': {
      json: { year: 2025, headcountFemale: 20, headcountMale: 22, leadershipFemale: 2, leadershipTotal: 5 },
    },
    'POST /api/carbon-offsets/sync': none,
    'POST /api/carbon-offsets/purchase': {
      json: { projectId: ids.projectId, quantity: 2, metadata: { source: 'marketplace' } },
    },
    'POST /api/carbon-offsets/purchases/:id/retire': none,
    'POST /api/esg/initialize': { json: { jurisdiction: 'CSRD', includeComprehensive: false, year: 2025 } },
    'PUT /api/esg/progress': {
      json: {
        jurisdiction: 'CSRD',
        indicator: 'water_consumption',
        value: '1,250 m3',
        note: 'Meters',
        year: 2025,
      },
    },
    'POST /api/esg/evidence': {
      json: null,
      fileField: 'file',
      formFields: { jurisdiction: 'CSRD', indicator: 'water_consumption' },
    },
    'DELETE /api/esg/evidence/:id': none,
    'POST /api/narratives/generate': { json: { section: 'environmental', framework: 'gri', year: 2025 } },
    'POST /api/narratives/check': {
      json: { content: 'We emitted 12 tCO2e.', year: 2025, confirmedNumbers: ['12'] },
    },
    'POST /api/narratives': {
      json: { section: 'environmental', framework: 'gri', aiGenerated: false, year: 2025, ...narrative },
    },
    'PUT /api/narratives/:id': { json: narrative, id: ids.narrativeId },
    'POST /api/narratives/:id/restore': { json: { version: 1 }, id: ids.narrativeId },
    'POST /api/reports/generate': {
      json: { format: 'csv', framework: 'gri', period: '2025', delivery: { download: true, email: false } },
    },
    'PUT /api/reports/:id/status': { json: { status: 'final' }, id: ids.reportId },
    'POST /api/reports/:id/xbrl': none,
    'POST /api/regulatory/submit': {
      json: { reportId: ids.reportId, regulatorCode: 'UK-CH', jurisdiction: 'SECR', filingType: 'annual' },
    },
    'POST /api/integrations/ocr/upload': { json: null, fileField: 'receipt', decodesImage: true },
    'POST /api/analytics/sessions': none,
    'POST /api/analytics/sessions/:sessionId/end': none,
    'POST /api/analytics/page-view': { json: { page: '/dashboard', sessionId } },
    'POST /api/analytics/events': {
      json: { eventName: 'report_generated', eventData: { format: 'pdf' }, sessionId },
    },
    'POST /api/team/invites': { json: { email: 'new.colleague@example.com', role: 'member' } },
    'DELETE /api/team/invites/:id': none,
    'PATCH /api/team/members/:id': { json: { role: 'viewer' }, id: ids.memberUserId },
    'DELETE /api/team/members/:id': none,
    'POST /api/invites/lookup': { json: { token: TOKEN } },
    'POST /api/invites/accept': { json: { token: TOKEN } },
    'POST /api/invites/signup': {
      json: { token: TOKEN, firstName: 'Grace', lastName: 'Hopper', password: PASSWORD },
    },
    'POST /api/billing/plan-change-requests': { json: { plan: 'growth' } },
    'DELETE /api/gdpr/delete-account': { json: { confirmed: true, reason: 'Leaving' } },
    'POST /api/api-keys': { json: { name: 'CI', role: 'viewer' } },
    'POST /api/api-keys/:id/regenerate': none,
    'DELETE /api/api-keys/:id': none,
    'POST /api/auth/user/photo': { json: null, fileField: 'photo', decodesImage: true },
    'DELETE /api/auth/user/photo': none,
    'PUT /api/company/branding': { json: { brandName: 'Acme', accentColour: '#0F766E' } },
    'PATCH /api/company/profile': {
      json: {
        lei: '529900T8BM49AURSDO55',
        consolidationApproach: 'financial_control',
        organisationalBoundary: 'All UK sites',
      },
    },
    'POST /api/company/branding/logo': { json: null, fileField: 'logo', decodesImage: true },
    'DELETE /api/company/branding/logo': none,
    'POST /api/logout': none,
    'DELETE /api/auth/email-change': none,
    'POST /api/auth/email-change/confirm': { json: { token: TOKEN } },
    'POST /api/auth/signup/confirm': { json: { token: TOKEN } },
    'PUT /api/auth/password': {
      json: { currentPassword: 'not the password at all', newPassword: 'a fresh long passphrase' },
    },
    'POST /api/auth/password/forgot': { json: { email: ids.adminEmail } },
    'POST /api/auth/password/reset/check': { json: { token: TOKEN } },
    'POST /api/auth/password/reset': { json: { token: TOKEN, password: 'a fresh long passphrase' } },
    'POST /api/team/members/:id/reset-link': { json: null, id: ids.memberUserId },
    'POST /api/data-requests/questions-csv': { json: { csv: 'question,key\nScope 1?,scope_1_emissions\n' } },
    'POST /api/data-requests': {
      json: {
        requesterName: 'Acme',
        requesterType: 'customer',
        template: 'bank',
        period: '2025',
        dueDate: '2026-12-31',
      },
    },
    'PATCH /api/data-requests/:id/answers/:key': {
      json: { action: 'edit', value: 12.5, unit: 'tCO2e' },
      id: ids.dataRequestId,
    },
    'POST /api/data-requests/:id/decline': {
      json: { scope: 'all', message: 'Not this year' },
      id: ids.dataRequestId,
    },
    'POST /api/data-requests/:id/share': { json: { expiresInDays: 30 }, id: ids.dataRequestId },
    'DELETE /api/data-requests/:id/share': none,
  };
}
