/** Development hosts where cookies may not be Secure and HSTS must not be sent. */
export function isLocalhost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname === '127.0.0.1' ||
    hostname === '[::1]' ||
    hostname.endsWith('.localhost')
  );
}

/** The origin the browser sees: PUBLIC_URL when configured (behind a proxy), else the request's. */
export function publicOrigin(requestUrl: string, publicUrl: string | undefined): string {
  return new URL(publicUrl ?? requestUrl).origin;
}

/** The host name of a request URL without a full URL parse (this runs on every response). */
export function requestHostname(url: string): string {
  const start = url.indexOf('//') + 2;
  let end = start;
  while (end < url.length && url[end] !== '/' && url[end] !== '?' && url[end] !== '#') end++;
  const host = url.slice(start, end);
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.lastIndexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}
