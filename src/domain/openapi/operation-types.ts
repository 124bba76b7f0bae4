// The shape of one public API operation (operations.ts lists them; data-requests.ts adds that
// feature's), apart so each list can use it without importing the other.
import type { z } from 'zod';
import type { Role } from '../contracts/auth.ts';

/** A schema published under components.schemas with this name. */
export interface NamedSchema {
  name: string;
  schema: z.ZodType;
}

export const named = (name: string, schema: z.ZodType): NamedSchema => ({ name, schema });

export interface OperationResponse {
  status: 200 | 201 | 202 | 204;
  description: string;
  /** JSON body: one named schema, or a list of it. */
  json?: NamedSchema | { listOf: NamedSchema } | { nullable: NamedSchema };
  /** A file answer instead of JSON. */
  binary?: { contentTypes: string[] };
}

export interface PublicOperation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI path template, e.g. `/api/sites/{id}`. */
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  /** Least role the caller's key needs; null for a call that needs no key. */
  minimumRole: Role | null;
  pathParams?: Record<string, string>;
  query?: z.ZodObject;
  /** The JSON body and an example of it (checked against the schema by the OpenAPI test). */
  body?: NamedSchema & { example: unknown };
  response: OperationResponse;
}
