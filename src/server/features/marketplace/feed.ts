// Reads the offset catalogue feed named by CARBON_OFFSET_FEED: the bundled file, another JSON file
// (Bun only) or an http(s) URL fetched with a 10-second timeout.
import { BUNDLED_CATALOGUE_PATH, bundledCatalogue } from '../../../../db/reference/marketplace/seed.ts';
import { type OutboundAnswer, OutboundError, outboundFetch } from '../../lib/outbound-fetch.ts';

/** How long an HTTP feed may take to answer before the sync gives up. */
export const FEED_TIMEOUT_MS = 10_000;
/** A catalogue of a few thousand projects is well under this; anything larger is refused. */
export const MAX_FEED_BYTES = 5 * 1024 * 1024;
/** A feed host moving its file (http to https, a CDN) redirects once or twice. */
const MAX_REDIRECTS = 3;

/** The feed could not be read or is not JSON: the route answers 502 with this message. */
export class FeedUnavailableError extends Error {}

type BunGlobal = {
  Bun?: { file(path: string): { size: number; exists(): Promise<boolean>; text(): Promise<string> } };
};

const isHttp = (feed: string) => /^https?:\/\//i.test(feed);
const isBundled = (feed: string) => feed.replace(/^\.\//, '') === BUNDLED_CATALOGUE_PATH;

/** What the sync result names as its source. */
export function describeFeed(feed: string): string {
  if (isBundled(feed)) return `bundled illustrative catalogue (${BUNDLED_CATALOGUE_PATH})`;
  if (isHttp(feed)) {
    // Never echo credentials a URL might carry.
    const url = new URL(feed);
    url.username = '';
    url.password = '';
    url.search = '';
    return url.toString();
  }
  return feed;
}

/** The feed's parsed JSON document. Throws FeedUnavailableError with a readable reason. */
export async function readFeed(feed: string): Promise<unknown> {
  if (isBundled(feed)) return bundledCatalogue();
  const text = isHttp(feed) ? await fetchFeed(feed) : await readFeedFile(feed);
  try {
    return JSON.parse(text);
  } catch {
    throw new FeedUnavailableError(`The offset feed at ${describeFeed(feed)} did not return JSON`);
  }
}

/**
 * Through the guarded outbound fetch (decision 040): the feed and every redirect it makes are
 * checked against the SSRF guard, at most MAX_REDIRECTS are followed, and the body is read up to
 * 5 MB and no further, whatever Content-Length says.
 */
async function fetchFeed(feed: string): Promise<string> {
  const where = describeFeed(feed);
  let answer: OutboundAnswer;
  try {
    answer = await outboundFetch(feed, {
      headers: { Accept: 'application/json' },
      maxRedirects: MAX_REDIRECTS,
      timeoutMs: FEED_TIMEOUT_MS,
      maxBytes: MAX_FEED_BYTES,
    });
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    throw new FeedUnavailableError(`The offset feed at ${where} ${feedFailure(error)}`);
  }
  if (answer.status < 200 || answer.status >= 300) {
    throw new FeedUnavailableError(`The offset feed at ${where} answered HTTP ${answer.status}`);
  }
  return answer.text();
}

function feedFailure(error: OutboundError): string {
  switch (error.failure) {
    case 'refused':
      return error.redirected
        ? 'redirects to a private or local network address, which ESG Pilot does not follow'
        : 'is on a private or local network, which ESG Pilot does not call: serve the feed from a public address or set CARBON_OFFSET_FEED to a file';
    case 'too_large':
      return 'is larger than 5 MB';
    case 'redirect':
      return `redirects more than ${MAX_REDIRECTS} times or to an address that is not http(s)`;
    default:
      return 'could not be reached';
  }
}

async function readFeedFile(path: string): Promise<string> {
  const bun = (globalThis as BunGlobal).Bun;
  if (!bun) {
    throw new FeedUnavailableError(
      'A file feed needs the Bun server; on the Worker set CARBON_OFFSET_FEED to an https URL',
    );
  }
  const file = bun.file(path);
  if (!(await file.exists())) throw new FeedUnavailableError(`The offset feed file ${path} does not exist`);
  // Measured before reading: a larger file is never loaded.
  if (file.size > MAX_FEED_BYTES) {
    throw new FeedUnavailableError(`The offset feed file ${path} is larger than 5 MB`);
  }
  return file.text();
}
