import type { Random } from './fuzz-random.ts';
import type { Sample } from './fuzz-samples.ts';
import { concretePath } from './route-walk.ts';

/**
 * Malformed requests for one route, each named so a failure says which (decision 044). Every
 * variant is one a correct server must refuse with a 4xx: the body is broken as a whole (syntax,
 * type, encoding, media type, multipart framing), or one kind of field is broken while the rest
 * of the sample stays valid, or the id or query is. None may be stored.
 */
export interface Variant {
  name: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
}

const JSON_TYPE = { 'Content-Type': 'application/json' };
const BOUNDARY = 'fuzzboundary7MA4YWxkTrZu0gW';
const NESTING = 20_000;
/** Over the default MAX_BODY_BYTES (1 MiB), built once: every route gets the same one. */
const OVERSIZED = `{"name":"${'x'.repeat(1_200_000)}"}`;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Replace = (value: Json, key: string) => Json | undefined;

/** The sample with every value `replace` answers for swapped (undefined keeps it), at any depth. */
function mapLeaves(value: Json, replace: Replace, key = ''): Json {
  const swapped = replace(value, key);
  if (swapped !== undefined) return swapped;
  if (Array.isArray(value)) return value.map((item) => mapLeaves(item, replace, key));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapLeaves(v, replace, k)]));
  }
  return value;
}

const onStrings =
  (to: (text: string) => Json): Replace =>
  (value) =>
    typeof value === 'string' ? to(value) : undefined;
const onNumbers =
  (to: (n: number) => Json): Replace =>
  (value) =>
    typeof value === 'number' ? to(value) : undefined;

/** The paths of a sample's text values, in the order mapLeaves visits them. */
function stringLeaves(value: Json, path = ''): string[] {
  if (typeof value === 'string') return [path || 'the body'];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringLeaves(item, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => stringLeaves(v, path ? `${path}.${k}` : k));
  }
  return [];
}

/** Swaps only the n-th text value (counting as stringLeaves does). */
function onNthString(n: number, to: (text: string) => Json): Replace {
  let seen = -1;
  return (value) => {
    if (typeof value !== 'string') return undefined;
    seen += 1;
    return seen === n ? to(value) : undefined;
  };
}

function hasLeaf(value: Json, test: (leaf: Json) => boolean): boolean {
  if (Array.isArray(value)) return value.some((item) => hasLeaf(item, test));
  if (value && typeof value === 'object') return Object.values(value).some((item) => hasLeaf(item, test));
  return test(value);
}

function nestedObject(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

function multipart(parts: { name: string; filename?: string; type?: string; content: string }[]): string {
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

function utf16le(text: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    bytes[i * 2] = text.charCodeAt(i) & 0xff;
    bytes[i * 2 + 1] = text.charCodeAt(i) >> 8;
  }
  return bytes;
}

/** The sample's JSON with the first text value's bytes replaced by ones that are not UTF-8. */
function invalidUtf8(sampleText: string): Uint8Array<ArrayBuffer> {
  const bytes = new TextEncoder().encode(sampleText);
  const quote = bytes.indexOf(0x3a /* : */);
  const start = sampleText.indexOf(':"');
  if (quote < 0 || start < 0)
    return new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d]);
  const at = new TextEncoder().encode(sampleText.slice(0, start + 2)).length;
  return new Uint8Array([...bytes.slice(0, at), 0xff, 0xc0, 0xaf, 0xed, 0xa0, 0x80, ...bytes.slice(at)]);
}

export function fuzzVariants(
  route: { method: string; path: string },
  sample: Sample,
  random: Random,
  otherCompanyRowId?: string,
): Variant[] {
  const bodyPath = sample.id ? route.path.replace(/:\w+(\{[^}]*\})?/, sample.id) : concretePath(route.path);
  const base = (sample.json ?? {}) as Json;
  const text = JSON.stringify(base);
  const variants: Variant[] = [];
  const json = (
    name: string,
    body: string | Uint8Array<ArrayBuffer>,
    headers: Record<string, string> = JSON_TYPE,
  ) => variants.push({ name, path: bodyPath, headers, body });
  const mutated = (name: string, replace: Replace) => {
    const changed = mapLeaves(base, replace);
    if (JSON.stringify(changed) !== text) json(name, JSON.stringify(changed));
  };

  // The body as a whole.
  json('invalid JSON', '{"name": tru');
  json('truncated JSON', text.slice(0, random.int(1, Math.max(1, text.length - 1))));
  json('JSON array', `[${text}]`);
  json('JSON string', '"just text"');
  json('JSON number 1e309', '1e309');
  json('JSON null', 'null');
  json('deeply nested array', `${'['.repeat(NESTING)}${']'.repeat(NESTING)}`);
  json('deeply nested object', nestedObject(NESTING));
  json('empty body with a JSON content type', '');
  json('body over the size limit', OVERSIZED);
  json('JSON sent as text/plain', text, { 'Content-Type': 'text/plain;charset=UTF-8' });
  json('JSON without a content type', new TextEncoder().encode(text), {});
  json('form-urlencoded body', new URLSearchParams(flatStrings(base)).toString(), {
    'Content-Type': 'application/x-www-form-urlencoded',
  });
  json('invalid UTF-8 bytes', invalidUtf8(text));
  json('JSON declared as UTF-16', utf16le(text), { 'Content-Type': 'application/json; charset=utf-16' });
  json('JSON with an unknown charset', text, { 'Content-Type': 'application/json; charset=x-fuzz-7' });

  // Multipart framing, for every route (a JSON route must refuse it too).
  const fileField = sample.fileField ?? 'file';
  const formFields = Object.entries(sample.formFields ?? {}).map(([name, content]) => ({ name, content }));
  const withFile = multipart([
    ...formFields,
    { name: fileField, filename: 'a.png', type: 'image/png', content: 'not really a png' },
  ]);
  json('multipart without a boundary', withFile, { 'Content-Type': 'multipart/form-data' });
  json('multipart with a broken boundary', withFile.slice(0, random.int(20, withFile.length - 30)), {
    'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
  });
  json('multipart with another boundary than declared', withFile, {
    'Content-Type': 'multipart/form-data; boundary=not-the-one-used',
  });
  json(
    'multipart with an empty file name',
    multipart([
      ...formFields,
      { name: fileField, filename: '', type: 'application/octet-stream', content: '' },
    ]),
    { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
  );
  json('multipart without the file field', multipart([...formFields, { name: 'other', content: 'x' }]), {
    'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
  });

  // One kind of field broken, the rest of the sample valid.
  // Text fields one at a time: a NUL or an over-long value in one field must be refused even when
  // every other field is valid (breaking all at once would be refused for the first enum alone).
  const textFields = stringLeaves(base);
  const long = 'x'.repeat(random.int(30_000, 50_000));
  for (const [index, field] of textFields.entries()) {
    mutated(
      `NUL character in ${field}`,
      onNthString(index, (s) => `${s.slice(0, 1)}\u0000${s.slice(1)}`),
    );
    mutated(
      `over-long text in ${field}`,
      onNthString(index, () => long),
    );
  }
  if (textFields.length > 0) {
    const index = random.int(0, textFields.length - 1);
    mutated(
      `control characters in ${textFields[index]}`,
      onNthString(index, (s) => `\u0007${s}\u001b[2J\u0008`),
    );
    mutated(
      `a lone surrogate in ${textFields[index]}`,
      onNthString(index, (s) => `${s}\ud800`),
    );
  }
  mutated(
    'numbers in place of text',
    onStrings(() => random.int(-1e6, 1e6)),
  );
  mutated(
    'deep nesting in place of text',
    onStrings(() => JSON.parse(nestedObject(2_000))),
  );
  mutated(
    'NaN-ish strings in place of numbers',
    onNumbers(() => random.pick(['NaN', '-0', 'Infinity', '1e309', ''])),
  );
  mutated('booleans as strings', (value) => (typeof value === 'boolean' ? String(value) : undefined));
  mutated('objects in place of lists', (value) =>
    Array.isArray(value) ? { 0: value[0] ?? null } : undefined,
  );
  if (hasLeaf(base, (leaf) => typeof leaf === 'number')) {
    json('1e308 in every number field', text.replace(/:(-?\d+(\.\d+)?)/g, ':1e308'));
    json('1e309 in every number field', text.replace(/:(-?\d+(\.\d+)?)/g, ':1e309'));
  }
  if (sample.json) {
    // Unknown and prototype keys beside a wrong-typed field: refused for the field, and the keys
    // must not reach an object's prototype on the way.
    const first = Object.keys(sample.json)[0];
    json(
      'unknown and __proto__ keys with a wrong-typed field',
      `{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"role":"admin"}},"unknownKey":1,${text.slice(1, -1)},"${first}":[{"x":1}]}`,
    );
  }

  // Ids and the URL.
  if (route.path.includes(':')) {
    const withId = (id: string) => route.path.replace(/:\w+(\{[^}]*\})?/g, id);
    const sampleBody = sample.json ? JSON.stringify(sample.json) : undefined;
    const idVariant = (name: string, id: string) =>
      variants.push({ name, path: withId(id), headers: sampleBody ? JSON_TYPE : {}, body: sampleBody });
    idVariant('id that is not a UUID', 'not-a-uuid');
    idVariant('path traversal in the id', '..%2F..%2F..%2Fetc%2Fpasswd');
    idVariant('malformed percent-encoding in the id', '%E0%A4%A');
    idVariant('very long id', 'a'.repeat(random.int(8_000, 16_000)));
    idVariant('id of a missing row', random.uuid());
    if (otherCompanyRowId) idVariant("another company's id", otherCompanyRowId);
  }
  variants.push({
    name: 'malformed query string with a broken body',
    path: `${bodyPath}?%zz=%E0%A4%A&a[]=1&a[]=2&__proto__[x]=1&=&&${'q'.repeat(4_000)}=1`,
    headers: JSON_TYPE,
    body: '{"name": tru',
  });
  variants.push({
    name: 'malformed percent-encoding in the path',
    path: `${bodyPath}/%E0%A4%A/..%2F`,
    headers: JSON_TYPE,
    body: text,
  });
  return variants;
}

/** Top-level text and number values, as a form would send them. */
function flatStrings(value: Json): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { value: String(value) };
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
}
