// "Welcome" or "Welcome back" on the dashboard (issue 17 item 8, decision 054), from what is
// already recorded: no table or column of its own, and nothing written by a read.
import { and, eq } from 'drizzle-orm';
import { sessions, users } from '../../../../db/schema/auth.ts';
import type { AuthedContext } from '../../context.ts';
import { ACTIVITY_RESOLUTION_MS } from './session.ts';

/**
 * A first visit: the person is still in the session that opened their account (written with the
 * account's own creation instant: sign-up, confirmed sign-up, a new person accepting an
 * invitation, a first single sign-on), less than a day
 * after opening it (a day is the resolution the product keeps of activity, `users.last_active_at`).
 * Any later sign-in, or coming back a day later in the same session, is a return. An API key has
 * no visit to greet: false.
 */
export async function isFirstVisit(ctx: AuthedContext): Promise<boolean> {
  if (!ctx.sessionId) return false;
  const row = await ctx.db
    .select({ sessionOpenedAt: sessions.createdAt, accountCreatedAt: users.createdAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, ctx.sessionId), eq(sessions.userId, ctx.userId)))
    .get();
  if (!row) return false;
  const opened = row.sessionOpenedAt.getTime();
  return opened === row.accountCreatedAt.getTime() && ctx.now().getTime() - opened < ACTIVITY_RESOLUTION_MS;
}
