import type { Context } from 'hono';
import { HttpError } from './errors.ts';

/** Deeper than any contract of ours (the deepest, a report request, has three levels). */
export const MAX_JSON_DEPTH = 32;

/** `application/json` and `application/<x>+json`, the media types Hono's validator reads as JSON. */
const jsonMediaType = /^application\/([\w.-]+\+)?json$/i;
/** A high surrogate without its low half, or a low one without its high half. */
const unpairedSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

const refuse = (status: 400 | 415, message: string, code: string) => new HttpError(status, message, code);
const notJson = () =>
  refuse(
    415,
    'Send the body as JSON with the header Content-Type: application/json',
    'unsupported_media_type',
  );

/**
 * Reads a JSON request body strictly before validation (decision 044), so that a malformed body
 * is a 4xx that says what is wrong rather than something the route acts on:
 * - a body must declare a JSON media type (RFC 8259 §11): Hono's validator otherwise validates
 *   `{}` in its place, which a schema of optional fields accepts; no body at all still reads `{}`;
 * - JSON is UTF-8 (RFC 8259 §8.1): another declared charset, or bytes that are not UTF-8, are
 *   refused instead of being decoded into U+FFFD and stored;
 * - nesting is bounded before parsing, and unpaired surrogates and numbers beyond a double
 *   (`1e309` parses to Infinity, which JSON cannot give back) are refused once parsed.
 * The text is left in Hono's body cache, where the validator reads it.
 */
export async function readJsonBody(c: Context): Promise<void> {
  const contentType = c.req.header('content-type');
  if (!contentType) {
    if (c.req.raw.body === null) return;
    if ((await c.req.arrayBuffer()).byteLength === 0) return;
    throw notJson();
  }
  const [mediaType = '', ...parameters] = contentType.split(';').map((part) => part.trim());
  if (!jsonMediaType.test(mediaType)) {
    throw notJson();
  }
  const charset = parameters
    .find((part) => /^charset=/i.test(part))
    ?.slice('charset='.length)
    .replace(/"/g, '');
  if (charset && !/^utf-?8$/i.test(charset)) {
    throw refuse(415, 'Send JSON encoded as UTF-8', 'unsupported_charset');
  }
  // Read outside the try: only a failure to decode says the bytes are not UTF-8.
  const bytes = await c.req.arrayBuffer();
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    throw refuse(400, 'The request body is not valid UTF-8 text', 'malformed_json');
  }
  if (text.trim() === '')
    throw refuse(400, 'The request body is empty: send a JSON object', 'malformed_json');
  if (nestingDepth(text) > MAX_JSON_DEPTH) {
    throw refuse(400, `The JSON is nested more than ${MAX_JSON_DEPTH} levels deep`, 'malformed_json');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Hono's own wording for this case, which clients and tests already know.
    throw refuse(400, 'Malformed JSON in request body', 'malformed_json');
  }
  const problem = unrepresentable(value);
  if (problem) throw refuse(400, problem, 'malformed_json');
  // Hono keeps promises in its body cache, though its type says values.
  (c.req.bodyCache as Record<string, unknown>).text = Promise.resolve(text);
}

/** The deepest bracket nesting of a JSON text, brackets inside strings not counted. */
export function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c /* \ */) i++;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b /* [ */ || char === 0x7b /* { */) deepest = Math.max(deepest, ++depth);
    else if (char === 0x5d /* ] */ || char === 0x7d /* } */) depth--;
  }
  return deepest;
}

/** Why a parsed value cannot be stored faithfully, or null. Depth is already bounded. */
function unrepresentable(value: unknown): string | null {
  if (typeof value === 'string') {
    return unpairedSurrogate.test(value) ? 'The text contains an unpaired surrogate (\\ud800–\\udfff)' : null;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? null : 'A number is too large';
  if (value === null || typeof value !== 'object') return null;
  const items = Array.isArray(value) ? value : [...Object.keys(value), ...Object.values(value)];
  for (const item of items) {
    const problem = unrepresentable(item);
    if (problem) return problem;
  }
  return null;
}
