/**
 * A carbon-offset catalogue feed on 127.0.0.1: `GET /feed.json` answers whatever document the test
 * set (JSON with application/json, as a supplier's endpoint does); `GET /broken.json` answers text
 * that is not JSON; `GET /down.json` answers 503. Requests are counted so a test can prove the
 * sync really went over HTTP.
 */
export function startFakeOffsetFeed(initial: unknown = []) {
  let document: unknown = initial;
  let requests = 0;
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(request) {
      const url = new URL(request.url);
      if (request.method !== 'GET') return new Response('method not allowed', { status: 405 });
      requests += 1;
      if (url.pathname === '/feed.json') return Response.json(document);
      if (url.pathname === '/broken.json') {
        return new Response('<html>maintenance</html>', { headers: { 'Content-Type': 'text/html' } });
      }
      if (url.pathname === '/down.json') return new Response('unavailable', { status: 503 });
      return new Response('not found', { status: 404 });
    },
  });
  const origin = `http://127.0.0.1:${server.port}`;
  return {
    url: (path = '/feed.json') => `${origin}${path}`,
    setDocument(next: unknown) {
      document = next;
    },
    requestCount: () => requests,
    stop: () => server.stop(true),
  };
}
