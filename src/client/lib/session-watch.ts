import { $currentUser, type UserState } from '../stores/user';
import { startUsageAnalytics } from './analytics';
import { handleSessionLoss } from './session-loss';

/**
 * What the shell does once the page knows who is there. spec §2: on a signed-in page, a visitor
 * found unauthenticated sees the 'Unauthorized' toast and is sent to /api/login. Usage analytics
 * (decision 022) start for a signed-in user or, on a page without a sign-in redirect (spec §2:
 * Analytics), for a visitor as an anonymous session; a page found signed out records nothing.
 */
export function reactToSession(session: UserState, requireSession: boolean): void {
  if (requireSession && session.status === 'unauthenticated') handleSessionLoss();
  if (session.status === 'authenticated' || (!requireSession && session.status === 'unauthenticated')) {
    startUsageAnalytics();
  }
}

/**
 * Run when the header island's module is evaluated, not from a React effect, so the session call
 * starts as soon as the code has arrived, beside the screen's own first request (decisions 064,
 * 070). Subscribing starts the user fetch (src/client/stores/user.ts).
 */
export function watchSession(requireSession: boolean): void {
  $currentUser.subscribe((session) => reactToSession(session, requireSession));
}
