// The browser's part of a single sign-on round trip, against a fake provider
// (tests/fakes/oidc-provider.ts), for the integration tests of sign-in.
import { expect } from 'bun:test';
import { type createTestApp, ORIGIN } from './test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Runs the redirect dance app → provider → app callback, carrying the flow's cookies; answers the callback's response. */
export async function signInWithProvider(t: TestApp, provider: 'google' | 'microsoft'): Promise<Response> {
  const start = await t.app.request(`${ORIGIN}/api/auth/oauth/${provider}`);
  expect(start.status).toBe(302);
  const flowCookies = start.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const atProvider = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  const callback = new URL(atProvider.headers.get('location')!);
  return t.app.request(`${ORIGIN}${callback.pathname}${callback.search}`, {
    headers: { Cookie: flowCookies },
  });
}
