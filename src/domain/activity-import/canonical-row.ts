// The normalised identity of an activity row, as the dedupe fingerprint hashes it (see fingerprint.ts):
// the string form `canonicalRow`, and the same text written as UTF-8 bytes into one reused buffer.
//
// Why the bytes: the string is a rope of 22 parts that the hasher flattens again, so writing the bytes
// once is cheaper (decision 069; figures in bench/notes/ledger-import.md). The writer
// covers ASCII rows — nearly all — and gives up on the first other character; then the string form is
// encoded instead (NFC, Unicode case and whitespace need it). fingerprint.test.ts checks that both give
// the same digests, and pins some digests: the canonical form must never change (ledgers store it).

import { sha256Hex } from '../sha256.ts';
import type { ImportedActivityRow } from './rows.ts';
import { memo } from './vocabulary.ts';

export const FIELD_SEP = '\u001f';
const VERSION = 'activity-row/v1';

function num(value: number | null): string {
  return value === null ? '' : String(value);
}

/** The normalised identity of a row, as hashed. Exposed for tests and debugging. */
export function canonicalRow(row: ImportedActivityRow): string {
  const S = FIELD_SEP;
  return (
    `${VERSION}${S}${row.date}${S}${row.periodEnd ?? ''}${S}${lowerText(row.site)}${S}${row.category}` +
    `${S}${row.variant === null ? '' : lowerText(row.variant)}${S}${num(row.quantity)}${S}${row.unit ?? ''}` +
    `${S}${num(row.spend)}${S}${row.currency ?? ''}${S}${row.reference === null ? '' : nfcTrim(row.reference)}`
  );
}

/** NFC and trimmed. ASCII text is its own NFC form: skip `normalize` (nearly every reference is ASCII). */
function nfcTrim(text: string): string {
  return (isAscii(text) ? text : text.normalize('NFC')).trim();
}

/** NFC, lower case, single spaces, trimmed. Memoised: a file names the same few sites on every row. */
const lowerText = memo((text: string): string =>
  text.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim(),
);

// The byte form -----------------------------------------------------------------------------------

const SEP = 0x1f;
/** Every canonical row starts with the version and a separator: written once, kept when the buffer grows. */
const PREFIX = new TextEncoder().encode(`${VERSION}${FIELD_SEP}`);
/** Bytes for a number: String(value) of a double is at most 24 characters ("-1.7976931348623157e+308"). */
const NUMBER_ROOM = 32;
/** Written by a writer that met a character above U+007F: the row takes the string form. */
const NOT_ASCII = -1;
const encoder = new TextEncoder();

let buffer = new Uint8Array(512);
buffer.set(PREFIX);
/**
 * The buffer's first `length` bytes by length, made once each: a view per row was one more object
 * per row for the import thread's collector (decision 087). Emptied when the buffer grows.
 */
let views: Uint8Array[] = [];

/** Hex SHA-256 of the first `length` bytes written (by writeCanonicalRow, then appendOccurrence). */
export function hashCanonical(length: number): string {
  let view = views[length];
  if (view === undefined) {
    view = buffer.subarray(0, length);
    views[length] = view;
  }
  return sha256Hex(view);
}

function room(size: number, used: number): Uint8Array {
  if (size > buffer.length) {
    const larger = new Uint8Array(Math.max(2 * buffer.length, size));
    larger.set(buffer.subarray(0, Math.max(used, PREFIX.length)));
    buffer = larger;
    views = [];
  }
  return buffer;
}

/** Copies ASCII `text` to `b` at `at`; the next position, or NOT_ASCII. */
function copy(b: Uint8Array, at: number, text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 0x7f) return NOT_ASCII;
    b[at + i] = c;
  }
  return at + text.length;
}

/** ASCII whitespace, as `\s` and `trim` see it: tab, LF, VT, FF, CR, space. */
const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13);

/** `lowerText` for ASCII: lower case, whitespace runs as one space, trimmed. */
function copyLower(b: Uint8Array, at: number, text: string): number {
  let space = false;
  let started = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 0x7f) return NOT_ASCII;
    if (isSpace(c)) {
      space = started;
      continue;
    }
    if (space) b[at++] = 32;
    space = false;
    started = true;
    b[at++] = c >= 65 && c <= 90 ? c + 32 : c;
  }
  return at;
}

/** `trim` for ASCII. */
function copyTrimmed(b: Uint8Array, at: number, text: string): number {
  let start = 0;
  let end = text.length;
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c > 0x7f) return NOT_ASCII;
    b[at++] = c;
  }
  return at;
}

/** `String(value)`; whole numbers up to 2^31 − 1 digit by digit (no string). */
function copyNumber(b: Uint8Array, at: number, value: number | null): number {
  if (value === null) return at;
  if (!(value >= 0 && value <= 0x7fffffff && (value | 0) === value)) return copy(b, at, String(value));
  let digits = 1;
  for (let rest = value; rest >= 10; rest = (rest / 10) | 0) digits++;
  let rest = value;
  for (let i = at + digits - 1; i >= at; i--) {
    b[i] = 48 + (rest % 10);
    rest = (rest / 10) | 0;
  }
  return at + digits;
}

/** Writes the canonical row's UTF-8 into the buffer; returns its length (for hashCanonical). */
export function writeCanonicalRow(row: ImportedActivityRow): number {
  // Room for every part at one byte per character (ASCII), both numbers and the separators.
  const b = room(
    PREFIX.length +
      row.date.length +
      (row.periodEnd?.length ?? 0) +
      row.site.length +
      row.category.length +
      (row.variant?.length ?? 0) +
      (row.unit?.length ?? 0) +
      (row.currency?.length ?? 0) +
      (row.reference?.length ?? 0) +
      2 * NUMBER_ROOM +
      16,
    0,
  );
  let at = copy(b, PREFIX.length, row.date);
  if (at < 0) return writeEncoded(row);
  b[at++] = SEP;
  if (row.periodEnd !== null) at = copy(b, at, row.periodEnd);
  if (at < 0) return writeEncoded(row);
  b[at++] = SEP;
  at = copyLower(b, at, row.site);
  if (at < 0) return writeEncoded(row);
  b[at++] = SEP;
  at = copy(b, at, row.category);
  if (at < 0) return writeEncoded(row);
  b[at++] = SEP;
  if (row.variant !== null) at = copyLower(b, at, row.variant);
  if (at < 0) return writeEncoded(row);
  b[at++] = SEP;
  at = copyNumber(b, at, row.quantity);
  b[at++] = SEP;
  if (row.unit !== null) at = copy(b, at, row.unit);
  if (at < 0) return writeEncoded(row);
  b[at++] = SEP;
  at = copyNumber(b, at, row.spend);
  b[at++] = SEP;
  if (row.currency !== null) at = copy(b, at, row.currency);
  if (at < 0) return writeEncoded(row);
  b[at++] = SEP;
  if (row.reference !== null) at = copyTrimmed(b, at, row.reference);
  if (at < 0) return writeEncoded(row);
  return at;
}

/** The string form, UTF-8 encoded into the buffer (rows with non-ASCII text). */
function writeEncoded(row: ImportedActivityRow): number {
  const canonical = canonicalRow(row);
  return encoder.encodeInto(canonical, room(3 * canonical.length, 0)).written;
}

/** Appends "␟#N" to the `length` canonical bytes: the mark of the Nth repeat of a row within a file. */
export function appendOccurrence(length: number, occurrence: number): number {
  const b = room(length + 2 + NUMBER_ROOM, length);
  b[length] = SEP;
  b[length + 1] = 35; // #
  return copyNumber(b, length + 2, occurrence);
}

/** True when every UTF-16 unit of `text` is ASCII (then its UTF-8 bytes are its char codes, and it is NFC). */
export function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}
