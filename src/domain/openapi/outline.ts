/**
 * Readable views of the OpenAPI document for the /developers page: a JSON Schema flattened into
 * rows (field path, type in words, required, constraints). Pure, so
 * the static page renders them at build time with no script in the browser.
 */

type JsonSchema = Record<string, unknown>;

export interface TypeLabel {
  text: string;
  /** Names of component schemas the type refers to, to link them. */
  refs: string[];
}

export interface OutlineRow {
  path: string;
  depth: number;
  type: TypeLabel;
  required: boolean;
  notes: string[];
  description: string | null;
}

const MAX_DEPTH = 4;
const refName = (ref: unknown) => (typeof ref === 'string' ? (ref.split('/').pop() ?? ref) : '');

export function typeLabel(schema: JsonSchema): TypeLabel {
  if (typeof schema.$ref === 'string') {
    const name = refName(schema.$ref);
    return { text: name, refs: [name] };
  }
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(union)) {
    const parts = union.map(typeLabel);
    return { text: parts.map((part) => part.text).join(' or '), refs: parts.flatMap((part) => part.refs) };
  }
  if ('const' in schema) return { text: JSON.stringify(schema.const), refs: [] };
  if (Array.isArray(schema.enum)) {
    return { text: `one of ${schema.enum.map((value) => JSON.stringify(value)).join(', ')}`, refs: [] };
  }
  const types = Array.isArray(schema.type)
    ? (schema.type as string[])
    : schema.type
      ? [String(schema.type)]
      : [];
  if (types.includes('array')) {
    const items = typeLabel((schema.items as JsonSchema) ?? {});
    const rest = types.filter((type) => type !== 'array');
    return { text: [`array of ${items.text}`, ...rest].join(' or '), refs: items.refs };
  }
  if (types.length === 0) return { text: 'any', refs: [] };
  return { text: types.join(' or '), refs: [] };
}

function notesOf(schema: JsonSchema): string[] {
  const notes: string[] = [];
  const add = (key: string, label: string) => {
    if (schema[key] !== undefined) notes.push(`${label} ${JSON.stringify(schema[key])}`);
  };
  add('minLength', 'min length');
  add('maxLength', 'max length');
  add('minimum', 'min');
  add('maximum', 'max');
  add('exclusiveMinimum', 'greater than');
  add('exclusiveMaximum', 'less than');
  add('pattern', 'pattern');
  add('format', 'format');
  add('default', 'default');
  return notes;
}

/** Flattens an object schema: nested unnamed objects become `parent.child`, arrays `list[].field`. */
export function outlineSchema(schema: JsonSchema, prefix = '', depth = 0): OutlineRow[] {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (!properties) return [];
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const rows: OutlineRow[] = [];
  for (const [name, property] of Object.entries(properties)) {
    const path = prefix ? `${prefix}.${name}` : name;
    rows.push({
      path,
      depth,
      type: typeLabel(property),
      required: required.has(name),
      notes: notesOf(property),
      description: typeof property.description === 'string' ? property.description : null,
    });
    if (depth + 1 >= MAX_DEPTH) continue;
    for (const nested of nestedObjects(property))
      rows.push(...outlineSchema(nested.schema, `${path}${nested.suffix}`, depth + 1));
  }
  return rows;
}

/** Inline (not referenced) object schemas under a property: itself, array items, union members. */
function nestedObjects(schema: JsonSchema): { schema: JsonSchema; suffix: string }[] {
  if (schema.properties) return [{ schema, suffix: '' }];
  const items = schema.items as JsonSchema | undefined;
  if (items?.properties) return [{ schema: items, suffix: '[]' }];
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  return Array.isArray(union) ? union.flatMap(nestedObjects) : [];
}
