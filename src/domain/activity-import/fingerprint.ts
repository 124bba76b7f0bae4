// Dedupe fingerprints. A row's fingerprint is SHA-256 over its normalised identity (its first 128
// bits, decision 094), so the
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
// (WebCrypto has no incremental digest): see incrementalSha256.
//
// Row digests are synchronous (sha256.ts): Bun's native hasher, or @noble/hashes elsewhere, over the
// canonical row's bytes (canonical-row.ts). Both give the same standard SHA-256 as the WebCrypto
// digests these fingerprints were first stored with (a WebCrypto promise per row was too slow for
// an import, decision 069).

import { incrementalSha256, type Sha256Stream, toHex } from '../sha256.ts';
import {
  appendOccurrence,
  canonicalRow,
  hashCanonical,
  lineDigest,
  writeCanonicalRow,
} from './canonical-row.ts';
import type { ImportedActivityRow } from './rows.ts';

export { canonicalRow, lineDigest, toHex };

/** 32 lowercase hex chars. `occurrence` 0 (default) is the first such row in a file, 1 the second… */
export async function rowFingerprint(row: ImportedActivityRow, occurrence = 0): Promise<string> {
  const length = writeCanonicalRow(row);
  return hashCanonical(occurrence > 0 ? appendOccurrence(length, occurrence) : length);
}

/**
 * Fingerprints the rows of one file in order, counting repeats so identical lines stay distinct (see
 * above). Numbering is by position in the file, so it is reproducible. Remembers the first 52 bits
 * of each distinct row's digest (a number; a false match is ~1e-6 likely even at 100,000 rows), and a
 * count only for rows that repeat.
 */
export class RowFingerprinter {
  private readonly seen = new Set<number>();
  /** Occurrences so far of digests (their first 52 bits) seen more than once. */
  private readonly counts = new Map<number, number>();
  /** Rows so far that repeated an earlier row of the same file. */
  repeats = 0;

  /** The fingerprint of the file's next row (synchronous: readImport calls this for every row). */
  next(row: ImportedActivityRow): string {
    const length = writeCanonicalRow(row);
    const hex = hashCanonical(length);
    const key = leadingBits(hex);
    if (!this.seen.has(key)) {
      this.seen.add(key);
      return hex;
    }
    const occurrence = this.counts.get(key) ?? 1;
    this.counts.set(key, occurrence + 1);
    this.repeats++;
    return hashCanonical(appendOccurrence(length, occurrence));
  }

  async fingerprint(row: ImportedActivityRow): Promise<string> {
    return this.next(row);
  }

  /** Fingerprints for `rows`, in order. */
  async fingerprintAll(rows: readonly ImportedActivityRow[]): Promise<string[]> {
    return rows.map((row) => this.next(row));
  }
}

/**
 * The number the first 13 hex digits (52 bits) of `hex` write: `parseInt(hex.slice(0, 13), 16)`
 * without the slice, a string per row (decision 087). Exact: below 2^53.
 */
function leadingBits(hex: string): number {
  let value = 0;
  for (let i = 0; i < 13; i++) {
    const c = hex.charCodeAt(i);
    value = value * 16 + (c <= 57 ? c - 48 : c - 87);
  }
  return value;
}

/** Incremental SHA-256 of a byte stream: feed chunks with `update`, read the hex digest at the end. */
export class FileFingerprint {
  private readonly hash: Sha256Stream = incrementalSha256();
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
