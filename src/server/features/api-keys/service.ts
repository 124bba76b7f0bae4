import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import { apiKeys } from '../../../../db/schema/account.ts';
import { users } from '../../../../db/schema/auth.ts';
import { entitlementRefusal, hasEntitlement } from '../../../domain/account/plans.ts';
import {
  type ApiKey,
  type ApiKeyList,
  type ApiKeySecret,
  type CreateApiKey,
  MAX_ACTIVE_API_KEYS,
  maskApiKey,
} from '../../../domain/contracts/api-keys.ts';
import type { Role } from '../../../domain/contracts/auth.ts';
import type { AuthedContext } from '../../context.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { companyPlan, requireEntitlement } from '../account/entitlements.ts';
import { auditInsert } from '../audit/service.ts';
import { newApiKeySecret } from './secret.ts';

/**
 * Who manages which key: an admin sees and revokes every key of the company; anyone else sees and
 * revokes their own. Only a key's creator may regenerate it, admins included: the new secret acts
 * as the creator, and no one should obtain a secret that acts as somebody else.
 * Creating needs the member role or above and the plan's API access (issue 9).
 */
const ROLE_ORDER: readonly Role[] = ['viewer', 'member', 'admin'];
const rolesUpTo = (role: Role) => ROLE_ORDER.slice(0, ROLE_ORDER.indexOf(role) + 1);

const VIEWER_REFUSAL = 'Viewers cannot create API keys. Ask an admin for the member role.';

const keyColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  role: apiKeys.role,
  prefix: apiKeys.prefix,
  createdBy: apiKeys.createdBy,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};
type KeyRow = {
  id: string;
  name: string;
  role: Role;
  prefix: string;
  createdBy: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
};

function toApiKey(ctx: AuthedContext, row: KeyRow): ApiKey {
  const name = [row.firstName, row.lastName].filter((part) => part?.trim()).join(' ') || row.email || '';
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    maskedKey: maskApiKey(row.prefix),
    createdBy: row.createdBy ? { id: row.createdBy, name } : null,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    canRegenerate: row.createdBy === ctx.userId,
  };
}

/** Active keys of the company the caller may manage (see the rule above). */
function visibleKeys(ctx: AuthedContext): SQL {
  const active = and(eq(apiKeys.companyId, ctx.companyId), isNull(apiKeys.revokedAt))!;
  return ctx.role === 'admin' ? active : and(active, eq(apiKeys.createdBy, ctx.userId))!;
}

function selectKeys(ctx: AuthedContext) {
  return ctx.db.select(keyColumns).from(apiKeys).leftJoin(users, eq(users.id, apiKeys.createdBy));
}

/** 404 for a key that does not exist, is revoked, or is not the caller's to manage. */
async function getVisibleKey(ctx: AuthedContext, id: string): Promise<KeyRow> {
  const row = await selectKeys(ctx)
    .where(and(eq(apiKeys.id, id), visibleKeys(ctx)))
    .get();
  if (!row) throw notFound('API key');
  return row;
}

async function createRefusal(ctx: AuthedContext): Promise<string | null> {
  if (ctx.role === 'viewer') return VIEWER_REFUSAL;
  const plan = await companyPlan(ctx, ctx.companyId);
  return hasEntitlement(plan, 'apiAccess') ? null : entitlementRefusal(plan, 'apiAccess');
}

export async function listApiKeys(ctx: AuthedContext): Promise<ApiKeyList> {
  const [rows, refusal] = await Promise.all([
    selectKeys(ctx).where(visibleKeys(ctx)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id)),
    createRefusal(ctx),
  ]);
  return {
    keys: rows.map((row) => toApiKey(ctx, row)),
    canCreate: refusal === null,
    createRefusal: refusal,
    allowedRoles: ctx.role === 'viewer' ? [] : rolesUpTo(ctx.role),
  };
}

async function assertMayIssue(ctx: AuthedContext): Promise<void> {
  if (ctx.role === 'viewer') throw forbidden(VIEWER_REFUSAL);
  await requireEntitlement(ctx, 'apiAccess');
}

export async function createApiKey(ctx: AuthedContext, input: CreateApiKey): Promise<ApiKeySecret> {
  await assertMayIssue(ctx);
  const role = input.role ?? ctx.role;
  if (!rolesUpTo(ctx.role).includes(role)) {
    throw forbidden(`A key cannot have a higher role than yours (${ctx.role})`);
  }
  const active = await ctx.db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.companyId, ctx.companyId), isNull(apiKeys.revokedAt)))
    .get();
  if ((active?.n ?? 0) >= MAX_ACTIVE_API_KEYS) {
    throw conflict(`A company may have at most ${MAX_ACTIVE_API_KEYS} active API keys: revoke one first`);
  }
  const id = crypto.randomUUID();
  const { secret, keyHash, prefix } = await newApiKeySecret();
  await ctx.db.batch([
    ctx.db.insert(apiKeys).values({
      id,
      companyId: ctx.companyId,
      createdBy: ctx.userId,
      name: input.name,
      role,
      prefix,
      keyHash,
      createdAt: ctx.now(),
    }),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'api_key_created',
      entityType: 'api_key',
      entityId: id,
    }),
  ]);
  return { key: toApiKey(ctx, await getVisibleKey(ctx, id)), secret };
}

/** A new secret for the same key; the old one fails from the next request on. */
export async function regenerateApiKey(ctx: AuthedContext, id: string): Promise<ApiKeySecret> {
  const existing = await getVisibleKey(ctx, id);
  if (existing.createdBy !== ctx.userId) {
    throw forbidden('Only the person who created this key can regenerate it; you can revoke it');
  }
  await assertMayIssue(ctx);
  // A creator demoted since keeps a key no stronger than their role now.
  const role = rolesUpTo(ctx.role).includes(existing.role) ? existing.role : ctx.role;
  const { secret, keyHash, prefix } = await newApiKeySecret();
  await ctx.db.batch([
    ctx.db
      .update(apiKeys)
      .set({ keyHash, prefix, role, lastUsedAt: null })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.companyId, ctx.companyId), isNull(apiKeys.revokedAt))),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'api_key_regenerated',
      entityType: 'api_key',
      entityId: id,
    }),
  ]);
  return { key: toApiKey(ctx, await getVisibleKey(ctx, id)), secret };
}

export async function revokeApiKey(ctx: AuthedContext, id: string): Promise<void> {
  await getVisibleKey(ctx, id);
  await ctx.db.batch([
    ctx.db
      .update(apiKeys)
      .set({ revokedAt: ctx.now() })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.companyId, ctx.companyId), isNull(apiKeys.revokedAt))),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'api_key_revoked',
      entityType: 'api_key',
      entityId: id,
    }),
  ]);
}
