import { describe, expect, test } from 'bun:test';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { HttpError, unreadableRequest } from './errors.ts';
import { MAX_JSON_DEPTH, nestingDepth } from './json-body.ts';
import { validate } from './validate.ts';

/** One JSON route behind validate(), with an error handler that answers as the app's does. */
const app = new Hono()
  .use(
    bodyLimit({
      maxSize: 64 * 1024,
      onError: () => {
        throw new HttpError(413, 'The request is too large', 'payload_too_large');
      },
    }),
  )
  .post(
    '/items',
    validate('json', z.object({ name: z.string().optional(), tags: z.unknown().optional() })),
    (c) => c.json(c.req.valid('json')),
  )
  .onError((error, c) =>
    error instanceof HttpError
      ? c.json({ message: error.message, code: error.code }, error.status)
      : c.json({ message: 'internal' }, 500),
  );

async function post(body: BodyInit | undefined, contentType?: string) {
  const response = await app.request('/items', {
    method: 'POST',
    body,
    headers: contentType ? { 'Content-Type': contentType } : {},
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('validate on a JSON body', () => {
  test('accepts UTF-8 JSON, with or without a charset, and a call without any body reads {}', async () => {
    expect((await post('{"name":"Café"}', 'application/json')).json).toEqual({ name: 'Café' });
    expect((await post('{"name":"a"}', 'application/json; charset=UTF-8')).status).toBe(200);
    expect((await post(undefined)).json).toEqual({});
  });

  test('refuses a body that is not declared as JSON with 415, instead of validating {} in its place', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']) {
      const answer = await post('{"name":"a"}', type);
      expect(answer.status).toBe(415);
      expect(answer.json.code).toBe('unsupported_media_type');
    }
    expect((await post(new TextEncoder().encode('{"name":"a"}'))).status).toBe(415);
  });

  test('refuses another charset than UTF-8 and bytes that are not UTF-8', async () => {
    expect((await post('{"name":"a"}', 'application/json; charset=utf-16')).status).toBe(415);
    const notUtf8 = new Uint8Array([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xc0, 0xaf, 0x22, 0x7d]);
    const answer = await post(notUtf8, 'application/json');
    expect(answer).toEqual({
      status: 400,
      json: { message: 'The request body is not valid UTF-8 text', code: 'malformed_json' },
    });
  });

  test('refuses an empty body, invalid JSON and nesting deeper than the limit with 400', async () => {
    expect((await post('', 'application/json')).json.message).toContain('empty');
    expect((await post('{"name": tru', 'application/json')).json.message).toBe(
      'Malformed JSON in request body',
    );
    const deep = `{"tags":${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}}`;
    expect((await post(deep, 'application/json')).json.message).toContain('nested more than');
    const allowed = `{"tags":${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)}}`;
    expect((await post(allowed, 'application/json')).status).toBe(200);
  });

  test('refuses unpaired surrogates in values and keys, and numbers beyond a double', async () => {
    expect((await post('{"name":"a\\ud800"}', 'application/json')).json.message).toContain(
      'unpaired surrogate',
    );
    expect((await post('{"tags":{"\\udc00":1}}', 'application/json')).status).toBe(400);
    expect((await post('{"name":"\\ud83d\\ude00"}', 'application/json')).status).toBe(200);
    expect((await post('{"tags":[1e309]}', 'application/json')).json.message).toBe('A number is too large');
  });
});

test('a streamed body over the size limit answers 413, not a JSON error', async () => {
  const stream = new Blob([`{"name":"${'x'.repeat(100_000)}"}`]).stream();
  const response = await app.request('/items', {
    method: 'POST',
    body: stream,
    headers: { 'Content-Type': 'application/json' },
    duplex: 'half',
  } as RequestInit);
  expect(response.status).toBe(413);
});

describe('nestingDepth', () => {
  test('counts brackets outside strings only', () => {
    expect(nestingDepth('{"a":[1,{"b":2}]}')).toBe(3);
    expect(nestingDepth('{"a":"[[[[{{{{\\"]]"}')).toBe(1);
    expect(nestingDepth('"plain"')).toBe(0);
  });
});

describe('unreadableRequest', () => {
  test('turns a multipart parse failure and a malformed percent-encoding into a 400', async () => {
    const parseFailure = await new Request('http://x/', {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data' },
      body: 'no boundary here',
    })
      .formData()
      .catch((error: unknown) => error);
    expect(unreadableRequest(parseFailure)?.code).toBe('malformed_multipart');
    const uriError = (() => {
      try {
        decodeURIComponent('%E0%A4%A');
      } catch (error) {
        return error;
      }
    })();
    expect(unreadableRequest(uriError)?.status).toBe(400);
  });

  test('leaves any other error alone, so a bug stays a 500', () => {
    expect(
      unreadableRequest(new TypeError("Cannot read properties of undefined (reading 'name')")),
    ).toBeNull();
    expect(unreadableRequest(new SyntaxError('Unexpected token'))).toBeNull();
    expect(unreadableRequest(new Error('boom'))).toBeNull();
  });
});
