/**
 * The page of a usage-analytics page view (spec §3: "page (current path)"), reduced to what the
 * product needs to count screens and nothing that could identify a person or open an account:
 * - the query string and fragment are dropped (sign-in, invite and reset links carry tokens there);
 * - an absolute URL keeps only its path (a client that sends `location.href` leaks no host or token);
 * - path segments that look like ids or secrets (UUIDs, long hex or base32/base64 runs, digits-only
 *   numbers, anything with an @) become `:id`, so `/reports/3f2a…/download` counts as one page and no token is stored;
 * - at most MAX_PAGE_PATH_LENGTH characters are kept.
 * Returns null when nothing path-like is left.
 */
export const MAX_PAGE_PATH_LENGTH = 200;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** 16 or more characters of one token alphabet with at least one digit: an id or a secret, not a word. */
const TOKEN = /^(?=.*\d)[A-Za-z0-9_-]{16,}$/;
const NUMBER = /^\d+$/;

function redactSegment(segment: string): string {
  // '@' also catches an email address (or its percent-encoded form's decoded twin) in a path.
  if (UUID.test(segment) || TOKEN.test(segment) || NUMBER.test(segment) || /@|%40/i.test(segment))
    return ':id';
  return segment;
}

export function sanitisePagePath(raw: string): string | null {
  let path = raw.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      return null;
    }
  }
  path = path.split(/[?#]/, 1)[0] ?? '';
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  const cleaned = path
    .split('/')
    .map((segment, index) => (index === 0 ? segment : redactSegment(segment)))
    .join('/');
  const trimmed = cleaned.length > 1 && cleaned.endsWith('/') ? cleaned.slice(0, -1) : cleaned;
  return trimmed.slice(0, MAX_PAGE_PATH_LENGTH);
}
