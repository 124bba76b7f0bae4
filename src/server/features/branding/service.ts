// Report branding (Enterprise, issue 9; docs/decisions/027-custom-branding.md). Every query is by
// the caller's company; every change writes its audit row in the same batch (decision 003), and
// every change requires the plan to include custom branding (403 plan_required otherwise).
import { eq, sql } from 'drizzle-orm';
import { companies } from '../../../../db/schema/auth.ts';
import { companyBranding } from '../../../../db/schema/branding.ts';
import { hasEntitlement } from '../../../domain/account/plans.ts';
import {
  type Branding,
  type BrandingChange,
  brandingLogoUrl,
  DEFAULT_ACCENT_COLOUR,
} from '../../../domain/contracts/branding.ts';
import type { SnapshotBranding } from '../../../domain/reports/snapshot.ts';
import type { AuthedContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { auditInsert } from '../audit/service.ts';
import { companyPlan, requireEntitlement } from '../billing/service.ts';
import { checkLogo } from './logo.ts';

const audit = (ctx: AuthedContext, action: string) =>
  auditInsert(ctx, {
    companyId: ctx.companyId,
    userId: ctx.userId,
    action,
    entityType: 'company',
    entityId: ctx.companyId,
  });

/** The branding row without the logo's bytes (their length only). */
function readRow(ctx: AuthedContext) {
  return ctx.db
    .select({
      brandName: companyBranding.brandName,
      accentColour: companyBranding.accentColour,
      logoContentType: companyBranding.logoContentType,
      logoWidth: companyBranding.logoWidth,
      logoHeight: companyBranding.logoHeight,
      logoSize: sql<number | null>`length(${companyBranding.logoBytes})`,
      logoUpdatedAt: companyBranding.logoUpdatedAt,
      updatedAt: companyBranding.updatedAt,
    })
    .from(companyBranding)
    .where(eq(companyBranding.companyId, ctx.companyId))
    .get();
}

/** GET /api/company/branding: what is saved, and whether the plan lets reports use it. */
export async function getBranding(ctx: AuthedContext): Promise<Branding> {
  const [plan, company, row] = await Promise.all([
    companyPlan(ctx, ctx.companyId),
    ctx.db.select({ name: companies.name }).from(companies).where(eq(companies.id, ctx.companyId)).get(),
    readRow(ctx),
  ]);
  const logo =
    row?.logoContentType && row.logoWidth && row.logoHeight && row.logoUpdatedAt
      ? {
          url: brandingLogoUrl(row.logoUpdatedAt.getTime()),
          contentType: row.logoContentType,
          width: row.logoWidth,
          height: row.logoHeight,
          size: Number(row.logoSize ?? 0),
        }
      : null;
  return {
    plan,
    entitled: hasEntitlement(plan, 'customBranding'),
    companyName: company?.name ?? '',
    brandName: row?.brandName ?? null,
    accentColour: row?.accentColour ?? DEFAULT_ACCENT_COLOUR,
    logo,
    customised: Boolean(row),
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** PUT /api/company/branding: brand name and accent colour (the logo has its own calls). */
export async function updateBranding(ctx: AuthedContext, change: BrandingChange): Promise<Branding> {
  await requireEntitlement(ctx, 'customBranding');
  const { brandName, accentColour } = change;
  const set = { brandName, accentColour, updatedBy: ctx.userId, updatedAt: ctx.now() };
  await ctx.db.batch([
    ctx.db
      .insert(companyBranding)
      .values({ companyId: ctx.companyId, ...set })
      .onConflictDoUpdate({ target: companyBranding.companyId, set }),
    audit(ctx, 'branding_updated'),
  ]);
  return getBranding(ctx);
}

/** POST /api/company/branding/logo: a checked PNG or JPEG (logo.ts) replaces any earlier logo. */
export async function uploadLogo(ctx: AuthedContext, file: File): Promise<Branding> {
  await requireEntitlement(ctx, 'customBranding');
  const logo = await checkLogo(file);
  const now = ctx.now();
  const set = {
    logoContentType: logo.contentType,
    logoBytes: logo.bytes,
    logoWidth: logo.width,
    logoHeight: logo.height,
    logoUpdatedAt: now,
    updatedBy: ctx.userId,
    updatedAt: now,
  };
  await ctx.db.batch([
    ctx.db
      .insert(companyBranding)
      .values({ companyId: ctx.companyId, accentColour: DEFAULT_ACCENT_COLOUR, ...set })
      .onConflictDoUpdate({ target: companyBranding.companyId, set }),
    audit(ctx, 'branding_logo_updated'),
  ]);
  return getBranding(ctx);
}

/** DELETE /api/company/branding/logo: reports go back to the brand name alone. */
export async function removeLogo(ctx: AuthedContext): Promise<Branding> {
  await requireEntitlement(ctx, 'customBranding');
  const current = await readRow(ctx);
  if (!current?.logoContentType) throw notFound('Logo');
  await ctx.db.batch([
    ctx.db
      .update(companyBranding)
      .set({
        logoContentType: null,
        logoBytes: null,
        logoWidth: null,
        logoHeight: null,
        logoUpdatedAt: null,
        updatedBy: ctx.userId,
        updatedAt: ctx.now(),
      })
      .where(eq(companyBranding.companyId, ctx.companyId)),
    audit(ctx, 'branding_logo_removed'),
  ]);
  return getBranding(ctx);
}

/** GET /api/company/branding/logo: the caller's own company's logo only (another's is unreachable). */
export async function readLogo(ctx: AuthedContext) {
  const row = await ctx.db
    .select({
      contentType: companyBranding.logoContentType,
      bytes: companyBranding.logoBytes,
      updatedAt: companyBranding.logoUpdatedAt,
    })
    .from(companyBranding)
    .where(eq(companyBranding.companyId, ctx.companyId))
    .get();
  if (!row?.contentType || !row.bytes || !row.updatedAt) throw notFound('Logo');
  return { contentType: row.contentType, bytes: row.bytes, version: row.updatedAt.getTime() };
}

/** Bytes to base64 without Node's Buffer (the Worker has none), in chunks to bound the arguments. */
function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let offset = 0; offset < bytes.length; offset += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  }
  return btoa(binary);
}

/**
 * For the report snapshot: the branding reports carry, frozen at generation. Null when the plan
 * does not include custom branding, even if a row is stored (a downgraded company keeps its row
 * for an upgrade, but its reports return to the default look), or when nothing was saved.
 */
export async function brandingForReport(ctx: AuthedContext): Promise<SnapshotBranding | null> {
  const plan = await companyPlan(ctx, ctx.companyId);
  if (!hasEntitlement(plan, 'customBranding')) return null;
  const row = await ctx.db
    .select()
    .from(companyBranding)
    .where(eq(companyBranding.companyId, ctx.companyId))
    .get();
  if (!row) return null;
  const logo =
    row.logoContentType && row.logoBytes && row.logoWidth && row.logoHeight
      ? {
          contentType: row.logoContentType,
          width: row.logoWidth,
          height: row.logoHeight,
          base64: toBase64(row.logoBytes),
        }
      : null;
  return { brandName: row.brandName, accentColour: row.accentColour, logo };
}
