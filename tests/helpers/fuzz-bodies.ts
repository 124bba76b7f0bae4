/**
 * Building blocks of the fuzz variants (fuzz-variants.ts): walking a sample's JSON to break one
 * kind of value, and writing bodies byte by byte (multipart, UTF-16, bytes that are not UTF-8).
 */

/**
 * The first 33 bytes of a 1×1 PNG: signature and header chunk, no image data. Decoders that are
 * handed it fail mid-read (issue 19: "libpng error: Read Error" ended the process).
 */
export const TRUNCATED_PNG =
  '\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89';

/** A multipart text whose characters are all below 256, as the bytes they stand for. */
export function latin1Bytes(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

/** The boundary multipart() writes with. */
export const BOUNDARY = 'fuzzboundary7MA4YWxkTrZu0gW';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Replace = (value: Json, key: string) => Json | undefined;

/** The sample with every value `replace` answers for swapped (undefined keeps it), at any depth. */
export function mapLeaves(value: Json, replace: Replace, key = ''): Json {
  const swapped = replace(value, key);
  if (swapped !== undefined) return swapped;
  if (Array.isArray(value)) return value.map((item) => mapLeaves(item, replace, key));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapLeaves(v, replace, k)]));
  }
  return value;
}

export const onStrings =
  (to: (text: string) => Json): Replace =>
  (value) =>
    typeof value === 'string' ? to(value) : undefined;
export const onNumbers =
  (to: (n: number) => Json): Replace =>
  (value) =>
    typeof value === 'number' ? to(value) : undefined;

/** The paths of a sample's text values, in the order mapLeaves visits them. */
export function stringLeaves(value: Json, path = ''): string[] {
  if (typeof value === 'string') return [path || 'the body'];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringLeaves(item, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => stringLeaves(v, path ? `${path}.${k}` : k));
  }
  return [];
}

/** Swaps only the n-th text value (counting as stringLeaves does). */
export function onNthString(n: number, to: (text: string) => Json): Replace {
  let seen = -1;
  return (value) => {
    if (typeof value !== 'string') return undefined;
    seen += 1;
    return seen === n ? to(value) : undefined;
  };
}

export function hasLeaf(value: Json, test: (leaf: Json) => boolean): boolean {
  if (Array.isArray(value)) return value.some((item) => hasLeaf(item, test));
  if (value && typeof value === 'object') return Object.values(value).some((item) => hasLeaf(item, test));
  return test(value);
}

export function nestedObject(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

export function multipart(
  parts: { name: string; filename?: string; type?: string; content: string }[],
): string {
  const lines: string[] = [];
  for (const part of parts) {
    lines.push(`--${BOUNDARY}`);
    const file = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    lines.push(`Content-Disposition: form-data; name="${part.name}"${file}`);
    if (part.type) lines.push(`Content-Type: ${part.type}`);
    lines.push('', part.content);
  }
  lines.push(`--${BOUNDARY}--`, '');
  return lines.join('\r\n');
}

export function utf16le(text: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    bytes[i * 2] = text.charCodeAt(i) & 0xff;
    bytes[i * 2 + 1] = text.charCodeAt(i) >> 8;
  }
  return bytes;
}

/** The sample's JSON with the first text value's bytes replaced by ones that are not UTF-8. */
export function invalidUtf8(sampleText: string): Uint8Array<ArrayBuffer> {
  const bytes = new TextEncoder().encode(sampleText);
  const start = sampleText.indexOf(':"');
  if (start < 0) return new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d]);
  const at = new TextEncoder().encode(sampleText.slice(0, start + 2)).length;
  return new Uint8Array([...bytes.slice(0, at), 0xff, 0xc0, 0xaf, 0xed, 0xa0, 0x80, ...bytes.slice(at)]);
}

/** Top-level text and number values, as a form would send them. */
export function flatStrings(value: Json): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { value: String(value) };
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
}
