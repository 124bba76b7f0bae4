import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import { z } from 'zod';
import { HttpError } from './errors.ts';
import { readJsonBody } from './json-body.ts';

/**
 * zod validation at the edge. A failure answers 400 with the first problem as the message and
 * every field's problems in `details.fieldErrors`, so forms can show each beside its input. A JSON
 * body is read strictly first (json-body.ts): wrong media type, charset, encoding or shape is a 4xx.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  const check = zValidator(target, schema, (result) => {
    if (result.success) return;
    throw validationError(result.error as unknown as z.ZodError);
  });
  if (target !== 'json') return check;
  const readThenCheck: typeof check = async (c, next) => {
    await readJsonBody(c);
    return check(c, next);
  };
  return readThenCheck;
}

export function validationError(error: z.ZodError): HttpError {
  const flattened = z.flattenError(error);
  const first = error.issues[0];
  const field = first?.path.join('.');
  const message = first ? (field ? first.message : `Invalid request: ${first.message}`) : 'Invalid request';
  return new HttpError(400, message, 'validation_failed', flattened);
}
