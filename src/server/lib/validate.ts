import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import { z } from 'zod';
import { HttpError } from './errors.ts';

/**
 * zod validation at the edge. A failure answers 400 with the first problem as the message and
 * every field's problems in `details.fieldErrors`, so forms can show each beside its input.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (result.success) return;
    throw validationError(result.error as unknown as z.ZodError);
  });
}

export function validationError(error: z.ZodError): HttpError {
  const flattened = z.flattenError(error);
  const first = error.issues[0];
  const field = first?.path.join('.');
  const message = first ? (field ? first.message : `Invalid request: ${first.message}`) : 'Invalid request';
  return new HttpError(400, message, 'validation_failed', flattened);
}
