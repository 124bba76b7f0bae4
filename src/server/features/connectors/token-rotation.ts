// Refreshing rotating OAuth credentials (QuickBooks Online, Xero) without losing a race to another
// operation on the same source (decision 033). Both providers answer a refresh with a new refresh
// token and stop honouring the old one: Intuit tells apps to use "the latest refresh_token value
// from the most recent server response" (developer.intuit.com, QuickBooks Online → Authorization
// FAQ, "How long do access and refresh tokens last?"), and Xero lets an old refresh token be retried
// only "for a grace period of 30 minutes" when its answer was lost (developer.xero.com/faq/oauth2,
// "What do I do if a token refresh fails?"). Two operations refreshing one source at once (a sync
// and a Test, two app processes, a revocation) would leave the slower one presenting a rotated
// token, refused with invalid_grant, and a working source put in error. So:
// - in this process, concurrent refreshes of a source share one request (single flight), and the
//   last rotation of each source is remembered for a while, so an operation still holding the
//   token it replaced takes the new pair instead of presenting the old one;
// - before refreshing, and again after an invalid_grant, the stored (sealed) credentials are read:
//   credentials another process stored meanwhile are used as they are, or refreshed when their
//   access token is due too. Only a refusal of the very refresh token that is stored is final;
// - a new pair is stored only over the sealed text this operation read (StoredSource.replace), so
//   it never overwrites credentials another process or a reconnection stored meanwhile.
import { waits } from '../../lib/clock.ts';
import { GrantRefusedError, type StoredSource } from './types.ts';

/** The parts of a provider's credentials that rotation compares. */
export interface RotatingCredentials {
  accessToken: string;
  refreshToken: string;
}

/** How one provider's credentials are refreshed and judged. */
export interface RotationRules<T extends RotatingCredentials> {
  /** Asks the provider for a new pair; throws GrantRefusedError when it refuses the refresh token. */
  refresh(current: T): Promise<T>;
  /** Stored JSON as this provider's credentials; null for anything else. */
  parse(value: unknown): T | null;
  /** The access token still has time left (the client's own margin before expiry). */
  isFresh(credentials: T): boolean;
  /** The session's clock, which also ages this process's memory of rotations. */
  now(): Date;
}

/** Credentials and the sealed text they are stored as (null: not stored by this operation). */
interface Held<T> {
  value: T;
  sealed: string | null;
}

/**
 * How long the loser of a race between processes waits for the winner to store its pair before it
 * takes a refusal as final. The winner stores right after the provider answers (milliseconds), but
 * the refusal can reach the loser first.
 */
const SETTLE_MS = 1000;

/** How long a rotation is remembered: Xero's grace for a replaced refresh token (30 minutes). */
const REMEMBER_MS = 30 * 60 * 1000;

const inFlight = new Map<string, Promise<Held<RotatingCredentials>>>();
const rotations = new Map<string, { from: string; to: Held<RotatingCredentials>; at: number }>();

/**
 * Credentials to use in place of `current`, whose access token is due or was refused. Without a
 * stored source (a connection being made) this is a plain refresh.
 */
export async function renewCredentials<T extends RotatingCredentials>(
  stored: StoredSource | undefined,
  current: T,
  rules: RotationRules<T>,
): Promise<T> {
  if (!stored) return rules.refresh(current);
  let pending = inFlight.get(stored.key) as Promise<Held<T>> | undefined;
  if (!pending) {
    const started = renew(stored, { value: current, sealed: stored.sealed }, rules);
    const key = stored.key;
    const clear = () => {
      if (inFlight.get(key) === started) inFlight.delete(key);
    };
    inFlight.set(key, started);
    started.then(clear, clear);
    pending = started;
  }
  // Joined or started here, the outcome is the source's newest pair, and where it is stored.
  const renewed = await pending;
  stored.sealed = renewed.sealed;
  return renewed.value;
}

/**
 * `held`, or the pair this process has rotated it into, once any refresh of the source in flight
 * here has settled: for an operation that must present the live refresh token without refreshing
 * (a revocation after its source's delete, when nothing is stored any more).
 */
export async function latestCredentials<T extends RotatingCredentials>(
  stored: StoredSource | undefined,
  held: T,
): Promise<T> {
  if (!stored) return held;
  await inFlight.get(stored.key)?.catch(() => undefined);
  return rotatedFrom<T>(stored.key, held)?.value ?? held;
}

async function renew<T extends RotatingCredentials>(
  stored: StoredSource,
  held: Held<T>,
  rules: RotationRules<T>,
): Promise<Held<T>> {
  // Someone may have rotated them since this operation read them. The store comes first (it is
  // what every process converges on); this process's last rotation serves where nothing is stored
  // any more (a revocation runs after its source's delete).
  const newer = (await storedNewer(stored, held.value, rules)) ?? rotatedFrom<T>(stored.key, held.value);
  let base = held;
  if (newer) {
    if (rules.isFresh(newer.value)) return newer;
    base = newer;
  }
  for (let attempt = 1; ; attempt++) {
    try {
      const value = await rules.refresh(base.value);
      const sealed = base.sealed === null ? null : await stored.replace(base.sealed, value);
      const renewed = { value, sealed };
      const at = rules.now().getTime();
      rotations.set(stored.key, { from: base.value.refreshToken, to: renewed, at });
      forgetRotationsBefore(at - REMEMBER_MS);
      return renewed;
    } catch (error) {
      if (!(error instanceof GrantRefusedError) || attempt > 1) throw error;
      const rotated = await rotatedElsewhere(stored, base.value, rules);
      if (!rotated) throw error;
      if (rules.isFresh(rotated.value)) return rotated;
      base = rotated;
    }
  }
}

/** The pair this process rotated `held` into, while remembered. */
function rotatedFrom<T extends RotatingCredentials>(key: string, held: T): Held<T> | null {
  const rotation = rotations.get(key);
  if (!rotation || rotation.from !== held.refreshToken) return null;
  return rotation.to as Held<T>;
}

function forgetRotationsBefore(cutoff: number) {
  for (const [key, rotation] of rotations) if (rotation.at < cutoff) rotations.delete(key);
}

async function readStored<T extends RotatingCredentials>(
  stored: StoredSource,
  rules: RotationRules<T>,
): Promise<Held<T> | null> {
  const current = await stored.read();
  const value = current ? rules.parse(current.value) : null;
  return current && value ? { value, sealed: current.sealed } : null;
}

/** Stored credentials other than `held` (another process refreshed, or the source was reconnected). */
async function storedNewer<T extends RotatingCredentials>(
  stored: StoredSource,
  held: T,
  rules: RotationRules<T>,
): Promise<Held<T> | null> {
  const current = await readStored(stored, rules);
  return current && current.value.accessToken !== held.accessToken ? current : null;
}

/**
 * After the provider refused `refused`'s refresh token: a stored pair with another refresh token
 * (someone rotated it first), waiting once for the winner to store it; null when the stored refresh
 * token is the refused one (revoked, expired: connect again) or the source is gone.
 */
async function rotatedElsewhere<T extends RotatingCredentials>(
  stored: StoredSource,
  refused: T,
  rules: RotationRules<T>,
): Promise<Held<T> | null> {
  for (const wait of [0, SETTLE_MS]) {
    if (wait > 0) await waits.sleep(wait);
    const current = await readStored(stored, rules);
    if (!current) return null;
    if (current.value.refreshToken !== refused.refreshToken) return current;
  }
  return null;
}
