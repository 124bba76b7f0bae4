// The instance's Ed25519 keys that sign shared packs (decision 078). A key pair is generated on
// first use and stored, its private half a JWK sealed with SECRETS_KEY (lib/secret-box.ts, the one
// sealing of secrets at rest). The key id is the RFC 7638 JWK thumbprint. Rotation retires the
// current key and adds a new one; the JWKS lists every key, so packs signed before still verify.
import { encodeBase64urlNoPadding } from '@oslojs/encoding';
import { desc, isNull } from 'drizzle-orm';
import { packSigningKeys } from '../../../../db/schema/data-requests.ts';
import type { Jwks } from '../../../domain/contracts/data-requests.ts';
import { sha256Digest } from '../../../domain/sha256.ts';
import type { ServiceContext } from '../../context.ts';
import { HttpError } from '../../lib/errors.ts';
import { openSecret, SecretsKeyMissing, sealSecret } from '../../lib/secret-box.ts';

type Jwk = Jwks['keys'][number];

export interface SigningKey {
  keyId: string;
  privateKey: CryptoKey;
}

const sealContext = (keyId: string) => `pack-signing-key:${keyId}`;
/** Imported private keys by key id: importing is cheap, but opening the seal needs no repeating. */
const opened = new Map<string, Promise<CryptoKey>>();

const notConfigured = () =>
  new HttpError(
    503,
    'Signed packs cannot be published on this server yet — ask your administrator.',
    'not_configured',
  );

/** RFC 7638 thumbprint of an OKP key: SHA-256 of its required members in lexical order, base64url. */
function thumbprint(x: string): string {
  return encodeBase64urlNoPadding(sha256Digest(JSON.stringify({ crv: 'Ed25519', kty: 'OKP', x })));
}

const publicJwk = (keyId: string, x: string): Jwk => ({
  kty: 'OKP',
  crv: 'Ed25519',
  x,
  kid: keyId,
  alg: 'EdDSA',
  use: 'sig',
});

/** A new key pair, stored sealed; the insert is returned for the caller's batch. */
async function newKey(ctx: ServiceContext) {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const privateJwk = (await crypto.subtle.exportKey('jwk', pair.privateKey)) as JsonWebKey;
  const x = privateJwk.x as string;
  const keyId = thumbprint(x);
  let sealed: string;
  try {
    sealed = await sealSecret(ctx.config, JSON.stringify(privateJwk), sealContext(keyId), ctx.log);
  } catch (error) {
    if (error instanceof SecretsKeyMissing) throw notConfigured();
    throw error;
  }
  opened.set(keyId, Promise.resolve(pair.privateKey));
  return {
    keyId,
    privateKey: pair.privateKey,
    insert: ctx.db.insert(packSigningKeys).values({
      id: keyId,
      publicJwk: JSON.stringify(publicJwk(keyId, x)),
      sealedPrivateJwk: sealed,
      createdAt: ctx.now(),
    }),
  };
}

async function openKey(
  ctx: ServiceContext,
  row: { id: string; sealedPrivateJwk: string },
): Promise<CryptoKey> {
  let key = opened.get(row.id);
  if (!key) {
    key = (async () => {
      try {
        const jwk = JSON.parse(
          await openSecret(ctx.config, row.sealedPrivateJwk, sealContext(row.id), ctx.log),
        );
        return await crypto.subtle.importKey('jwk', jwk, { name: 'Ed25519' }, false, ['sign']);
      } catch (error) {
        if (error instanceof SecretsKeyMissing) throw notConfigured();
        throw error;
      }
    })();
    opened.set(row.id, key);
    key.catch(() => opened.delete(row.id));
  }
  return key;
}

/** The current signing key, made on first use. */
export async function currentSigningKey(ctx: ServiceContext): Promise<SigningKey> {
  const row = await ctx.db
    .select({ id: packSigningKeys.id, sealedPrivateJwk: packSigningKeys.sealedPrivateJwk })
    .from(packSigningKeys)
    .where(isNull(packSigningKeys.retiredAt))
    .orderBy(desc(packSigningKeys.createdAt), desc(packSigningKeys.id))
    .get();
  if (row) return { keyId: row.id, privateKey: await openKey(ctx, row) };
  const created = await newKey(ctx);
  // Two first uses at once each add a key: both are listed, the newer signs from then on.
  await created.insert;
  return { keyId: created.keyId, privateKey: created.privateKey };
}

/** Retires the current key(s) and makes a new current one, in one batch. */
export async function rotateSigningKey(ctx: ServiceContext): Promise<string> {
  const created = await newKey(ctx);
  await ctx.db.batch([
    ctx.db.update(packSigningKeys).set({ retiredAt: ctx.now() }).where(isNull(packSigningKeys.retiredAt)),
    created.insert,
  ]);
  return created.keyId;
}

/** GET /.well-known/jwks.json: every key ever used, newest first. */
export async function listJwks(ctx: ServiceContext): Promise<Jwks> {
  const rows = await ctx.db
    .select({ publicJwk: packSigningKeys.publicJwk })
    .from(packSigningKeys)
    .orderBy(desc(packSigningKeys.createdAt), desc(packSigningKeys.id));
  return { keys: rows.map((row) => JSON.parse(row.publicJwk) as Jwk) };
}
