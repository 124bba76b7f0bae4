import { z } from 'zod';

/** spec §3 data source types. Connectors (all but csv) arrive with the connectors issue. */
export const DataSourceTypeSchema = z.enum(['quickbooks', 'xero', 'shopify', 'odoo', 'csv', 'receipt_ocr']);
export type DataSourceType = z.infer<typeof DataSourceTypeSchema>;

export const DataSourceSchema = z.object({
  id: z.string(),
  type: DataSourceTypeSchema,
  name: z.string(),
  /** connecting (default), connected, error (spec §4). */
  status: z.string(),
  lastSyncAt: z.string().nullable(),
  createdAt: z.string(),
});
export type DataSource = z.infer<typeof DataSourceSchema>;

/** POST /api/data-sources (spec §7): type and name required (spec §5). */
export const CreateDataSourceSchema = z.object({
  type: DataSourceTypeSchema,
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100),
  config: z.record(z.string(), z.unknown()).default({}),
});
export type CreateDataSource = z.infer<typeof CreateDataSourceSchema>;

/** POST /api/data-sources/:id/test (spec §3 connection test result). */
export const ConnectionTestResultSchema = z.object({ connected: z.boolean(), error: z.string().nullable() });
export type ConnectionTestResult = z.infer<typeof ConnectionTestResultSchema>;
