import { type Context, Hono } from 'hono';
import {
  CreateInviteSchema,
  InviteSignUpSchema,
  InviteTokenBodySchema,
  UpdateMemberRoleSchema,
} from '../../../domain/contracts/team.ts';
import type { AppEnv } from '../../context.ts';
import { publicOrigin } from '../../lib/origin.ts';
import { authedContext, requireRole, serviceContext } from '../../lib/request.ts';
import { readSessionCookie, setSessionCookie } from '../../lib/session-cookie.ts';
import { validate } from '../../lib/validate.ts';
import { getCurrentUser, type StartedSession } from '../auth/service.ts';
import { acceptInvite, lookupInvite, signUpFromInvite } from './accept.ts';
import { createInvite, revokeInvite } from './invites.ts';
import { getTeam, removeMember, updateMemberRole } from './service.ts';

const admin = requireRole('admin');

/** Settings → Team and the public /invite page (issue 9; docs/decisions/018). */
export const teamRoutes = new Hono<AppEnv>()
  .get('/team', async (c) => c.json(await getTeam(authedContext(c))))
  .post('/team/invites', admin, validate('json', CreateInviteSchema), async (c) => {
    const origin = publicOrigin(c.req.url, c.var.deps.config.PUBLIC_URL);
    return c.json(await createInvite(authedContext(c, 'admin'), c.req.valid('json'), origin), 201);
  })
  .delete('/team/invites/:id', admin, async (c) => {
    await revokeInvite(authedContext(c, 'admin'), c.req.param('id'));
    return c.body(null, 204);
  })
  .patch('/team/members/:id', admin, validate('json', UpdateMemberRoleSchema), async (c) =>
    c.json(await updateMemberRole(authedContext(c, 'admin'), c.req.param('id'), c.req.valid('json').role)),
  )
  .delete('/team/members/:id', admin, async (c) => {
    await removeMember(authedContext(c, 'admin'), c.req.param('id'));
    return c.body(null, 204);
  })
  // The token travels in the body, not the URL, so access logs never hold a usable link.
  .post('/invites/lookup', validate('json', InviteTokenBodySchema), async (c) =>
    c.json(await lookupInvite(serviceContext(c), c.req.valid('json').token)),
  )
  .post('/invites/accept', validate('json', InviteTokenBodySchema), async (c) => {
    const session = await acceptInvite(authedContext(c), c.req.valid('json').token, requestMeta(c));
    return respondWithSession(c, session, 200);
  })
  .post('/invites/signup', validate('json', InviteSignUpSchema), async (c) => {
    const session = await signUpFromInvite(serviceContext(c), c.req.valid('json'), requestMeta(c));
    return respondWithSession(c, session, 201);
  });

async function respondWithSession(c: Context<AppEnv>, session: StartedSession, status: 200 | 201) {
  setSessionCookie(c, session.token, session.expiresAt);
  return c.json(await getCurrentUser({ ...serviceContext(c), ...session.principal }), status);
}

function requestMeta(c: Context<AppEnv>) {
  return { userAgent: c.req.header('user-agent') ?? null, previousToken: readSessionCookie(c) };
}
