import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { apiKeys } from '../../../../db/schema/api-keys.ts';
import { users } from '../../../../db/schema/auth.ts';
import { roleAtLeast } from '../../../domain/account/permissions.ts';
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
import { auditInsert } from '../audit/service.ts';
import { companyPlan, requireEntitlement } from '../billing/service.ts';
import { newApiKeySecret } from './secret.ts';

export { browserSessionContext } from './session-only.ts';

/**
 * Only admins manage API keys (`apiKeys.manage`, docs/decisions/019-roles.md and 020): the routes
 * refuse everyone else before these functions run. Any admin lists and revokes every key of the
 * company. Only a key's creator may regenerate it, other admins included: the new secret acts as
 * the creator, and no admin should obtain a secret that acts as somebody else. A key's role is at
 * most its creator's when created, and authenticate.ts caps it at the creator's current role on
 * every use, so a demoted or departed admin's keys lose their power. Creating and regenerating
 * need the plan's API access; revoking does not, so a downgraded company can still clean up.
 */
const ROLES_ASCENDING: readonly Role[] = ['viewer', 'member', 'admin'];
const rolesUpTo = (role: Role) => ROLES_ASCENDING.filter((candidate) => roleAtLeast(role, candidate));

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

/** The company's active (not revoked) keys. */
function activeKeys(ctx: AuthedContext) {
  return and(eq(apiKeys.companyId, ctx.companyId), isNull(apiKeys.revokedAt));
}

function selectKeys(ctx: AuthedContext) {
  return ctx.db.select(keyColumns).from(apiKeys).leftJoin(users, eq(users.id, apiKeys.createdBy));
}

/** 404 for a key that does not exist, is revoked, or belongs to another company. */
async function getActiveKey(ctx: AuthedContext, id: string): Promise<KeyRow> {
  const row = await selectKeys(ctx)
    .where(and(eq(apiKeys.id, id), activeKeys(ctx)))
    .get();
  if (!row) throw notFound('API key');
  return row;
}

/** Why no key may be created now (the plan), in words to show; null when one may. */
async function createRefusal(ctx: AuthedContext): Promise<string | null> {
  const plan = await companyPlan(ctx, ctx.companyId);
  return hasEntitlement(plan, 'apiAccess') ? null : entitlementRefusal(plan, 'apiAccess');
}

export async function listApiKeys(ctx: AuthedContext): Promise<ApiKeyList> {
  const [rows, refusal] = await Promise.all([
    selectKeys(ctx).where(activeKeys(ctx)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id)),
    createRefusal(ctx),
  ]);
  return {
    keys: rows.map((row) => toApiKey(ctx, row)),
    canCreate: refusal === null,
    createRefusal: refusal,
    allowedRoles: rolesUpTo(ctx.role),
  };
}

export async function createApiKey(ctx: AuthedContext, input: CreateApiKey): Promise<ApiKeySecret> {
  await requireEntitlement(ctx, 'apiAccess');
  const role = input.role ?? ctx.role;
  if (!roleAtLeast(ctx.role, role)) {
    throw forbidden(`A key cannot have a higher role than yours (${ctx.role})`);
  }
  const active = await ctx.db.select({ n: count() }).from(apiKeys).where(activeKeys(ctx)).get();
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
  return { key: toApiKey(ctx, await getActiveKey(ctx, id)), secret };
}

/** A new secret for the same key; the old one fails from the next request on. */
export async function regenerateApiKey(ctx: AuthedContext, id: string): Promise<ApiKeySecret> {
  const existing = await getActiveKey(ctx, id);
  if (existing.createdBy !== ctx.userId) {
    throw forbidden('Only the person who created this key can regenerate it; you can revoke it');
  }
  await requireEntitlement(ctx, 'apiAccess');
  const { secret, keyHash, prefix } = await newApiKeySecret();
  await ctx.db.batch([
    ctx.db
      .update(apiKeys)
      .set({ keyHash, prefix, lastUsedAt: null })
      .where(and(eq(apiKeys.id, id), activeKeys(ctx))),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'api_key_regenerated',
      entityType: 'api_key',
      entityId: id,
    }),
  ]);
  return { key: toApiKey(ctx, await getActiveKey(ctx, id)), secret };
}

export async function revokeApiKey(ctx: AuthedContext, id: string): Promise<void> {
  await getActiveKey(ctx, id);
  await ctx.db.batch([
    ctx.db
      .update(apiKeys)
      .set({ revokedAt: ctx.now() })
      .where(and(eq(apiKeys.id, id), activeKeys(ctx))),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'api_key_revoked',
      entityType: 'api_key',
      entityId: id,
    }),
  ]);
}
