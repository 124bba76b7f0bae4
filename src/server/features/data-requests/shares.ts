// Sharing a request (issue 22 item 4, decision 078). Publishing freezes the answers into a pack
// signed with the instance's Ed25519 key, and the report snapshot they came from (for the Inline
// XBRL and PDF downloads), behind an unguessable link token stored as SHA-256 only (lib/secret-token.ts).
// The public routes answer without an account: 404 for a token never issued, 410 for one revoked
// or expired (never its data), a per-IP rate limit before any lookup, and each opening logged.
import { and, eq, isNull, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { dataRequestShareAccesses, dataRequestShares } from '../../../../db/schema/data-requests.ts';
import {
  type CreateShareSchema,
  type ShareCreated,
  type SharedPackFormat,
  type SignedPack,
  sharedPackDownloadPath,
  sharedPageHref,
} from '../../../domain/contracts/data-requests.ts';
import { buildPack, signPack } from '../../../domain/data-requests/pack.ts';
import type { RenderedReport, ReportSnapshot } from '../../../domain/reports/snapshot.ts';
import type { AuthedContext, ServiceContext } from '../../context.ts';
import { conflict, HttpError, notFound } from '../../lib/errors.ts';
import { consumeRateLimit } from '../../lib/rate-limit.ts';
import { generateSecretToken, secretTokenHash } from '../../lib/secret-token.ts';
import { auditInsert } from '../audit/service.ts';
import { getCurrentUser } from '../auth/service.ts';
import { readableRenderError, renderReportFile } from '../export/reports/service.ts';
import { readDataRequest } from './service.ts';
import { shareState } from './share-summary.ts';
import { currentSigningKey } from './signing-keys.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The shape of generateSecretToken's output (base32, lower case); anything else is unknown. */
const TOKEN_SHAPE = /^[a-z2-7]{16,64}$/;
const unknownLink = () =>
  new HttpError(404, 'This link does not exist. Check that it was copied whole.', 'not_found');
/** Openings of shared links per IP address per minute: a reader never needs more; a guesser is slowed. */
export const SHARED_LINK_LIMIT = { limit: 30, windowMs: 60_000 };

export async function createShare(
  ctx: AuthedContext,
  id: string,
  input: z.output<typeof CreateShareSchema>,
  origin: string,
): Promise<ShareCreated> {
  const { request, data } = await readDataRequest(ctx, id);
  if (request.status === 'declined') throw conflict('This request is declined: there is nothing to share.');
  const [previous] = await ctx.db
    .select({ version: max(dataRequestShares.version) })
    .from(dataRequestShares)
    .where(and(eq(dataRequestShares.companyId, ctx.companyId), eq(dataRequestShares.requestId, id)));
  const version = (previous?.version ?? 0) + 1;
  const now = ctx.now();
  const user = await getCurrentUser(ctx);
  const pack = buildPack({
    company: {
      name: user.companyName,
      lei: data.snapshot.company.identifier?.scheme.includes('17442')
        ? data.snapshot.company.identifier.value
        : null,
      country: data.snapshot.company.country,
    },
    requester: { name: request.requesterName, type: request.requesterType },
    template: request.template,
    period: request.period,
    version,
    generatedAt: now.toISOString(),
    answers: request.answers,
  });
  const key = await currentSigningKey(ctx);
  const signed = {
    pack,
    keyId: key.keyId,
    signature: await signPack(key.privateKey, pack),
    algorithm: 'EdDSA',
  };
  const token = generateSecretToken();
  const expiresAt = new Date(now.getTime() + input.expiresInDays * DAY_MS);
  // A new version replaces the live one: one link per request is live at a time.
  await ctx.db.batch([
    ctx.db
      .update(dataRequestShares)
      .set({ revokedAt: now })
      .where(
        and(
          eq(dataRequestShares.companyId, ctx.companyId),
          eq(dataRequestShares.requestId, id),
          isNull(dataRequestShares.revokedAt),
        ),
      ),
    ctx.db.insert(dataRequestShares).values({
      companyId: ctx.companyId,
      requestId: id,
      version,
      tokenHash: await secretTokenHash(token),
      signedPack: JSON.stringify(signed),
      snapshot: JSON.stringify({ ...data.snapshot, generatedAt: now.toISOString() }),
      createdBy: ctx.userId,
      createdAt: now,
      expiresAt,
    }),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'data_request_shared',
      entityType: 'data_request',
      entityId: id,
    }),
  ]);
  return { url: `${origin}${sharedPageHref(token)}`, token, expiresAt: expiresAt.toISOString(), version };
}

/** DELETE …/share: revokes the live link at once; 404 when none is live. */
export async function revokeShare(ctx: AuthedContext, id: string): Promise<void> {
  const { request } = await readDataRequest(ctx, id);
  if (request.share?.state !== 'active') throw notFound('Live share link');
  await ctx.db.batch([
    ctx.db
      .update(dataRequestShares)
      .set({ revokedAt: ctx.now() })
      .where(
        and(
          eq(dataRequestShares.companyId, ctx.companyId),
          eq(dataRequestShares.requestId, id),
          isNull(dataRequestShares.revokedAt),
        ),
      ),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'data_request_share_revoked',
      entityType: 'data_request',
      entityId: id,
    }),
  ]);
}

/** The share a public token opens, after the IP's rate limit; 404 unknown, 410 revoked or expired. */
async function openShare(ctx: ServiceContext, token: string) {
  await consumeRateLimit(
    ctx.db,
    {
      key: `shared-pack:${ctx.ip ?? 'unknown'}`,
      ...SHARED_LINK_LIMIT,
      message: 'Too many requests for shared links from your network. Please wait a minute and try again.',
    },
    ctx.now(),
  );
  if (!TOKEN_SHAPE.test(token)) throw unknownLink();
  const share = await ctx.db
    .select({
      id: dataRequestShares.id,
      signedPack: dataRequestShares.signedPack,
      snapshot: dataRequestShares.snapshot,
      expiresAt: dataRequestShares.expiresAt,
      revokedAt: dataRequestShares.revokedAt,
    })
    .from(dataRequestShares)
    .where(eq(dataRequestShares.tokenHash, await secretTokenHash(token)))
    .get();
  if (!share) throw unknownLink();
  const state = shareState(share, ctx.now());
  if (state === 'revoked')
    throw new HttpError(410, 'This link was revoked by the company that shared it.', 'share_revoked');
  if (state === 'expired')
    throw new HttpError(410, 'This link has expired. Ask the company for a new one.', 'share_expired');
  const at = ctx.now();
  await ctx.db.batch([
    ctx.db.insert(dataRequestShareAccesses).values({ shareId: share.id, at }),
    ctx.db
      .update(dataRequestShares)
      .set({ accessCount: sql`${dataRequestShares.accessCount} + 1`, lastAccessedAt: at })
      .where(eq(dataRequestShares.id, share.id)),
  ]);
  return share;
}

function downloadsOf(token: string, snapshot: ReportSnapshot): SignedPack['downloads'] {
  return [
    { format: 'json' as const, href: sharedPackDownloadPath(token, 'json'), label: 'Signed JSON pack' },
    // VSME Inline XBRL names the company by its LEI (or another registry identifier): without one it cannot be made.
    ...(snapshot.company.identifier
      ? [
          {
            format: 'xbrl' as const,
            href: sharedPackDownloadPath(token, 'xbrl'),
            label: 'VSME Inline XBRL package',
          },
        ]
      : []),
    { format: 'pdf' as const, href: sharedPackDownloadPath(token, 'pdf'), label: 'PDF report' },
  ];
}

/** GET /api/shared/{token}: the signed pack, its expiry and downloads. */
export async function getSharedPack(ctx: ServiceContext, token: string): Promise<SignedPack> {
  const share = await openShare(ctx, token);
  const signed = JSON.parse(share.signedPack) as Omit<SignedPack, 'expiresAt' | 'downloads'>;
  return {
    ...signed,
    expiresAt: share.expiresAt.toISOString(),
    downloads: downloadsOf(token, JSON.parse(share.snapshot)),
  };
}

/** GET /api/shared/{token}/download/{format}: the frozen pack's files. */
export async function downloadSharedPack(
  ctx: ServiceContext,
  token: string,
  format: SharedPackFormat,
): Promise<RenderedReport> {
  const share = await openShare(ctx, token);
  const snapshot = JSON.parse(share.snapshot) as ReportSnapshot;
  const name = `data-request-${snapshot.report.period}-v${(JSON.parse(share.signedPack) as SignedPack).pack.version}`;
  if (format === 'json') {
    const signed = JSON.parse(share.signedPack) as SignedPack;
    return {
      fileName: `${name}.json`,
      contentType: 'application/json',
      bytes: new TextEncoder().encode(`${JSON.stringify(signed, null, 2)}\n`),
    };
  }
  try {
    return await renderReportFile({ ...snapshot, report: { ...snapshot.report, format } });
  } catch (error) {
    const message = readableRenderError(error);
    if (message !== null) throw new HttpError(422, message, 'unprocessable');
    throw error;
  }
}
