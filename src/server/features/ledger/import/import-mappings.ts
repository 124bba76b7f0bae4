// A company's remembered answers to the import's mapping step (decision 049): read before every
// preview and import so the next file imports without questions, written with the import that
// used them (same batch as its completion), listed and forgotten from the import card. Every query
// filters by the caller's company: nothing of another company is ever suggested or applied.
import { and, asc, eq, sql } from 'drizzle-orm';
import { sites } from '../../../../../db/schema/ledger.ts';
import { importMappings } from '../../../../../db/schema/ledger-import-mappings.ts';
import {
  CATEGORY_CHOICES,
  CATEGORY_LABELS,
  variantChoices,
} from '../../../../domain/activity-import/choices.ts';
import {
  IMPORT_FIELDS,
  type ImportField,
  normaliseHeader,
  type UserColumnMapping,
} from '../../../../domain/activity-import/headers.ts';
import {
  type ImportMappingKind,
  mappingKey,
  type ValueMappings,
  variantMappingKey,
} from '../../../../domain/activity-import/value-mappings.ts';
import type { ImportMapping } from '../../../../domain/contracts/ledger-import.ts';
import { spendCategoryOf } from '../../../../domain/emissions/spend-categories.ts';
import type { ActivityCategory } from '../../../../domain/emissions/types.ts';
import type { AuthedContext } from '../../../context.ts';
import { notFound } from '../../../lib/errors.ts';
import { auditInsert } from '../../audit/service.ts';
import { siteKey } from './import-batches.ts';

export interface RememberedMappings {
  header: UserColumnMapping;
  /** siteKey(name in a file) → site id. */
  sites: Map<string, string>;
  values: { category: Map<string, string>; variant: Map<string, string>; spend: Map<string, string> };
}

/** One mapping to remember: `sourceKey` as compared, `sourceText` as written. */
export interface MappingEntry {
  kind: ImportMappingKind;
  sourceKey: string;
  sourceText: string;
  target: string;
}

const isField = (value: string): value is ImportField | 'ignore' =>
  value === 'ignore' || (IMPORT_FIELDS as readonly string[]).includes(value);

export async function loadImportMappings(ctx: AuthedContext): Promise<RememberedMappings> {
  const rows = await ctx.db
    .select({
      kind: importMappings.kind,
      sourceKey: importMappings.sourceKey,
      sourceText: importMappings.sourceText,
      target: importMappings.target,
    })
    .from(importMappings)
    .where(eq(importMappings.companyId, ctx.companyId));
  const remembered: RememberedMappings = {
    header: {},
    sites: new Map(),
    values: { category: new Map(), variant: new Map(), spend: new Map() },
  };
  for (const row of rows) {
    if (row.kind === 'header' && isField(row.target)) remembered.header[row.sourceText] = row.target;
    else if (row.kind === 'site') remembered.sites.set(row.sourceKey, row.target);
    else if (row.kind === 'category' || row.kind === 'variant' || row.kind === 'spend')
      remembered.values[row.kind].set(row.sourceKey, row.target);
  }
  return remembered;
}

export function valueMappingsOf(remembered: RememberedMappings): ValueMappings {
  return remembered.values;
}

/** The key each kind compares its source by. */
export function entryKey(kind: ImportMappingKind, text: string, category?: ActivityCategory): string {
  if (kind === 'site') return siteKey(text);
  if (kind === 'header') return normaliseHeader(text);
  if (kind === 'variant' && category) return variantMappingKey(category, text);
  return mappingKey(text);
}

/** Upserts for the import's completion batch: a newer answer replaces the one remembered. */
export function saveMappingStatements(ctx: AuthedContext, entries: readonly MappingEntry[]) {
  const now = ctx.now();
  return entries.map((entry) =>
    ctx.db
      .insert(importMappings)
      .values({
        companyId: ctx.companyId,
        kind: entry.kind,
        sourceKey: entry.sourceKey,
        sourceText: entry.sourceText.slice(0, 500),
        target: entry.target,
        updatedBy: ctx.userId,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [importMappings.companyId, importMappings.kind, importMappings.sourceKey],
        set: {
          target: entry.target,
          sourceText: entry.sourceText.slice(0, 500),
          updatedBy: ctx.userId,
          updatedAt: now,
        },
      }),
  );
}

export async function listImportMappings(ctx: AuthedContext): Promise<ImportMapping[]> {
  const rows = await ctx.db
    .select({
      id: importMappings.id,
      kind: importMappings.kind,
      source: importMappings.sourceText,
      sourceKey: importMappings.sourceKey,
      target: importMappings.target,
      siteName: sites.name,
      updatedAt: importMappings.updatedAt,
    })
    .from(importMappings)
    .leftJoin(
      sites,
      and(
        eq(importMappings.kind, 'site'),
        eq(sites.id, importMappings.target),
        eq(sites.companyId, ctx.companyId),
      ),
    )
    .where(eq(importMappings.companyId, ctx.companyId))
    .orderBy(asc(importMappings.kind), asc(sql`lower(${importMappings.sourceText})`));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    source: row.source,
    target: row.target,
    targetLabel: targetLabel(row.kind, row.sourceKey, row.target, row.siteName),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

function targetLabel(kind: string, sourceKey: string, target: string, siteName: string | null): string {
  if (kind === 'site') return siteName ?? 'a site that no longer exists';
  if (kind === 'category') return CATEGORY_CHOICES.find((choice) => choice.value === target)?.label ?? target;
  if (kind === 'spend') return spendCategoryOf(target)?.label ?? target;
  if (kind === 'variant') {
    const category = sourceKey.slice(0, sourceKey.indexOf('|')) as ActivityCategory;
    const label = variantChoices(category).find((choice) => choice.value === target)?.label ?? target;
    return CATEGORY_LABELS[category] ? `${CATEGORY_LABELS[category]}: ${label}` : label;
  }
  return target === 'ignore' ? 'Ignored' : target;
}

/** Forgets one remembered answer (404 for another company's id, like a missing one). */
export async function forgetImportMapping(ctx: AuthedContext, id: string): Promise<void> {
  const own = and(eq(importMappings.id, id), eq(importMappings.companyId, ctx.companyId));
  const found = await ctx.db.select({ id: importMappings.id }).from(importMappings).where(own).get();
  if (!found) throw notFound('Remembered answer');
  await ctx.db.batch([
    ctx.db.delete(importMappings).where(own),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'import_mapping_forgotten',
      entityType: 'import_mapping',
      entityId: id,
    }),
  ]);
}
