// Intuit's QuickBooks Online data model (../shared/reference/provider-contracts/quickbooks/: the
// XSD of Intuit's Java SDK, Finance.xsd and Report.xsd with their base types) as a checker for
// tests: the field names a JSON payload may use for a type are its elements and attributes,
// inherited ones included (an extension's base, a group's members); a type with simple content
// carries its text as `value` (a ReferenceType is `{ "value": …, "name": … }` in JSON).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseXml, type XmlElement } from '../helpers/xml-parse.ts';
import { PROVIDER_CONTRACTS } from './xero-openapi.ts';

/** A member's type: a named type, an inline definition, or null for simple content. */
type Member = string | XmlElement | null;

const localName = (qualified: string | undefined) => qualified?.split(':').at(-1);

function load(file: string): XmlElement {
  const text = readFileSync(join(PROVIDER_CONTRACTS, 'quickbooks', file), 'utf8');
  return parseXml(text.replace(/^\uFEFF/, ''));
}

export function loadQuickBooksSchema() {
  const types = new Map<string, XmlElement>();
  const groups = new Map<string, XmlElement>();
  for (const file of ['IntuitBaseTypes.xsd', 'IntuitNamesTypes.xsd', 'Finance.xsd', 'Report.xsd']) {
    for (const node of load(file).children) {
      const name = node.attributes.name;
      if (!name) continue;
      if (node.local === 'complexType') types.set(name, node);
      if (node.local === 'group') groups.set(name, node);
    }
  }
  const cache = new Map<XmlElement, Map<string, Member>>();

  function collect(node: XmlElement, into: Map<string, Member>) {
    for (const child of node.children) {
      switch (child.local) {
        case 'element': {
          if (!child.attributes.name) break;
          const inline = child.children.find((entry) => entry.local === 'complexType');
          const type = localName(child.attributes.type);
          into.set(child.attributes.name, inline ?? (type && types.has(type) ? type : null));
          break;
        }
        case 'attribute':
          if (child.attributes.name) into.set(child.attributes.name, null);
          break;
        case 'group': {
          const group = groups.get(localName(child.attributes.ref) ?? '');
          if (group) collect(group, into);
          break;
        }
        case 'extension':
        case 'restriction': {
          const base = types.get(localName(child.attributes.base) ?? '');
          if (base) for (const [key, value] of membersOf(base)) into.set(key, value);
          else if (node.local === 'simpleContent') into.set('value', null);
          collect(child, into);
          break;
        }
        case 'annotation':
          break;
        default:
          collect(child, into);
      }
    }
  }

  function membersOf(definition: XmlElement): Map<string, Member> {
    let members = cache.get(definition);
    if (!members) {
      members = new Map();
      cache.set(definition, members);
      collect(definition, members);
    }
    return members;
  }

  const definitionOf = (type: string | XmlElement) => {
    const definition = typeof type === 'string' ? types.get(type) : type;
    if (!definition) throw new Error(`${String(type)} is not a complex type of the QuickBooks XSD`);
    return definition;
  };

  /** Paths in `value` whose field the type does not define; [] when every name is Intuit's. */
  function unknownFields(type: string | XmlElement, value: unknown, path = ''): string[] {
    if (Array.isArray(value))
      return value.flatMap((item, index) => unknownFields(type, item, `${path}[${index}]`));
    if (!value || typeof value !== 'object') return [];
    const members = membersOf(definitionOf(type));
    return Object.entries(value).flatMap(([key, field]) => {
      if (!members.has(key)) return [`${path}.${key}`];
      const member = members.get(key);
      return member ? unknownFields(member, field, `${path}.${key}`) : [];
    });
  }

  return {
    unknownFields,
    /** The field names of a type (its elements and attributes, inherited ones included). */
    fieldsOf: (type: string) => [...membersOf(definitionOf(type)).keys()],
    hasType: (type: string) => types.has(type),
  };
}
