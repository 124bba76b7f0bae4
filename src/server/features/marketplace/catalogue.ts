// The shape of one catalogue record, as the bundled file (db/reference/marketplace/catalogue.json) and any
// CARBON_OFFSET_FEED spell it, and its mapping onto an `offset_projects` row. Pure: no I/O.
import { z } from 'zod';
import type { offsetProjects } from '../../../../db/schema/marketplace.ts';
import { ClimateEffectSchema, ProjectTypeSchema } from '../../../domain/contracts/marketplace.ts';

const text = (max: number) =>
  z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);

/** Ids go into URLs and serial numbers, so they stay to letters, digits, dot, dash and underscore. */
const code = (max: number) =>
  text(max).regex(/^[A-Za-z0-9._-]+$/, 'may contain only letters, digits, dot, dash and underscore');

/** Dollars per tCO2e, as "18.50" or 18.5: at most two decimals, never negative. */
const PriceSchema = z.union([z.string().trim(), z.number()]).transform((value, context) => {
  const textValue = typeof value === 'number' ? String(value) : value;
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(textValue)) {
    context.addIssue({ code: 'custom', message: 'must be a price in dollars with at most 2 decimals' });
    return z.NEVER;
  }
  return dollarsToCents(textValue);
});

const HttpUrlSchema = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

export const FeedRecordSchema = z.object({
  id: code(100),
  name: text(200),
  description: text(2000),
  location: text(200),
  projectType: ProjectTypeSchema,
  vintageYear: z.number().int('must be a whole year').min(1990).max(2100),
  verificationStandard: text(200),
  registry: text(100),
  registryProjectId: code(100),
  methodology: text(300),
  climateEffect: ClimateEffectSchema,
  permanenceNotes: text(1000),
  cobenefits: z.array(text(80)).max(20).default([]),
  /** An http(s) URL or a path served by this app (`/images/…`); null shows the type's placeholder. */
  imageUrl: z
    .union([HttpUrlSchema, z.string().regex(/^\/[A-Za-z0-9._/-]+$/, 'must be an http(s) URL or a /path')])
    .nullable()
    .default(null),
  certificationUrl: HttpUrlSchema.nullable().default(null),
  /** A feed's records are taken as real listings unless they say otherwise. */
  illustrative: z.boolean().default(false),
  availableCredits: z.number().int('must be a whole number').min(0).max(1_000_000_000),
  pricePerTon: PriceSchema,
});
export type FeedRecord = z.infer<typeof FeedRecordSchema>;

/** A feed is a list of records, or an object with the list under `projects`. */
export function feedRecords(document: unknown): unknown[] | null {
  if (Array.isArray(document)) return document;
  if (
    document &&
    typeof document === 'object' &&
    Array.isArray((document as { projects?: unknown }).projects)
  ) {
    return (document as { projects: unknown[] }).projects;
  }
  return null;
}

/** "18.5" → 1850. Exact: no floating-point rounding. */
export function dollarsToCents(value: string): number {
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 1850 → "18.50". */
export function centsToDollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

type ProjectRow = typeof offsetProjects.$inferInsert;

/** The catalogue fields of a project row (everything but stock bookkeeping and timestamps). */
export function catalogueFields(record: FeedRecord) {
  return {
    name: record.name,
    description: record.description,
    location: record.location,
    projectType: record.projectType,
    vintageYear: record.vintageYear,
    verificationStandard: record.verificationStandard,
    registry: record.registry,
    registryProjectId: record.registryProjectId,
    methodology: record.methodology,
    climateEffect: record.climateEffect,
    permanenceNotes: record.permanenceNotes,
    cobenefits: record.cobenefits,
    imageUrl: record.imageUrl,
    certificationUrl: record.certificationUrl,
    illustrative: record.illustrative,
    priceCents: record.pricePerTon,
  } satisfies Partial<ProjectRow>;
}

export type CatalogueFields = ReturnType<typeof catalogueFields>;

/** A new project row for a record. */
export function newProjectRow(record: FeedRecord, now: Date): ProjectRow {
  return {
    id: record.id,
    ...catalogueFields(record),
    availableCredits: record.availableCredits,
    createdAt: now,
    updatedAt: now,
  };
}

/** Names of the catalogue fields whose stored value differs from the record's. */
export function changedFields(stored: CatalogueFields, record: FeedRecord): (keyof CatalogueFields)[] {
  const wanted = catalogueFields(record);
  return (Object.keys(wanted) as (keyof CatalogueFields)[]).filter(
    (key) => JSON.stringify(stored[key]) !== JSON.stringify(wanted[key]),
  );
}

/** "cobenefits.2: must not be empty" from a zod error. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}
