import { z } from 'zod';
import { RoleSchema } from './auth.ts';
import { text } from './text.ts';

/**
 * API keys (Settings → API Keys, issue 9). A key is `esgp_` followed by 32 random bytes in
 * base64url (43 characters): the prefix makes a leaked key recognisable to secret scanners, the
 * 256 random bits make it unguessable. The server keeps only its SHA-256 and the first
 * `API_KEY_DISPLAY_PREFIX_LENGTH` characters for the masked display.
 */
export const API_KEY_PREFIX = 'esgp_';
export const API_KEY_DISPLAY_PREFIX_LENGTH = 12;
/** Active (not revoked) keys a company may hold: enough for every integration, bounded for review. */
export const MAX_ACTIVE_API_KEYS = 25;

/** The masked form shown in lists: the stored prefix, then dots for the secret part. */
export function maskApiKey(prefix: string): string {
  return `${prefix}${'•'.repeat(8)}`;
}

/** POST /api/api-keys. `role` defaults to the creator's own role and may not exceed it. */
export const CreateApiKeySchema = z.object({
  name: text('Name', { max: 80 }).min(1, 'Name is required'),
  role: RoleSchema.optional(),
});
export type CreateApiKey = z.infer<typeof CreateApiKeySchema>;

/** One key as lists show it: never the secret. */
export const ApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  role: RoleSchema,
  /** e.g. `esgp_AbCdEfG••••••••` */
  maskedKey: z.string(),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Only the key's creator may regenerate it: the new secret acts as them. */
  canRegenerate: z.boolean(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

/** GET /api/api-keys: the keys the caller may manage, and whether they may create one. */
export const ApiKeyListSchema = z.object({
  keys: z.array(ApiKeySchema),
  canCreate: z.boolean(),
  /** Why the caller may not create a key (the plan), in words to show; null when they may. */
  createRefusal: z.string().nullable(),
  /** The roles a new key may have: the caller's own and those below it. */
  allowedRoles: z.array(RoleSchema),
});
export type ApiKeyList = z.infer<typeof ApiKeyListSchema>;

/** POST /api/api-keys and POST /api/api-keys/{id}/regenerate: the only answers carrying the secret. */
export const ApiKeySecretSchema = z.object({
  key: ApiKeySchema,
  secret: z.string(),
});
export type ApiKeySecret = z.infer<typeof ApiKeySecretSchema>;
