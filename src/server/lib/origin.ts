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
