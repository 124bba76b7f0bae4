// The requests a revocation sends (decision 029). Each one is bound to the revocation's deadline
// (session.signal) and never follows a redirect, so a token only goes to the host named here; a
// failure becomes a ConnectorError whose message is shown to the person who deleted the source.
import { ConnectorError } from './types.ts';

/** Used when a caller gives no deadline of its own (the revocation service always does). */
const FALLBACK_TIMEOUT_MS = 10_000;

/** HTTP Basic client authentication (RFC 6749 §2.3.1; RFC 7009 §2.1 for revocation). */
export const basicAuthorization = (clientId: string, clientSecret: string) =>
  `Basic ${btoa(`${clientId}:${clientSecret}`)}`;

export async function revocationRequest(
  provider: string,
  url: string,
  init: RequestInit,
  signal: AbortSignal | undefined,
): Promise<Response> {
  const deadline = signal ?? AbortSignal.timeout(FALLBACK_TIMEOUT_MS);
  try {
    return await fetch(url, { ...init, redirect: 'manual', signal: deadline });
  } catch {
    throw new ConnectorError(
      'unreachable',
      deadline.aborted ? `${provider} did not answer in time` : `${provider} could not be reached`,
    );
  }
}

/** A provider answer that is not the success the caller expected. */
export async function revocationRefused(provider: string, response: Response): Promise<ConnectorError> {
  await response.body?.cancel().catch(() => undefined);
  if (response.status === 429) {
    return new ConnectorError('rate_limited', `${provider} is limiting requests (HTTP 429)`);
  }
  if (response.status >= 500) {
    return new ConnectorError('unreachable', `${provider} answered HTTP ${response.status}`);
  }
  return new ConnectorError('provider', `${provider} refused the revocation (HTTP ${response.status})`);
}
