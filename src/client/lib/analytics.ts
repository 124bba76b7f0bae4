/**
 * Usage events of the product itself (spec §7: wizard_started, wizard_step_completed (step),
 * wizard_completed, esg_progress_updated (jurisdiction, section), …).
 *
 * The analytics feature (sessions, POST /api/analytics/events) is not built yet, so nothing is
 * sent: `trackEvent` only announces the event in the page as an `analytics:event` DOM event, which
 * the future analytics client (and the browser tests) can listen to. Every call site already
 * exists, so turning analytics on later changes this file only.
 *
 * spec §7/§8: analytics never disturbs the person. A failure is logged as a console warning
 * ('Failed to track event') and never thrown or shown.
 */

export const ANALYTICS_EVENT = 'analytics:event';

export interface TrackedEvent {
  eventName: string;
  eventData: Record<string, unknown>;
}

export function trackEvent(eventName: string, eventData: Record<string, unknown> = {}): void {
  try {
    if (typeof window === 'undefined' || typeof CustomEvent === 'undefined') return;
    const detail: TrackedEvent = { eventName, eventData };
    window.dispatchEvent(new CustomEvent<TrackedEvent>(ANALYTICS_EVENT, { detail }));
  } catch (error) {
    try {
      console.warn('Failed to track event', eventName, error);
    } catch {
      // Even a broken console must not reach the caller.
    }
  }
}
