import {
  BOUNDARY,
  flatStrings,
  hasLeaf,
  invalidUtf8,
  type Json,
  latin1Bytes,
  mapLeaves,
  multipart,
  nestedObject,
  onNthString,
  onNumbers,
  onStrings,
  type Replace,
  stringLeaves,
  TRUNCATED_PNG,
  utf16le,
} from './fuzz-bodies.ts';
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
  /** Refused by the central layers before any route runs, even one that acts without a body. */
  refusedCentrally?: boolean;
}

const JSON_TYPE = { 'Content-Type': 'application/json' };
const NESTING = 20_000;
/** Over the default MAX_BODY_BYTES (1 MiB), built once: every route gets the same one. */
const OVERSIZED = `{"name":"${'x'.repeat(1_200_000)}"}`;

/** What every group of variants of one route works from. */
interface Base {
  bodyPath: string;
  json: Json;
  text: string;
  random: Random;
  add: (
    name: string,
    body: string | Uint8Array<ArrayBuffer>,
    headers?: Record<string, string>,
    refusedCentrally?: boolean,
  ) => void;
  /** Adds the sample with `replace` applied, unless that changed nothing. */
  mutate: (name: string, replace: Replace) => void;
}

export function fuzzVariants(
  route: { method: string; path: string },
  sample: Sample,
  random: Random,
  otherCompanyRowId?: string,
): Variant[] {
  const bodyPath = sample.id ? route.path.replace(/:\w+(\{[^}]*\})?/, sample.id) : concretePath(route.path);
  const json = (sample.json ?? {}) as Json;
  const text = JSON.stringify(json);
  const variants: Variant[] = [];
  const add: Base['add'] = (name, body, headers = JSON_TYPE, refusedCentrally = false) =>
    variants.push({ name, path: bodyPath, headers, body, refusedCentrally });
  const mutate: Base['mutate'] = (name, replace) => {
    const changed = JSON.stringify(mapLeaves(json, replace));
    if (changed !== text) add(name, changed);
  };
  const base: Base = { bodyPath, json, text, random, add, mutate };
  wholeBodyVariants(base);
  multipartVariants(base, sample);
  fieldVariants(base, sample);
  headerVariants(base, sample);
  variants.push(...addressVariants(base, route.path, sample, otherCompanyRowId));
  return variants;
}

/** The body as a whole: syntax, shape, size, media type and encoding. */
function wholeBodyVariants({ text, json, random, add }: Base): void {
  add('invalid JSON', '{"name": tru');
  add('truncated JSON', text.slice(0, random.int(1, Math.max(1, text.length - 1))));
  add('JSON array', `[${text}]`);
  add('JSON string', '"just text"');
  add('JSON number 1e309', '1e309');
  add('JSON null', 'null');
  add('deeply nested array', `${'['.repeat(NESTING)}${']'.repeat(NESTING)}`);
  add('deeply nested object', nestedObject(NESTING));
  add('empty body with a JSON content type', '');
  add('body over the size limit', OVERSIZED);
  add('JSON sent as text/plain', text, { 'Content-Type': 'text/plain;charset=UTF-8' });
  add('JSON without a content type', new TextEncoder().encode(text), {});
  add('form-urlencoded body', new URLSearchParams(flatStrings(json)).toString(), {
    'Content-Type': 'application/x-www-form-urlencoded',
  });
  add('invalid UTF-8 bytes', invalidUtf8(text));
  add('JSON declared as UTF-16', utf16le(text), { 'Content-Type': 'application/json; charset=utf-16' });
  add('JSON with an unknown charset', text, { 'Content-Type': 'application/json; charset=x-fuzz-7' });
}

/** Multipart framing, for every route: a JSON route must refuse it too. */
function multipartVariants({ random, add }: Base, sample: Sample): void {
  const fileField = sample.fileField ?? 'file';
  const fields = Object.entries(sample.formFields ?? {}).map(([name, content]) => ({ name, content }));
  const withFile = multipart([
    ...fields,
    { name: fileField, filename: 'a.png', type: 'image/png', content: 'not really a png' },
  ]);
  const framed = { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` };
  add('multipart without a boundary', withFile, { 'Content-Type': 'multipart/form-data' });
  add('multipart with a broken boundary', withFile.slice(0, random.int(20, withFile.length - 30)), framed);
  add('multipart with another boundary than declared', withFile, {
    'Content-Type': 'multipart/form-data; boundary=not-the-one-used',
  });
  const emptyName = { name: fileField, filename: '', type: 'application/octet-stream', content: '' };
  add('multipart with an empty file name', multipart([...fields, emptyName]), framed);
  if (sample.decodesImage) {
    const png = { name: fileField, filename: 'scan.png', type: 'image/png', content: TRUNCATED_PNG };
    add('multipart with a truncated PNG', latin1Bytes(multipart([...fields, png])), framed);
  }
  add('multipart without the file field', multipart([...fields, { name: 'other', content: 'x' }]), framed);
}

/** One kind of field broken, the rest of the sample valid. */
function fieldVariants({ json, text, random, add, mutate }: Base, sample: Sample): void {
  // Text fields one at a time: a NUL or an over-long value in one field must be refused even when
  // every other field is valid (breaking all at once would be refused for the first enum alone).
  const textFields = stringLeaves(json);
  const long = 'x'.repeat(random.int(30_000, 50_000));
  for (const [index, field] of textFields.entries()) {
    mutate(
      `NUL character in ${field}`,
      onNthString(index, (s) => `${s.slice(0, 1)}\u0000${s.slice(1)}`),
    );
    mutate(
      `over-long text in ${field}`,
      onNthString(index, () => long),
    );
  }
  if (textFields.length > 0) {
    const index = random.int(0, textFields.length - 1);
    mutate(
      `control characters in ${textFields[index]}`,
      onNthString(index, (s) => `\u0007${s}\u001b[2J\u0008`),
    );
    mutate(
      `a lone surrogate in ${textFields[index]}`,
      onNthString(index, (s) => `${s}\ud800`),
    );
  }
  mutate(
    'numbers in place of text',
    onStrings(() => random.int(-1e6, 1e6)),
  );
  mutate(
    'deep nesting in place of text',
    onStrings(() => JSON.parse(nestedObject(2_000))),
  );
  mutate(
    'NaN-ish strings in place of numbers',
    onNumbers(() => random.pick(['NaN', '-0', 'Infinity', '1e309', ''])),
  );
  mutate('booleans as strings', (value) => (typeof value === 'boolean' ? String(value) : undefined));
  mutate('objects in place of lists', (value) =>
    Array.isArray(value) ? { 0: value[0] ?? null } : undefined,
  );
  if (hasLeaf(json, (leaf) => typeof leaf === 'number')) {
    add('1e308 in every number field', text.replace(/:(-?\d+(\.\d+)?)/g, ':1e308'));
    add('1e309 in every number field', text.replace(/:(-?\d+(\.\d+)?)/g, ':1e309'));
  }
  if (sample.json) {
    // Unknown and prototype keys beside a wrong-typed field: refused for the field, and the keys
    // must not reach an object's prototype on the way.
    const first = Object.keys(sample.json)[0];
    const prototypeKeys = '"__proto__":{"isAdmin":true},"constructor":{"prototype":{"role":"admin"}}';
    add(
      'unknown and __proto__ keys with a wrong-typed field',
      `{${prototypeKeys},"unknownKey":1,${text.slice(1, -1)},"${first}":[{"x":1}]}`,
    );
  }
}

/**
 * Headers the central layers read (CSRF, API key, session cookie). The first two carry the valid
 * sample to a real row: only the header is wrong, and refusing it is the whole defence.
 */
function headerVariants({ text, add }: Base, sample: Sample): void {
  const validBody = sample.json ? text : '';
  const json = sample.json ? JSON_TYPE : {};
  const crossSite = { ...json, Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' };
  add('cross-site origin with a valid body', validBody, crossSite, true);
  add('malformed API key with a valid body', validBody, { ...json, Authorization: 'Bearer %E0%A4%A' }, true);
  add('malformed session cookie with a broken body', '{"name": tru', {
    ...JSON_TYPE,
    Cookie: `esg_session=%E0%A4%A; esg_session="${'x'.repeat(5_000)}`,
  });
}

/** Ids and the address: each id variant carries the valid sample, so only the id is wrong. */
function addressVariants(
  { bodyPath, text, random }: Base,
  pattern: string,
  sample: Sample,
  otherCompanyRowId?: string,
): Variant[] {
  const variants: Variant[] = [];
  if (pattern.includes(':')) {
    const body = sample.json ? JSON.stringify(sample.json) : undefined;
    const withId = (name: string, id: string) =>
      variants.push({
        name,
        path: pattern.replace(/:\w+(\{[^}]*\})?/g, id),
        headers: body ? JSON_TYPE : {},
        body,
      });
    withId('id that is not a UUID', 'not-a-uuid');
    withId('path traversal in the id', '..%2F..%2F..%2Fetc%2Fpasswd');
    withId('malformed percent-encoding in the id', '%E0%A4%A');
    withId('very long id', 'a'.repeat(random.int(8_000, 16_000)));
    withId('id of a missing row', random.uuid());
    if (otherCompanyRowId) withId("another company's id", otherCompanyRowId);
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
