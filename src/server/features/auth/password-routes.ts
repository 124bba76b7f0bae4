import { Hono } from 'hono';
import {
  ChangePasswordSchema,
  ForgotPasswordSchema,
  ResetPasswordSchema,
  ResetTokenBodySchema,
} from '../../../domain/contracts/auth.ts';
import type { AppEnv, ServiceContext } from '../../context.ts';
import { HttpError } from '../../lib/errors.ts';
import { isLinkEmailAvailable } from '../../lib/mailer.ts';
import { publicOrigin } from '../../lib/origin.ts';
import { authorize, requirePermission } from '../../lib/permissions.ts';
import { serviceContext } from '../../lib/request.ts';
import { validate } from '../../lib/validate.ts';
import { issueMemberResetLink } from '../team/service.ts';
import { changePassword } from './password-change.ts';
import { checkResetLink, requestPasswordReset, resetPassword } from './password-reset.ts';

/** Passwords are off where only single sign-on is allowed: nothing here may set one then. */
function passwordContext<T extends ServiceContext>(ctx: T): T {
  if (!ctx.config.AUTH_PASSWORD_ENABLED) {
    throw new HttpError(
      403,
      'Email and password sign-in is turned off here. Use single sign-on.',
      'password_disabled',
    );
  }
  return ctx;
}

/**
 * Password change, forgot and reset (decision 045), and the admin's reset link of Settings → Team,
 * which lives here beside the other ways to a new password (its rules: team/reset-link.ts).
 */
export const passwordRoutes = new Hono<AppEnv>()
  .get('/auth/password/forgot', (c) => c.json({ emailConfigured: isLinkEmailAvailable(c.var.deps.config) }))
  .post('/auth/password/forgot', validate('json', ForgotPasswordSchema), async (c) =>
    c.json(await requestPasswordReset(passwordContext(serviceContext(c)), c.req.valid('json').email)),
  )
  // The token travels in the body, not the URL, so access logs never hold a usable link.
  .post('/auth/password/reset/check', validate('json', ResetTokenBodySchema), async (c) =>
    c.json(await checkResetLink(passwordContext(serviceContext(c)), c.req.valid('json').token)),
  )
  .post('/auth/password/reset', validate('json', ResetPasswordSchema), async (c) => {
    const { token, password } = c.req.valid('json');
    await resetPassword(passwordContext(serviceContext(c)), token, password);
    return c.body(null, 204);
  })
  .put(
    '/auth/password',
    requirePermission('profile.edit'),
    validate('json', ChangePasswordSchema),
    async (c) => {
      await changePassword(passwordContext(authorize(c, 'profile.edit')), c.req.valid('json'));
      return c.body(null, 204);
    },
  )
  .post('/team/members/:id/reset-link', requirePermission('team.manage'), async (c) => {
    const origin = publicOrigin(c.req.url, c.var.deps.config.PUBLIC_URL);
    return c.json(
      await issueMemberResetLink(passwordContext(authorize(c, 'team.manage')), c.req.param('id'), origin),
      201,
    );
  });
