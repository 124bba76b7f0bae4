// Content negotiation of Accept-Encoding (RFC 9110 §12.5.3): the best of the encodings we can send,
// brotli before gzip at equal weight (smaller for the same text); `q=0` refuses an encoding and a
// `*` entry stands for every encoding not named.

export type ContentEncoding = 'br' | 'gzip';

const OURS: readonly ContentEncoding[] = ['br', 'gzip'];

/** The encoding to send, or null for the identity (no header, nothing acceptable). */
export function chooseEncoding(header: string | null | undefined, available = OURS): ContentEncoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [token = '', ...params] = part.trim().toLowerCase().split(';');
    if (token === '') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(token, Number.isFinite(weight) ? weight : 0);
  }
  let best: ContentEncoding | null = null;
  let bestWeight = 0;
  for (const encoding of available) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}
