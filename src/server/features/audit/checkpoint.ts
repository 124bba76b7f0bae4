import type { Config } from '../../config.ts';
import { fromBase64Url, toBase64Url } from '../../lib/secret-box.ts';

/**
 * Signed checkpoints of a company's audit chain (decision 043): the sealed position and hash,
 * signed with HMAC-SHA-256 under a key derived (HKDF) from SECRETS_KEY. The database never holds
 * the key, so whoever rewrites history and recomputes every hash in it cannot sign the new head;
 * the checkpoint also leaves the database (the checkpoint file, every report package), so a head
 * rolled back to an older signed one is found too.
 */
export interface AuditCheckpoint {
  companyId: string;
  seq: number;
  chainHash: string;
  /** ISO time of signing. */
  signedAt: string;
  /** base64url HMAC-SHA-256 of `checkpointMessage`. */
  signature: string;
}

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

/**
 * Checkpoints can be signed: SECRETS_KEY is set, or on Bun the local key beside the database
 * stands in for it (decision 042). Only a Worker without SECRETS_KEY has none: its heads are
 * sealed unsigned, as connectors there are "not configured".
 */
export function canSignCheckpoints(config: Pick<Config, 'SECRETS_KEY'>): boolean {
  return Boolean(config.SECRETS_KEY);
}

/** HKDF with its own label, so the checkpoint key is never the key that seals credentials. */
function checkpointKey(config: Pick<Config, 'SECRETS_KEY'>): Promise<CryptoKey> {
  const material = (config.SECRETS_KEY ?? '').trim();
  let key = keys.get(material);
  if (!key) {
    key = (async () => {
      const base = await crypto.subtle.importKey('raw', fromBase64Url(material), 'HKDF', false, [
        'deriveKey',
      ]);
      return crypto.subtle.deriveKey(
        {
          name: 'HKDF',
          hash: 'SHA-256',
          salt: new Uint8Array(0),
          info: encoder.encode('esg-pilot audit checkpoint v1'),
        },
        base,
        { name: 'HMAC', hash: 'SHA-256', length: 256 },
        false,
        ['sign', 'verify'],
      );
    })();
    keys.set(material, key);
  }
  return key;
}

function checkpointMessage(point: Omit<AuditCheckpoint, 'signature'>): Uint8Array<ArrayBuffer> {
  // TextEncoder always returns a fresh, non-shared buffer; the Worker's types do not say so.
  return encoder.encode(
    ['esg-pilot audit checkpoint v1', point.companyId, point.seq, point.chainHash, point.signedAt].join('\n'),
  ) as Uint8Array<ArrayBuffer>;
}

/** The signed checkpoint; null without a key (see `canSignCheckpoints`). */
export async function signCheckpoint(
  config: Pick<Config, 'SECRETS_KEY'>,
  point: { companyId: string; seq: number; chainHash: string; signedAt: Date },
): Promise<AuditCheckpoint | null> {
  if (!canSignCheckpoints(config)) return null;
  const unsigned = { ...point, signedAt: point.signedAt.toISOString() };
  const signature = await crypto.subtle.sign(
    'HMAC',
    await checkpointKey(config),
    checkpointMessage(unsigned),
  );
  return { ...unsigned, signature: toBase64Url(new Uint8Array(signature)) };
}

/** True when the signature was made with this installation's key over exactly these values. */
export async function isCheckpointSigned(
  config: Pick<Config, 'SECRETS_KEY'>,
  point: AuditCheckpoint,
): Promise<boolean> {
  if (!canSignCheckpoints(config)) return false;
  try {
    return await crypto.subtle.verify(
      'HMAC',
      await checkpointKey(config),
      fromBase64Url(point.signature),
      checkpointMessage(point),
    );
  } catch {
    return false;
  }
}
