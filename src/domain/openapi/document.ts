import { z } from 'zod';
import {
  ApiErrorSchema,
  type NamedSchema,
  type OperationResponse,
  PUBLIC_OPERATIONS,
  type PublicOperation,
} from './operations.ts';

/**
 * The OpenAPI 3.1 document of the public API, generated from the zod contracts with zod v4's
 * `z.toJSONSchema` (JSON Schema 2020-12, the dialect OpenAPI 3.1 uses). Request bodies and query
 * parameters are described as the server accepts them (`io: 'input'`), answers as it sends them.
 */

type JsonSchema = Record<string, unknown>;

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}
export interface OpenApiMedia {
  schema: JsonSchema;
  example?: unknown;
}
export interface OpenApiResponse {
  description: string;
  $ref?: string;
  content?: Record<string, OpenApiMedia>;
}
export interface OpenApiOperation {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  /** An empty list: this operation needs no key. */
  security?: never[];
  parameters?: OpenApiParameter[];
  requestBody?: { required: boolean; content: Record<string, OpenApiMedia> };
  responses: Record<string, OpenApiResponse>;
}

export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  security: Record<string, string[]>[];
  tags: { name: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { securitySchemes: JsonSchema; schemas: Record<string, JsonSchema>; responses: JsonSchema };
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errorRef = { $ref: '#/components/responses/Error' };

/** Named schemas of every operation, split by direction, each converted once. */
function componentSchemas(operations: readonly PublicOperation[]): Record<string, JsonSchema> {
  const inputs = new Map<string, z.ZodType>();
  const outputs = new Map<string, z.ZodType>([['Error', ApiErrorSchema]]);
  for (const operation of operations) {
    if (operation.body) inputs.set(operation.body.name, operation.body.schema);
    const named = responseSchema(operation.response);
    if (named) outputs.set(named.name, named.schema);
  }
  const schemas: Record<string, JsonSchema> = {};
  for (const [io, entries] of [
    ['input', inputs],
    ['output', outputs],
  ] as const) {
    for (const [name, schema] of entries) {
      const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
        io,
        unrepresentable: 'any',
      }) as JsonSchema;
      schemas[name] = json;
    }
  }
  return schemas;
}

function responseSchema(response: OperationResponse): NamedSchema | null {
  if (!response.json) return null;
  if ('listOf' in response.json) return response.json.listOf;
  if ('nullable' in response.json) return response.json.nullable;
  return response.json;
}

function responseContent(response: OperationResponse): Record<string, OpenApiMedia> | undefined {
  if (response.binary) {
    return Object.fromEntries(
      response.binary.contentTypes.map((type) => [
        type,
        { schema: { type: 'string', contentMediaType: type } },
      ]),
    );
  }
  if (!response.json) return undefined;
  const schema =
    'listOf' in response.json
      ? { type: 'array', items: ref(response.json.listOf.name) }
      : 'nullable' in response.json
        ? { oneOf: [ref(response.json.nullable.name), { type: 'null' }] }
        : ref(response.json.name);
  return { 'application/json': { schema } };
}

/** Query parameters from the properties of the operation's query schema. */
function queryParameters(schema: z.ZodObject): OpenApiParameter[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: 'query' as const,
      required: json.required?.includes(name) ?? false,
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    };
  });
}

function operationObject(operation: PublicOperation): OpenApiOperation {
  const parameters: OpenApiParameter[] = [
    ...Object.entries(operation.pathParams ?? {}).map(([name, description]) => ({
      name,
      in: 'path' as const,
      required: true,
      description,
      schema: { type: 'string' },
    })),
    ...(operation.query ? queryParameters(operation.query) : []),
  ];
  const roleNote = operation.minimumRole
    ? `Needs a key with the ${operation.minimumRole} role or above.`
    : '';
  const content = responseContent(operation.response);
  const responses: Record<string, OpenApiResponse> = {
    [String(operation.response.status)]: {
      description: operation.response.description,
      ...(content ? { content } : {}),
    },
  };
  if (operation.minimumRole) {
    responses['400'] = { ...errorRef, description: 'The request is not valid (validation_failed)' };
    responses['401'] = { ...errorRef, description: 'No key, or an invalid or revoked one' };
    responses['403'] = {
      ...errorRef,
      description: 'The key’s role is too low, or the plan does not include API access (plan_required)',
    };
    if (operation.pathParams) responses['404'] = { ...errorRef, description: 'No such item in this company' };
    responses['429'] = { ...errorRef, description: 'Too many requests with this key; see Retry-After' };
  }
  return {
    operationId: operation.operationId,
    tags: [operation.tag],
    summary: operation.summary,
    description: [operation.description, roleNote].filter(Boolean).join(' '),
    ...(operation.minimumRole ? {} : { security: [] }),
    ...(parameters.length ? { parameters } : {}),
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: ref(operation.body.name), example: operation.body.example },
            },
          },
        }
      : {}),
    responses,
  };
}

export function buildOpenApiDocument(
  operations: readonly PublicOperation[] = PUBLIC_OPERATIONS,
): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const operation of operations) {
    paths[operation.path] ??= {};
    paths[operation.path]![operation.method] = operationObject(operation);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'ESG Pilot API',
      version: '1.0.0',
      description:
        'Read and write your company’s ESG data: sites, the activity ledger and its emissions, KPI metrics, the ESG checklist, reports and carbon offsets. Authenticate with an API key created in Settings → API Keys: `Authorization: Bearer esgp_…`. A key acts as the person who created it, with the key’s role. Errors answer `{"message", "code"}`.',
    },
    servers: [{ url: '/' }],
    security: [{ bearerAuth: [] }],
    tags: [...new Set(operations.map((operation) => operation.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'esgp_ followed by 43 base64url characters',
          description: 'An API key from Settings → API Keys (Growth and Enterprise plans).',
        },
      },
      schemas: componentSchemas(operations),
      responses: {
        Error: {
          description: 'An error',
          content: { 'application/json': { schema: ref('Error') } },
        },
      },
    },
  };
}
