// JSON Canonicalization Scheme, RFC 8785: the bytes a shared pack's Ed25519 signature covers
// (decision 078), so any verifier re-serialising the parsed pack gets the same bytes. Object keys
// sorted by UTF-16 code units, no whitespace, numbers in ECMAScript's shortest round-trip form
// (RFC 8785 §3.2.2.3 is ECMAScript's Number::toString, which JSON.stringify uses), strings with
// JSON.stringify's escapes (§3.2.2.2: the ECMAScript JSON escapes). Lone surrogates, non-finite
// numbers and values JSON cannot hold are refused rather than silently changed (§3.2.2).

export class CanonicalJsonError extends Error {
  override name = 'CanonicalJsonError';
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function serialise(value: unknown, path: string): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new CanonicalJsonError(`${path} is not a finite number`);
      return JSON.stringify(value);
    case 'string':
      if (LONE_SURROGATE.test(value)) throw new CanonicalJsonError(`${path} holds a lone surrogate`);
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value))
        return `[${value.map((item, index) => serialise(item, `${path}[${index}]`)).join(',')}]`;
      const entries = Object.entries(value as Record<string, unknown>).filter(
        ([, item]) => item !== undefined,
      );
      // Default sort compares UTF-16 code units, as RFC 8785 §3.2.3 asks.
      entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${entries.map(([key, item]) => `${serialise(key, path)}:${serialise(item, `${path}.${key}`)}`).join(',')}}`;
    }
    default:
      throw new CanonicalJsonError(`${path} is a ${typeof value}, which JSON cannot hold`);
  }
}

/** The RFC 8785 canonical text of a JSON value. */
export function canonicalJson(value: unknown): string {
  return serialise(value, '$');
}

/** The UTF-8 bytes of the canonical text: what is signed. */
export function canonicalJsonBytes(value: unknown): Uint8Array<ArrayBuffer> {
  const bytes = new TextEncoder().encode(canonicalJson(value));
  // A fresh ArrayBuffer-backed copy: the Worker's types allow any buffer from encode().
  return new Uint8Array(bytes);
}
