// Reads the offset catalogue feed named by CARBON_OFFSET_FEED: the bundled file, another JSON file
// (Bun only) or an http(s) URL fetched with a 10-second timeout.
import { BUNDLED_CATALOGUE_PATH, bundledCatalogue } from '../../../../db/seed/offsets/seed.ts';

/** How long an HTTP feed may take to answer before the sync gives up. */
export const FEED_TIMEOUT_MS = 10_000;
/** A catalogue of a few thousand projects is well under this; anything larger is refused. */
const MAX_FEED_BYTES = 5 * 1024 * 1024;

/** The feed could not be read or is not JSON: the route answers 502 with this message. */
export class FeedUnavailableError extends Error {}

type BunGlobal = { Bun?: { file(path: string): { exists(): Promise<boolean>; text(): Promise<string> } } };

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

async function fetchFeed(feed: string): Promise<string> {
  const where = describeFeed(feed);
  let response: Response;
  try {
    response = await fetch(feed, {
      headers: { Accept: 'application/json' },
      redirect: 'follow',
      signal: AbortSignal.timeout(FEED_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new FeedUnavailableError(
      timedOut
        ? `The offset feed at ${where} did not answer within ${FEED_TIMEOUT_MS / 1000} seconds`
        : `The offset feed at ${where} could not be reached`,
    );
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new FeedUnavailableError(`The offset feed at ${where} answered HTTP ${response.status}`);
  }
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_FEED_BYTES) {
    await response.body?.cancel();
    throw new FeedUnavailableError(`The offset feed at ${where} is larger than 5 MB`);
  }
  try {
    const text = await response.text();
    if (text.length > MAX_FEED_BYTES)
      throw new FeedUnavailableError(`The offset feed at ${where} is larger than 5 MB`);
    return text;
  } catch (error) {
    if (error instanceof FeedUnavailableError) throw error;
    throw new FeedUnavailableError(`The offset feed at ${where} broke off while answering`);
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
  const text = await file.text();
  if (text.length > MAX_FEED_BYTES)
    throw new FeedUnavailableError(`The offset feed file ${path} is larger than 5 MB`);
  return text;
}
