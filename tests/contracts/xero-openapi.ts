// Xero's OpenAPI documents (../shared/reference/provider-contracts/xero/, Xero-OpenAPI v16.1.0)
// as a validator for tests: an operation's declared query parameters and OAuth scopes, and its 200
// answer's JSON schema compiled with ajv. Objects are closed (`additionalProperties: false`, which
// the documents leave open) so a fake answer with a field Xero does not define fails, and so does a
// reader that depends on one. Formats are not checked: Xero's dates are `/Date(ms+zzzz)/` strings.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import { parse } from 'yaml';

/** shared/ sits beside the repository (the workplace's layout, CI's too). */
export const PROVIDER_CONTRACTS = join(
  import.meta.dir,
  '..',
  '..',
  '..',
  'shared',
  'reference',
  'provider-contracts',
);
const XERO_CONTRACTS = join(PROVIDER_CONTRACTS, 'xero');

type Schema = Record<string, unknown>;
interface Parameter {
  in: string;
  name: string;
  $ref?: string;
}
interface Operation {
  parameters?: Parameter[];
  security?: { OAuth2?: string[] }[];
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Schema>;
    parameters?: Record<string, Parameter>;
    securitySchemes?: Schema;
  };
}

/** Every object schema closed to properties it does not name. */
function closeObjects(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closeObjects);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    out[key] = key === 'example' || key === 'enum' ? value : closeObjects(value);
  }
  if (out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

export function loadXeroContract(file: 'xero_accounting.yaml' | 'xero-identity.yaml') {
  const document = parse(readFileSync(join(XERO_CONTRACTS, file), 'utf8')) as Document;
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ $id: file, components: closeObjects(document.components) });
  const compiled = new Map<string, ValidateFunction>();

  const operation = (path: string, method = 'get'): Operation => {
    const found = document.paths[path]?.[method];
    if (!found) throw new Error(`${method.toUpperCase()} ${path} is not in ${file}`);
    return found;
  };
  const parameterOf = (parameter: Parameter) =>
    parameter.$ref ? document.components.parameters![parameter.$ref.split('/').at(-1)!]! : parameter;

  return {
    document,
    operation,
    /** The query parameters `path` declares. */
    queryParameters(path: string): string[] {
      return (operation(path).parameters ?? [])
        .map(parameterOf)
        .filter((p) => p.in === 'query')
        .map((p) => p.name);
    },
    /** The OAuth scopes any of which opens `path`. */
    scopes(path: string): string[] {
      return (operation(path).security ?? []).flatMap((entry) => entry.OAuth2 ?? []);
    },
    /** Every scope the document's OAuth2 scheme names. */
    allScopes(): string[] {
      const scheme = document.components.securitySchemes?.OAuth2 as
        | { flows: { authorizationCode: { scopes: Record<string, string> } } }
        | undefined;
      return Object.keys(scheme?.flows.authorizationCode.scopes ?? {});
    },
    /** ajv's errors for `body` as the 200 JSON answer of GET `path`; [] when it conforms. */
    check(path: string, body: unknown): string[] {
      let validate = compiled.get(path);
      if (!validate) {
        const schema = operation(path).responses['200']?.content?.['application/json']?.schema;
        if (!schema) throw new Error(`GET ${path} has no JSON answer in ${file}`);
        const ref = (schema.$ref as string | undefined) ?? null;
        const items = (schema.items as Schema | undefined)?.$ref as string | undefined;
        validate = ajv.compile(
          ref ? { $ref: `${file}${ref}` } : { type: 'array', items: { $ref: `${file}${items}` } },
        );
        compiled.set(path, validate);
      }
      return validate(body)
        ? []
        : (validate.errors ?? []).map(
            (error) => `${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`,
          );
    },
  };
}
