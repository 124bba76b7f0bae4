// Dedupe fingerprints. A row's fingerprint is SHA-256 (WebCrypto) over its normalised identity, so the
// same line uploaded again — in the same file or another one, typed slightly differently ("kwh" vs "kWh",
// "1.234,5" vs "1234.5", "London  HQ" vs "london hq") — gets the same fingerprint, and anything that
// changes what the line says (date, site, category, variant, amount, unit, currency, reference) changes it.
// dataQuality and calorificBasis are descriptions of the same line, not part of its identity.
//
// Identical lines inside one file (two identical taxi rides on one day) are not duplicates: the Nth
// repeat within a file gets `rowFingerprint(row, N)` (occurrence N ≥ 1 is mixed into the hash), so they all
// import once, and re-uploading the file maps each onto itself again. `RowFingerprinter` does the counting.
//
// The server stores the fingerprint with a unique index on (company_id, fingerprint) and inserts with
// ON CONFLICT DO NOTHING.
//
// The whole-file fingerprint is SHA-256 over the raw bytes (BOM included), computed while streaming
// with the incremental SHA256 from @oslojs/crypto (WebCrypto has no incremental digest).

import { SHA256 } from '@oslojs/crypto/sha2';
import type { ImportedActivityRow } from './rows.ts';
import { memo } from './vocabulary.ts';

const FIELD_SEP = '\u001f';
const VERSION = 'activity-row/v1';
const encoder = new TextEncoder();

function num(value: number | null): string {
  return value === null ? '' : String(value);
}

/** The normalised identity of a row, as hashed. Exposed for tests and debugging. */
export function canonicalRow(row: ImportedActivityRow): string {
  const S = FIELD_SEP;
  return (
    `${VERSION}${S}${row.date}${S}${row.periodEnd ?? ''}${S}${lowerText(row.site)}${S}${row.category}` +
    `${S}${row.variant === null ? '' : lowerText(row.variant)}${S}${num(row.quantity)}${S}${row.unit ?? ''}` +
    `${S}${num(row.spend)}${S}${row.currency ?? ''}${S}${row.reference === null ? '' : row.reference.normalize('NFC').trim()}`
  );
}

/** NFC, lower case, single spaces, trimmed. Memoised: a file names the same few sites on every row. */
const lowerText = memo((text: string): string =>
  text.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim(),
);

// Hex via a byte table and one ASCII decode: several times faster than string concatenation.
const HEX_CODES = new Uint8Array(512);
for (let i = 0; i < 256; i++) {
  const pair = i.toString(16).padStart(2, '0');
  HEX_CODES[2 * i] = pair.charCodeAt(0);
  HEX_CODES[2 * i + 1] = pair.charCodeAt(1);
}
const asciiDecoder = new TextDecoder();

/** Lowercase hex. */
export function toHex(bytes: Uint8Array): string {
  const out = new Uint8Array(bytes.length * 2);
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]! * 2;
    out[2 * i] = HEX_CODES[b]!;
    out[2 * i + 1] = HEX_CODES[b + 1]!;
  }
  return asciiDecoder.decode(out);
}

async function sha256Bytes(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

/**
 * SHA-256 of each text, concurrently. The texts are encoded in one go (one allocation, no per-row
 * encoder call); when they are all ASCII — nearly always — byte offsets equal string offsets.
 */
async function sha256All(texts: readonly string[]): Promise<Uint8Array[]> {
  const joined = texts.join('');
  const bytes = encoder.encode(joined);
  const pending: Promise<ArrayBuffer>[] = new Array(texts.length);
  if (bytes.length === joined.length) {
    let offset = 0;
    for (let i = 0; i < texts.length; i++) {
      const end = offset + texts[i]!.length;
      pending[i] = crypto.subtle.digest('SHA-256', bytes.subarray(offset, end));
      offset = end;
    }
  } else {
    for (let i = 0; i < texts.length; i++)
      pending[i] = crypto.subtle.digest('SHA-256', encoder.encode(texts[i]!));
  }
  const digests = await Promise.all(pending);
  return digests.map((d) => new Uint8Array(d));
}

/** 64 lowercase hex chars. `occurrence` 0 (default) is the first such row in a file, 1 the second… */
export async function rowFingerprint(row: ImportedActivityRow, occurrence = 0): Promise<string> {
  const canonical = canonicalRow(row);
  return toHex(await sha256Bytes(occurrence === 0 ? canonical : `${canonical}${FIELD_SEP}#${occurrence}`));
}

/**
 * Fingerprints the rows of one file in order, counting repeats so identical lines stay distinct (see
 * above). Numbering is by position in the file, never by hashing speed, so it is reproducible.
 * Remembers 52 bits per distinct row in a flat hash set (11–21 bytes a row: ≤ 4 MB for the ~300,000
 * rows a 10 MB file can hold), and a count only for rows that repeat.
 */
export class RowFingerprinter {
  private readonly seen = new KeySet();
  /** Occurrences so far of keys seen more than once. */
  private readonly counts = new Map<number, number>();
  /** Rows so far that repeated an earlier row of the same file. */
  repeats = 0;

  async fingerprint(row: ImportedActivityRow): Promise<string> {
    return (await this.fingerprintAll([row]))[0]!;
  }

  /** Fingerprints for `rows`, in order; digests run concurrently. */
  async fingerprintAll(rows: readonly ImportedActivityRow[]): Promise<string[]> {
    const canonical = rows.map(canonicalRow);
    const digests = await sha256All(canonical);
    const out: string[] = new Array(rows.length);
    const repeats: Promise<void>[] = [];
    for (let i = 0; i < digests.length; i++) {
      const d = digests[i]!;
      // First 52 bits as a number: exact in a double; a false match is ~1e-6 likely even at 100,000 rows.
      const key =
        d[0]! * 2 ** 44 +
        d[1]! * 2 ** 36 +
        d[2]! * 2 ** 28 +
        d[3]! * 2 ** 20 +
        d[4]! * 2 ** 12 +
        d[5]! * 16 +
        (d[6]! >> 4);
      const occurrence = this.seen.add(key) ? 0 : (this.counts.get(key) ?? 1);
      if (occurrence > 0) this.counts.set(key, occurrence + 1);
      if (occurrence === 0) out[i] = toHex(d);
      else {
        this.repeats++;
        repeats.push(
          sha256Bytes(`${canonical[i]}${FIELD_SEP}#${occurrence}`).then((r) => {
            out[i] = toHex(r);
          }),
        );
      }
    }
    await Promise.all(repeats);
    return out;
  }
}

/** Open-addressing set of non-negative integers below 2^52, in a Float64Array (0 marks an empty slot). */
class KeySet {
  private slots = new Float64Array(1 << 12);
  private size = 0;

  /** Adds `key`; true when it was not there yet. */
  add(key: number): boolean {
    if (this.size * 4 >= this.slots.length * 3) this.grow(); // at most 75% full
    return this.insert(this.slots, key + 1);
  }

  private insert(slots: Float64Array, stored: number): boolean {
    const mask = slots.length - 1;
    // The key bits come from SHA-256: the low bits are as good as any hash.
    let i = stored % slots.length;
    for (;;) {
      const here = slots[i]!;
      if (here === 0) {
        slots[i] = stored;
        this.size++;
        return true;
      }
      if (here === stored) return false;
      i = (i + 1) & mask;
    }
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Float64Array(old.length * 2);
    this.size = 0;
    for (const stored of old) if (stored !== 0) this.insert(this.slots, stored);
  }
}

/** Incremental SHA-256 of a byte stream: feed chunks with `update`, read the hex digest at the end. */
export class FileFingerprint {
  private readonly hash = new SHA256();
  bytes = 0;

  update(chunk: Uint8Array): void {
    this.hash.update(chunk);
    this.bytes += chunk.length;
  }

  /** Hex digest; call once, after the last chunk. */
  digest(): string {
    return toHex(this.hash.digest());
  }
}

/** SHA-256 of a whole buffer, hex (convenience for tests and small files). */
export async function fileSha256(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)));
}
