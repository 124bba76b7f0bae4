import { z } from 'zod';
import { odooBaseUrlProblem } from '../connectors/odoo-url.ts';
import { text } from './text.ts';

/** spec §3 data source types. */
export const DataSourceTypeSchema = z.enum(['quickbooks', 'xero', 'shopify', 'odoo', 'csv', 'receipt_ocr']);
export type DataSourceType = z.infer<typeof DataSourceTypeSchema>;

/**
 * GET /api/integrations: each connection the Connect dialog offers and whether this server can
 * make it (decision 054), so the person learns it before clicking Connect.
 */
export const ConnectorAvailabilitySchema = z.object({
  type: DataSourceTypeSchema,
  isAvailable: z.boolean(),
  /** Why not, in words for the person ('Xero is not set up on this server yet — …'); null when available. */
  unavailableReason: z.string().nullable(),
});
export type ConnectorAvailability = z.infer<typeof ConnectorAvailabilitySchema>;

export const DataSourceSchema = z.object({
  id: z.string(),
  type: DataSourceTypeSchema,
  name: z.string(),
  /** connecting (default), connected, error (spec §4). */
  status: z.string(),
  lastSyncAt: z.string().nullable(),
  createdAt: z.string(),
  /** Why the source is in `error` (the provider's reason); null otherwise. */
  statusReason: z.string().nullable(),
  /** Ledger lines that came from this source (the delete dialog asks whether to keep them). */
  lineCount: z.number().int(),
});
export type DataSource = z.infer<typeof DataSourceSchema>;

/** A source's `config` serialised: far above what any type needs (decision 042). */
export const MAX_DATA_SOURCE_CONFIG_BYTES = 16 * 1024;

/**
 * What `config` may hold, per type; unknown keys are refused (decision 042). A CSV source needs
 * nothing (its data arrives by upload) but may carry a note; Odoo's fields are checked in full by
 * OdooConnectSchema, which gives the form's messages. The other types take nothing here.
 */
const odooConfigText = (max: number) => z.string().max(max).optional();
const CONFIG_BY_TYPE: Record<DataSourceType, z.ZodType<Record<string, unknown>>> = {
  csv: z.strictObject({ note: text('Note', { max: 500, multiline: true }).optional() }),
  odoo: z.strictObject({
    baseUrl: odooConfigText(500),
    database: odooConfigText(200),
    username: odooConfigText(200),
    apiKey: odooConfigText(500),
  }),
  quickbooks: z.strictObject({}),
  xero: z.strictObject({}),
  shopify: z.strictObject({}),
  receipt_ocr: z.strictObject({}),
};

/** POST /api/data-sources (spec §7): type and name required (spec §5). */
export const CreateDataSourceSchema = z
  .object({
    type: DataSourceTypeSchema,
    name: text('Name', { max: 100 }).min(1, 'Name is required'),
    config: z.record(z.string(), z.unknown()).default({}),
  })
  .transform((input, context) => {
    if (new TextEncoder().encode(JSON.stringify(input.config)).length > MAX_DATA_SOURCE_CONFIG_BYTES) {
      context.addIssue({ code: 'custom', path: ['config'], message: 'config must be at most 16 KB' });
      return z.NEVER;
    }
    const config = CONFIG_BY_TYPE[input.type].safeParse(input.config);
    if (!config.success) {
      for (const issue of config.error.issues) {
        context.addIssue({
          code: 'custom',
          path: ['config', ...issue.path.map(String)],
          message: issue.message,
        });
      }
      return z.NEVER;
    }
    return { ...input, config: config.data };
  });
export type CreateDataSource = z.infer<typeof CreateDataSourceSchema>;

/** POST /api/data-sources/:id/test (spec §3 connection test result). */
export const ConnectionTestResultSchema = z.object({ connected: z.boolean(), error: z.string().nullable() });
export type ConnectionTestResult = z.infer<typeof ConnectionTestResultSchema>;

const ODOO_DETAILS = 'Please fill in all Odoo connection details';
const odooText = (max: number) =>
  text('Odoo connection details', { max, missingMessage: ODOO_DETAILS }).min(1, ODOO_DETAILS);

/** POST /api/integrations/odoo/connect (spec §3 Odoo payload, §5 message). */
export const OdooConnectSchema = z.object({
  // A base address only: no userinfo, query or fragment (decision 040).
  baseUrl: odooText(500).superRefine((value, context) => {
    const problem = odooBaseUrlProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  }),
  database: odooText(200),
  username: odooText(200),
  apiKey: odooText(500),
  name: text('Name', { max: 100 }).min(1, 'Name is required').optional(),
});
export type OdooConnect = z.infer<typeof OdooConnectSchema>;

/** POST /api/integrations/xero/connect: the source's display name (default "Xero <organisation>"). */
export const XeroConnectSchema = z.object({
  name: text('Name', { max: 100 }).min(1, 'Name is required').optional(),
});
export type XeroConnect = z.infer<typeof XeroConnectSchema>;

/** 200 answer of an OAuth connect: where the browser goes to grant access. */
export const OAuthConnectStartSchema = z.object({ authorizationUrl: z.string() });
export type OAuthConnectStart = z.infer<typeof OAuthConnectStartSchema>;

/** 202 answer of POST /api/data-sources/:id/sync: the sync is queued; poll its syncs. */
export const SyncQueuedSchema = z.object({ syncId: z.string(), status: z.literal('queued') });
export type SyncQueued = z.infer<typeof SyncQueuedSchema>;

/** GET /api/data-sources/:id/syncs: what each sync imported. */
export const ConnectorSyncSchema = z.object({
  id: z.string(),
  status: z.enum(['queued', 'running', 'succeeded', 'failed', 'retrying']),
  queuedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  fetched: z.number().int(),
  imported: z.number().int(),
  duplicates: z.number().int(),
  replaced: z.number().int(),
  removed: z.number().int(),
  skipped: z.number().int(),
  revenue: z.array(z.object({ year: z.number().int(), amount: z.number(), currency: z.string() })),
  error: z.string().nullable(),
});
export type ConnectorSync = z.infer<typeof ConnectorSyncSchema>;

/** One provider account and how its spend enters the ledger. */
export const AccountMappingSchema = z.object({
  accountKey: z.string(),
  accountCode: z.string(),
  accountName: z.string(),
  /** purchased_goods (spend-based, `variant` a NAICS code) or ignore. */
  category: z.enum(['purchased_goods', 'ignore']),
  variant: z.string().nullable(),
  isUserSet: z.boolean(),
});
export type AccountMapping = z.infer<typeof AccountMappingSchema>;

/** PUT /api/data-sources/:id/mappings: only the accounts listed change. */
export const UpdateAccountMappingsSchema = z.object({
  mappings: z
    .array(
      z.object({
        accountKey: text('Account', { max: 100, keepSpaces: true }).min(1),
        category: z.enum(['purchased_goods', 'ignore']),
        variant: z
          .string()
          .regex(/^\d{6}$/, 'Choose a spend category')
          .nullable()
          .optional(),
      }),
    )
    .min(1)
    .max(2000),
});
export type UpdateAccountMappings = z.infer<typeof UpdateAccountMappingsSchema>;

/**
 * One provider tracking option (Xero tracking option, QuickBooks class or location) and the site
 * its lines are booked to; `siteId` null books them to the company's first site.
 */
export const SiteMappingSchema = z.object({
  trackingKey: z.string(),
  trackingName: z.string(),
  siteId: z.string().nullable(),
  /** Where its lines go now: `siteId`, or the first site when null (null without any site). */
  effectiveSiteId: z.string().nullable(),
  isUserSet: z.boolean(),
});
export type SiteMapping = z.infer<typeof SiteMappingSchema>;

/** PUT /api/data-sources/:id/site-mappings: only the options listed change. */
export const UpdateSiteMappingsSchema = z.object({
  mappings: z
    .array(
      z.object({
        trackingKey: text('Tracking option', { max: 200, keepSpaces: true }).min(1),
        siteId: z.string({ error: 'Choose a site' }).min(1, 'Choose a site').max(100).nullable(),
      }),
    )
    .min(1)
    .max(2000),
});
export type UpdateSiteMappings = z.infer<typeof UpdateSiteMappingsSchema>;

/**
 * The answer to DELETE /api/data-sources/:id (decision 029). The source is deleted whatever the
 * provider says; `providerAccess` tells whether the app's access at QuickBooks, Xero or Shopify was
 * revoked too (`none`: a source without provider access to revoke, such as CSV or Odoo), and
 * `message` what the person should do when it was not.
 */
export const DataSourceDeletedSchema = z.object({
  providerAccess: z.enum(['revoked', 'not_revoked', 'none']),
  message: z.string().nullable(),
});
export type DataSourceDeleted = z.infer<typeof DataSourceDeletedSchema>;

/** DELETE /api/data-sources/:id?keepLines=true|false: keep (default) or remove its ledger lines. */
export const DeleteDataSourceQuerySchema = z.object({
  keepLines: z
    .enum(['true', 'false'], { error: 'keepLines must be true or false' })
    .default('true')
    .transform((value) => value === 'true'),
});
