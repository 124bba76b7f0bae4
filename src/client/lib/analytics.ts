/**
 * Usage analytics of the product itself (spec §4 "Usage-analytics session", §7, §8).
 *
 * - One session per browser tab: created on the tab's first page load (POST /api/analytics/sessions)
 *   and kept in sessionStorage, so the next pages of this multi-page app reuse it.
 * - A page view on every page load (path only), once the session exists.
 * - Usage events (`trackEvent`, called by the screens) are announced in the page as an
 *   `analytics:event` DOM event (the browser tests listen to it) and POSTed with the session id.
 * - The session is ended by a beacon on pagehide; the next page's view re-opens it on the server.
 * The shell starts it (src/client/lib/session-watch.ts); the session logic is analytics-session.ts.
 *
 * spec §8: analytics never disturbs the person. A failure is logged as a console warning
 * ('Failed to initialize analytics session', 'Failed to track page view', 'Failed to track event',
 * 'Analytics session not initialized') and never thrown or shown.
 */
import { ANALYTICS_WARNINGS, UsageAnalytics, warn } from './analytics-session';

export const ANALYTICS_EVENT = 'analytics:event';

export interface TrackedEvent {
  eventName: string;
  eventData: Record<string, unknown>;
}

/** The page's one analytics client: every island imports this module from the same chunk. */
const analytics = new UsageAnalytics();

/** Starts analytics on this page (at most once); called by the shell once it knows who is there. */
export function startUsageAnalytics(): void {
  try {
    if (typeof window !== 'undefined') analytics.start();
  } catch (error) {
    warn(ANALYTICS_WARNINGS.session, error);
  }
}

export function trackEvent(eventName: string, eventData: Record<string, unknown> = {}): void {
  try {
    if (typeof window === 'undefined' || typeof CustomEvent === 'undefined') return;
    const detail: TrackedEvent = { eventName, eventData };
    window.dispatchEvent(new CustomEvent<TrackedEvent>(ANALYTICS_EVENT, { detail }));
  } catch (error) {
    warn(ANALYTICS_WARNINGS.event, eventName, error);
  }
  try {
    void analytics.track(eventName, eventData);
  } catch (error) {
    warn(ANALYTICS_WARNINGS.event, eventName, error);
  }
}
