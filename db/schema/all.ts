// Every feature's tables in one object, for Drizzle's relational queries and typed batches.
export * from './account.ts';
export * from './analytics.ts';
export * from './audit.ts';
export * from './auth.ts';
export * from './branding.ts';
export * from './connectors.ts';
export * from './emissions.ts';
export * from './esg.ts';
export * from './filings.ts';
export * from './import-mappings.ts';
export * from './jobs.ts';
export * from './narratives.ts';
export * from './offsets.ts';
export * from './receipts.ts';
export * from './reports.ts';
export * from './security.ts';
export * from './support.ts';
