// The shared pack (issue 22 items 4 and 6, decision 078): the request's answers frozen when it is
// published, in the public contract's shape (PackSchema), and its Ed25519 signature over the
// RFC 8785 canonical bytes. Signing and checking use WebCrypto's Ed25519, available in Bun and
// in Cloudflare Workers, so no library is needed and both runtimes give the same bytes.
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from '@oslojs/encoding';
import type {
  DataRequestAnswer,
  DataRequestTemplate,
  Pack,
  RequesterType,
} from '../contracts/data-requests.ts';
import { canonicalJsonBytes } from './jcs.ts';

export const PACK_FORMAT = 'esg-pilot/data-request-pack/1';

export interface PackInput {
  company: Pack['company'];
  requester: { name: string; type: RequesterType };
  template: DataRequestTemplate;
  period: string;
  version: number;
  generatedAt: string;
  answers: readonly DataRequestAnswer[];
}

/** The pack of a request's answers; an item not answered is listed with its status and no value. */
export function buildPack(input: PackInput): Pack {
  return {
    format: PACK_FORMAT,
    company: input.company,
    requester: input.requester,
    template: input.template,
    period: input.period,
    version: input.version,
    generatedAt: input.generatedAt,
    facts: input.answers.map((answer) => ({
      key: answer.key,
      question: answer.question,
      ...(answer.concept ? { concept: answer.concept } : {}),
      value: answer.status === 'answered' ? answer.value : null,
      // The value as a person reads it (a taxonomy member's label, a number with its unit).
      ...(answer.status === 'answered' && answer.display !== null ? { displayValue: answer.display } : {}),
      unit: answer.status === 'answered' ? answer.unit : null,
      period: answer.status === 'answered' ? answer.period : null,
      status: answer.status,
      sources: answer.status === 'answered' ? answer.sources : [],
      isEdited: answer.edit !== null,
    })),
  };
}

/** base64url Ed25519 signature of the pack's canonical bytes. */
export async function signPack(privateKey: CryptoKey, pack: Pack): Promise<string> {
  const signature = await crypto.subtle.sign('Ed25519', privateKey, canonicalJsonBytes(pack));
  return encodeBase64urlNoPadding(new Uint8Array(signature));
}

/** The public JWK (OKP, Ed25519) of a JWKS, as a verifying key. */
export function importPublicJwk(jwk: { kty: string; crv: string; x: string }): Promise<CryptoKey> {
  return crypto.subtle.importKey('jwk', { kty: jwk.kty, crv: jwk.crv, x: jwk.x }, { name: 'Ed25519' }, true, [
    'verify',
  ]);
}

/** True when `signature` is the Ed25519 signature of `pack`'s canonical bytes by `publicKey`. */
export async function verifyPack(publicKey: CryptoKey, pack: unknown, signature: string): Promise<boolean> {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = new Uint8Array(decodeBase64urlIgnorePadding(signature));
  } catch {
    return false;
  }
  return crypto.subtle.verify('Ed25519', publicKey, bytes, canonicalJsonBytes(pack));
}
