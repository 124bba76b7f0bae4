/**
 * The session half of usage analytics (see analytics.ts): the tab's session, page views, events
 * and the unload beacon. A class so tests can start from a fresh page; the app uses one instance.
 * Browser globals (fetch, window, sessionStorage, navigator) are read when used, never at import.
 */

export const SESSION_STORAGE_KEY = 'esg-analytics-session';

/** spec §8 console-only analytics warnings. */
export const ANALYTICS_WARNINGS = {
  session: 'Failed to initialize analytics session',
  pageView: 'Failed to track page view',
  event: 'Failed to track event',
  notInitialized: 'Analytics session not initialized',
} as const;

export function warn(message: string, ...details: unknown[]): void {
  try {
    console.warn(message, ...details);
  } catch {
    // Even a broken console must not reach the caller.
  }
}

class AnalyticsHttpError extends Error {
  constructor(
    readonly status: number,
    /** Seconds the server asked us to wait (429 Retry-After), when it said. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`HTTP ${status}`);
  }
}

/** How long to stay quiet after a 429 that named no Retry-After. */
const DEFAULT_PAUSE_MS = 60_000;

/** No session on this page: analytics was not started here, or starting it failed. */
class SessionMissing extends Error {
  constructor() {
    super(ANALYTICS_WARNINGS.notInitialized);
  }
}

/** A same-origin JSON POST. `keepalive` lets an event sent just before a navigation still arrive. */
async function post(path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    keepalive: true,
    headers: body === undefined ? { Accept: 'application/json' } : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    const retryAfter = Number(response.headers?.get?.('Retry-After'));
    throw new AnalyticsHttpError(
      response.status,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
    );
  }
  const text = await response.text();
  return text ? JSON.parse(text) : null;
}

function readStoredSession(): string | null {
  try {
    return window.sessionStorage.getItem(SESSION_STORAGE_KEY);
  } catch {
    return null; // storage disabled: a session per page load is the best we can do
  }
}

function storeSession(id: string | null): void {
  try {
    if (id) window.sessionStorage.setItem(SESSION_STORAGE_KEY, id);
    else window.sessionStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // as above
  }
}

/** Warns with the spec §8 text of what failed, or 'Analytics session not initialized'. */
function warnFailure(text: string, error: unknown, ...details: unknown[]): void {
  if (error instanceof SessionMissing) warn(ANALYTICS_WARNINGS.notInitialized, ...details);
  else warn(text, ...details, error);
}

export class UsageAnalytics {
  /** This page's session id once known; null after a failed start; no promise before the start. */
  private session: Promise<string | null> | null = null;
  /** The same id, readable synchronously by the pagehide handler. */
  private currentId: string | null = null;
  /**
   * Until when sends are dropped: the server answered 429 (decision 042). One warning says so;
   * the page views and events of the pause are dropped without a word, never retried in a loop.
   */
  private pausedUntil = 0;

  /** `now` is the clock of the pause (tests pass their own). */
  constructor(private readonly now: () => number = Date.now) {}

  get started(): boolean {
    return this.session !== null;
  }

  /**
   * Starts analytics on this page, at most once: reuses the tab's session or creates it, reports
   * the page view, and ends the session when the page is hidden (unload or back/forward cache; a
   * page restored from that cache reports a new view, which re-opens the session on the server).
   */
  start(): void {
    if (this.session) return;
    const stored = readStoredSession();
    this.session = stored ? Promise.resolve(this.remember(stored)) : this.createSession();
    this.sendPageView();
    window.addEventListener('pagehide', () => this.end());
    window.addEventListener('pageshow', (event) => {
      if (event.persisted) this.sendPageView();
    });
  }

  /** POSTs a usage event; warns 'Analytics session not initialized' when there is no session. */
  track(eventName: string, eventData: Record<string, unknown>): Promise<void> {
    return this.sendWithSession((sessionId) =>
      post('/api/analytics/events', { eventName, eventData, sessionId }),
    ).catch((error) => warnFailure(ANALYTICS_WARNINGS.event, error, eventName));
  }

  sendPageView(): Promise<void> {
    const page = window.location.pathname;
    return this.sendWithSession((sessionId) => post('/api/analytics/page-view', { page, sessionId })).catch(
      (error) => warnFailure(ANALYTICS_WARNINGS.pageView, error),
    );
  }

  /** The unload beacon: '{}' as text/plain, which sendBeacon sends without a CORS preflight. */
  end(): void {
    const id = this.currentId;
    if (!id) return;
    try {
      navigator.sendBeacon(`/api/analytics/sessions/${encodeURIComponent(id)}/end`, '{}');
    } catch {
      // The page is going away; there is nobody left to tell.
    }
  }

  private remember(id: string | null): string | null {
    this.currentId = id;
    storeSession(id);
    return id;
  }

  private async createSession(): Promise<string | null> {
    try {
      const created = (await post('/api/analytics/sessions')) as { sessionId?: unknown } | null;
      if (typeof created?.sessionId !== 'string') throw new Error('no sessionId in the answer');
      return this.remember(created.sessionId);
    } catch (error) {
      this.remember(null);
      warn(ANALYTICS_WARNINGS.session, error);
      return null;
    }
  }

  /**
   * Sends with the session id. If the server no longer accepts the session as ours (404: another
   * person signed in on this tab, or the visitor signed in), one new session replaces it and the
   * send is tried once more. Throws when there is no session or the send fails.
   */
  private async sendWithSession(send: (sessionId: string) => Promise<unknown>): Promise<void> {
    if (this.now() < this.pausedUntil) return;
    const id = this.session ? await this.session : null;
    if (!id) throw new SessionMissing();
    try {
      await send(id);
    } catch (error) {
      if (error instanceof AnalyticsHttpError && error.status === 429) {
        this.pausedUntil =
          this.now() + (error.retryAfterSeconds ? error.retryAfterSeconds * 1000 : DEFAULT_PAUSE_MS);
      }
      if (!(error instanceof AnalyticsHttpError && error.status === 404)) throw error;
      // Several sends may meet the same stale id at once: only the first starts a new session.
      if (this.currentId === id) this.session = this.createSession();
      const renewed = this.session ? await this.session : null;
      if (!renewed) throw new SessionMissing();
      await send(renewed);
    }
  }
}
