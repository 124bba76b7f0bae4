import type { Context } from 'hono';
import type { Role } from '../../../domain/contracts/auth.ts';
import { findPublicOperation } from '../../../domain/openapi/operations.ts';
import type { AppEnv, AuthedContext } from '../../context.ts';
import { HttpError } from '../../lib/errors.ts';
import { authedContext } from '../../lib/request.ts';

/**
 * What an API key may call: only the operations of the public API (src/domain/openapi/operations.ts),
 * the same list GET /api/openapi.json publishes. Everything else, in particular what only makes
 * sense for a person in a browser (API keys themselves, sign-out, profile and photo, password,
 * team, billing, privacy and account deletion), refuses a key with 403. An allow-list rather than
 * a deny-list: a route added later is closed to keys until someone documents it.
 */
const SESSION_ONLY_AREAS: readonly { prefix: string; message: string }[] = [
  {
    prefix: '/api/api-keys',
    message: 'API keys cannot manage API keys: sign in and use Settings → API Keys.',
  },
  // Before '/api/auth': first match wins. A key acts for the one company it was created in.
  {
    prefix: '/api/auth/switch-company',
    message:
      'An API key belongs to one company and cannot switch: create a key in the other company instead.',
  },
  {
    prefix: '/api/auth/companies',
    message:
      'An API key belongs to one company: listing a person’s companies needs a signed-in browser session.',
  },
  { prefix: '/api/auth', message: 'Profile, photo and password changes need a signed-in browser session.' },
  { prefix: '/api/logout', message: 'An API key has no session to sign out of: revoke the key instead.' },
  { prefix: '/api/users', message: 'Profile photos are for signed-in members of the company.' },
  { prefix: '/api/team', message: 'Team management needs a signed-in browser session.' },
  { prefix: '/api/invites', message: 'Invitations are accepted by a person signing in, not by an API key.' },
  { prefix: '/api/billing', message: 'Billing needs a signed-in browser session.' },
  { prefix: '/api/privacy', message: 'Privacy settings need a signed-in browser session.' },
  { prefix: '/api/gdpr', message: 'Data export and account deletion need a signed-in browser session.' },
];

const GENERAL_REFUSAL =
  'API keys can call only the public API documented at /developers; this call needs a signed-in browser session.';

/** Throws 403 when an API-key request asks for anything outside the public API. */
export function assertApiKeyMayCall(method: string, path: string): void {
  if (!findPublicOperation(method, path)) throw sessionRequired(path);
}

function sessionRequired(path: string): HttpError {
  const area = SESSION_ONLY_AREAS.find(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`));
  return new HttpError(403, area?.message ?? GENERAL_REFUSAL, 'session_required');
}

/**
 * `authedContext` for calls that belong to a person in a browser: a key principal is refused
 * even if the allow-list above ever let it through (defence in depth for the key routes).
 */
export function browserSessionContext(c: Context<AppEnv>, minimumRole: Role = 'viewer'): AuthedContext {
  const ctx = authedContext(c, minimumRole);
  if (ctx.apiKeyId) throw sessionRequired(c.req.path);
  return ctx;
}
