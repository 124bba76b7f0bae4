import { type Context, Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { MAX_RECEIPT_BYTES } from '../domain/contracts/receipts.ts';
import type { AppDeps, AppEnv } from './context.ts';
import { analyticsRoutes } from './features/analytics/routes.ts';
import { apiKeyRoutes } from './features/api-keys/routes.ts';
import { auditRoutes } from './features/audit/routes.ts';
import type { OAuthEndpointOverrides } from './features/auth/oauth.ts';
import { oauthRoutes } from './features/auth/oauth-routes.ts';
import { passwordRoutes } from './features/auth/password-routes.ts';
import { photoRoutes, photoUpload } from './features/auth/photo-routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { billingRoutes } from './features/billing/routes.ts';
import { brandingRoutes, logoUpload } from './features/branding/routes.ts';
import { companyProfileRoutes } from './features/company-profile/routes.ts';
import { connectorRoutes } from './features/connectors/routes.ts';
import { shopifyRoutes } from './features/connectors/shopify/shopify-routes.ts';
import { dashboardRoutes } from './features/dashboard/routes.ts';
import { dataRequestRoutes } from './features/data-requests/routes.ts';
import { jwksRoutes, sharedPackRoutes } from './features/data-requests/shared-routes.ts';
import { dataSourceRoutes } from './features/data-sources/routes.ts';
import { EVIDENCE_UPLOAD_PATH, evidenceTooLarge } from './features/esg-wizard/evidence.ts';
import { MAX_EVIDENCE_BYTES } from './features/esg-wizard/evidence-type.ts';
import { esgRoutes } from './features/esg-wizard/routes.ts';
import { filingRoutes } from './features/export/filings/routes.ts';
import { reportRoutes } from './features/export/reports/routes.ts';
import { reportingYearRoutes } from './features/kpi/reporting-year-routes.ts';
import { metricsRoutes } from './features/kpi/routes.ts';
import { emissionRoutes } from './features/ledger/figures/routes.ts';
import { accountingImportRoutes } from './features/ledger/import/accounting-routes.ts';
import { guardRequests } from './features/ledger/import/upload-guard.ts';
import { activityRoutes } from './features/ledger/lines/routes.ts';
import { siteRoutes } from './features/ledger/sites/routes.ts';
import { offsetRoutes } from './features/marketplace/routes.ts';
import { narrativeRoutes } from './features/narratives/routes.ts';
import { privacyRoutes } from './features/privacy/routes.ts';
import { RECEIPT_UPLOAD_PATH, receiptRoutes } from './features/receipts/routes.ts';
import { receiptTooLarge } from './features/receipts/service.ts';
import { supportRoutes } from './features/support/routes.ts';
import { teamRoutes } from './features/team/routes.ts';
import { databaseBusy, HttpError, unreadableRequest } from './lib/errors.ts';
import type { Logger } from './lib/logger.ts';
import { setOutboundPolicy } from './lib/outbound-url.ts';
import { authenticate } from './middleware/auth.ts';
import { compressJson } from './middleware/compress-json.ts';
import { requestContext } from './middleware/request-context.ts';
import { servePage } from './pages.ts';

export interface CreateAppOptions extends AppDeps {
  /** Tests point single sign-on at a local fake provider. */
  oauthEndpoints?: OAuthEndpointOverrides;
}

/** The whole product as one Hono app: used by the Bun entry, the Worker entry and every test. */
export function createApp(options: CreateAppOptions) {
  setOutboundPolicy({
    allowPrivateNetwork: options.config.CONNECTOR_ALLOW_PRIVATE_NETWORK,
    log: options.log,
  });
  const { oauthEndpoints, ...deps } = options;
  const app = new Hono<AppEnv>();

  app.use('*', requestContext(deps));
  if (deps.compressResponses) app.use('*', compressJson());
  app.use('*', authenticate);

  app.route('/api', apiRoutes(deps, oauthEndpoints));
  app.route('/', jwksRoutes);

  app.on(['GET', 'HEAD'], '*', (c) =>
    deps.assets
      ? servePage(c, deps.assets)
      : c.json({ message: 'Pages are not built', code: 'not_found' }, 404),
  );
  app.all('*', (c) => c.json({ message: 'Method not allowed', code: 'method_not_allowed' }, 405));

  app.onError((thrown, c) => errorReply(thrown, c, deps.log));

  return app;
}

export type App = ReturnType<typeof createApp>;

/** The API under /api: request guards, every feature's routes, and a JSON 404 for the rest. */
function apiRoutes(deps: AppDeps, oauthEndpoints: OAuthEndpointOverrides | undefined) {
  const api = new Hono<AppEnv>();
  // guardMutations (CSRF + body limit), with the 10 MB limits of the CSV import and ESG evidence.
  api.use(
    '*',
    guardRequests(deps.config.MAX_BODY_BYTES, [
      { path: EVIDENCE_UPLOAD_PATH, maxFileBytes: MAX_EVIDENCE_BYTES, tooLarge: evidenceTooLarge },
      { path: RECEIPT_UPLOAD_PATH, maxFileBytes: MAX_RECEIPT_BYTES, tooLarge: receiptTooLarge },
      photoUpload,
      logoUpload,
    ]),
  );
  api.route('/', authRoutes);
  api.route('/', passwordRoutes);
  api.route('/', oauthRoutes(oauthEndpoints));
  api.route('/', supportRoutes);
  api.route('/', dashboardRoutes);
  api.route('/', siteRoutes);
  api.route('/', dataSourceRoutes);
  api.route('/', connectorRoutes);
  api.route('/', shopifyRoutes);
  api.route('/', accountingImportRoutes);
  api.route('/', activityRoutes);
  api.route('/', emissionRoutes);
  api.route('/', metricsRoutes);
  api.route('/', reportingYearRoutes);
  api.route('/', offsetRoutes);
  api.route('/', esgRoutes);
  api.route('/', narrativeRoutes);
  api.route('/', reportRoutes);
  api.route('/', filingRoutes);
  api.route('/', receiptRoutes);
  api.route('/', analyticsRoutes);
  api.route('/', teamRoutes);
  api.route('/', billingRoutes);
  api.route('/', auditRoutes);
  api.route('/', privacyRoutes);
  api.route('/', apiKeyRoutes);
  api.route('/', photoRoutes);
  api.route('/', brandingRoutes);
  api.route('/', companyProfileRoutes);
  api.route('/', dataRequestRoutes);
  api.route('/', sharedPackRoutes);
  api.all('*', (c) =>
    c.json({ message: `No API route for ${c.req.method} ${c.req.path}`, code: 'not_found' }, 404),
  );
  return api;
}

/**
 * The reply to a thrown error: an HttpError's status and message, Hono's own 4xx refusals as they
 * are, a busy database a 503 to send again (decision 091), anything else logged and answered with a 500
 * that names nothing internal.
 */
function errorReply(thrown: unknown, c: Context<AppEnv>, log: Logger) {
  const error = unreadableRequest(thrown) ?? databaseBusy(thrown) ?? thrown;
  if (error instanceof HttpError) {
    if (error.status === 429 || error.status === 503) {
      const retry = (error.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
      if (retry) c.header('Retry-After', String(retry));
    }
    const body: Record<string, unknown> = { message: error.message };
    if (error.code) body.code = error.code;
    if (error.details !== undefined) body.details = error.details;
    return c.json(body, error.status);
  }
  if (error instanceof HTTPException && error.status < 500) {
    // Hono's own refusals (malformed JSON and the like) carry a readable message already.
    return c.json({ message: error.message || 'Bad request', code: 'bad_request' }, error.status);
  }
  (c.var.log ?? log).error('unhandled error', {
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  return c.json(
    { message: 'Something went wrong on our side. Please try again.', code: 'internal_error' },
    500,
  );
}
