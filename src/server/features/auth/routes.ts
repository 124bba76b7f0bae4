import { type Context, Hono } from 'hono';
import {
  EmailChangeTokenSchema,
  SignInSchema,
  SignUpSchema,
  SignUpTokenSchema,
  SwitchCompanySchema,
  UpdateProfileSchema,
} from '../../../domain/contracts/auth.ts';
import type { AppEnv } from '../../context.ts';
import { unauthorized } from '../../lib/errors.ts';
import { publicOrigin } from '../../lib/origin.ts';
import { authorize, requirePermission } from '../../lib/permissions.ts';
import { authedContext, requireRole, serviceContext } from '../../lib/request.ts';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from '../../lib/session-cookie.ts';
import { validate } from '../../lib/validate.ts';
import { browserSessionContext } from '../api-keys/service.ts';
import { listMyCompanies, switchCompany } from './companies.ts';
import { cancelEmailChange, getEmailChange } from './email-change.ts';
import { confirmEmailChange } from './email-change-confirm.ts';
import { logoutPage } from './logout-page.ts';
import { configuredProviders, soleSignInRoute } from './oauth.ts';
import { getCurrentUser, type StartedSession, signIn, signOut, signUp, updateProfile } from './service.ts';
import { confirmSignUp } from './signup-confirm.ts';

export const authRoutes = new Hono<AppEnv>()
  /** spec §7: navigation to the sign-in page, or straight to the only way of signing in. */
  .get('/login', (c) => {
    if (c.var.principal) return c.redirect('/', 302);
    return c.redirect(soleSignInRoute(c.var.deps.config) ?? '/login', 302);
  })
  /**
   * spec §7: the user menu's "Log out" navigates here. A GET changes nothing (decision 041): it
   * answers a page whose button POSTs below, so no other site can sign anyone out.
   */
  .get('/logout', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.html(logoutPage(Boolean(c.var.principal && !c.var.principal.apiKeyId)));
  })
  /** Ends the session: a form post goes back to the landing page, a fetch gets 204. */
  .post('/logout', async (c) => {
    if (c.var.principal) await signOut(authedContext(c));
    clearSessionCookie(c);
    const isNavigation =
      c.req.header('sec-fetch-mode') === 'navigate' || (c.req.header('accept') ?? '').includes('text/html');
    return isNavigation ? c.redirect('/', 303) : c.body(null, 204);
  })
  .get('/auth/providers', (c) => c.json(configuredProviders(c.var.deps.config)))
  .post('/auth/signup', validate('json', SignUpSchema), async (c) => {
    const outcome = await signUp(serviceContext(c), c.req.valid('json'), requestMeta(c));
    // 202 where the address must confirm an emailed link first (decision 041): no session yet.
    if (outcome.kind === 'pending') return c.json(outcome.answer, 202);
    return respondWithSession(c, outcome.session, 201);
  })
  // The token travels in the body (the /confirm-signup page posts it on a button press), so a link
  // scanner that follows the emailed URL creates nothing.
  .post('/auth/signup/confirm', validate('json', SignUpTokenSchema), async (c) => {
    const token = c.req.valid('json').token;
    return respondWithSession(c, await confirmSignUp(serviceContext(c), token, requestMeta(c)), 201);
  })
  .post('/auth/signin', validate('json', SignInSchema), async (c) => {
    const session = await signIn(serviceContext(c), c.req.valid('json'), requestMeta(c));
    return respondWithSession(c, session, 200);
  })
  // Read with the session by middleware/auth.ts (API keys are refused here): only the answer to build.
  .get('/auth/user', (c) => {
    const user = c.get('currentUser');
    if (!user) throw unauthorized();
    return c.json(user);
  })
  .put('/auth/user', requirePermission('profile.edit'), validate('json', UpdateProfileSchema), async (c) => {
    const origin = publicOrigin(c.req.url, c.var.deps.config.PUBLIC_URL);
    return c.json(await updateProfile(authorize(c, 'profile.edit'), c.req.valid('json'), origin));
  })
  /** Decision 041: the email change waiting for its link, cancelling it, and the link's confirmation. */
  .get('/auth/email-change', async (c) => c.json(await getEmailChange(browserSessionContext(c))))
  .delete('/auth/email-change', requireRole('viewer'), async (c) => {
    await cancelEmailChange(browserSessionContext(c));
    return c.body(null, 204);
  })
  // The token travels in the body (the /confirm-email page posts it), so a link scanner that
  // follows the emailed URL confirms nothing and access logs never hold a usable link.
  .post('/auth/email-change/confirm', validate('json', EmailChangeTokenSchema), async (c) =>
    c.json(await confirmEmailChange(serviceContext(c), c.req.valid('json').token)),
  )
  /**
   * Decision 031: the person's companies, and moving this session to another of them. Any role may
   * (it concerns the person, not the company they are in); an API key is bound to its company, so
   * it is refused (403) even if the allow-list ever let it through.
   */
  .get('/auth/companies', async (c) => c.json(await listMyCompanies(browserSessionContext(c))))
  .post('/auth/switch-company', requireRole('viewer'), validate('json', SwitchCompanySchema), async (c) =>
    c.json(await switchCompany(browserSessionContext(c), c.req.valid('json'))),
  );

/** Answers a sign-in or sign-up: the new cookie and the user it now belongs to. */
async function respondWithSession(c: Context<AppEnv>, session: StartedSession, status: 200 | 201) {
  setSessionCookie(c, session.token, session.expiresAt);
  return c.json(await getCurrentUser({ ...serviceContext(c), ...session.principal }), status);
}

function requestMeta(c: Context<AppEnv>) {
  return { userAgent: c.req.header('user-agent') ?? null, previousToken: readSessionCookie(c) };
}
