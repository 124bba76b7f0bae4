// The EFRAG VSME taxonomy as the taxonomy checks read it (issue 18): the 2024-12-17 schema and
// definition linkbase mirrored in ../shared/reference/vsme-taxonomy/cache/, and EFRAG's published
// concept summaries ../shared/reference/vsme-taxonomy/efrag-json/vsme-<version>.json (EFRAG-EU/
// Digital-Template-to-XBRL-Converter, src/mireport/data/taxonomies; see that folder's README.md).
// Names are compared as expanded names {namespace}local, never by prefix: the schema writes the
// 2022 DTR types as `dtr1:`, the summaries as `dtr-types-2022:`.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { allElements, parseXml, type XmlElement } from './xml-parse.ts';

/** The repository sits at /work/<x>/ beside /work/shared (as inline-schema.test.ts finds the script). */
export const VSME_REFERENCE = join(import.meta.dir, '../../../shared/reference/vsme-taxonomy');
export const hasVsmeReference = existsSync(join(VSME_REFERENCE, 'efrag-json'));
const SCHEMA_2024 = join(VSME_REFERENCE, 'cache/https/xbrl.efrag.org/taxonomy/vsme/2024-12-17');

export const XBRLDT = 'http://xbrl.org/2005/xbrldt';
const DIM_ARC = 'http://xbrl.org/int/dim/arcrole/';

/** '{namespace}local' of a prefixed name, with the prefixes in scope. */
export function expandName(qname: string, scope: Record<string, string>): string {
  const colon = qname.indexOf(':');
  const prefix = colon < 0 ? '' : qname.slice(0, colon);
  const namespace = scope[prefix];
  if (namespace === undefined) throw new Error(`Undeclared prefix in ${qname}`);
  return `{${namespace}}${qname.slice(colon + 1)}`;
}

export interface SchemaElement {
  name: string;
  /** Expanded name of the data type. */
  type: string;
  periodType: string | undefined;
  abstract: boolean;
  /** Expanded name of the substitution group. */
  substitutionGroup: string;
  id: string;
  attributes: Record<string, string>;
  scope: Record<string, string>;
}

/** Every global xsd:element of the 2024-12-17 vsme-all.xsd, by local name. */
export function schemaElements2024(): Map<string, SchemaElement> {
  const root = parseXml(readFileSync(join(SCHEMA_2024, 'vsme-all.xsd'), 'utf8'));
  const elements = root.children.filter((child) => child.local === 'element');
  return new Map(
    elements.map((element) => {
      const a = element.attributes;
      return [
        a.name!,
        {
          name: a.name!,
          type: a.type ? expandName(a.type, element.scope) : '',
          periodType: a['xbrli:periodType'],
          abstract: a.abstract === 'true',
          substitutionGroup: a.substitutionGroup ? expandName(a.substitutionGroup, element.scope) : '',
          id: a.id!,
          attributes: a,
          scope: element.scope,
        },
      ];
    }),
  );
}

export interface DefinitionArc {
  role: string;
  /** Last segment of the arcrole ('all', 'dimension-domain', 'domain-member', …). */
  arcrole: string;
  /** Local names of the concepts (the schema ids are vsme_<name>). */
  from: string;
  to: string;
  attributes: Record<string, string>;
}

/** The dimensional arcs of the 2024-12-17 definition linkbase, one per arc, with their link role. */
export function definitionArcs2024(): DefinitionArc[] {
  const root = parseXml(readFileSync(join(SCHEMA_2024, 'vsme-definition.xml'), 'utf8'));
  return root.children
    .filter((link) => link.local === 'definitionLink')
    .flatMap((link) => {
      const labels = new Map<string, string>();
      for (const loc of link.children.filter((child) => child.local === 'loc')) {
        const fragment = loc.attributes['xlink:href']!.split('#')[1]!;
        labels.set(loc.attributes['xlink:label']!, fragment.replace(/^[a-z-]+_/, ''));
      }
      return link.children
        .filter((child) => child.local === 'definitionArc')
        .filter((arc) => arc.attributes['xlink:arcrole']!.startsWith(DIM_ARC))
        .map((arc) => ({
          role: link.attributes['xlink:role']!,
          arcrole: arc.attributes['xlink:arcrole']!.slice(DIM_ARC.length),
          from: labels.get(arc.attributes['xlink:from']!)!,
          to: labels.get(arc.attributes['xlink:to']!)!,
          attributes: arc.attributes,
        }));
    });
}

/** Members reachable from `head` by domain-member arcs in `role` (not the head itself). */
export function domainMembers(arcs: DefinitionArc[], role: string, head: string): Set<string> {
  const found = new Set<string>();
  const queue = [head];
  while (queue.length > 0) {
    const from = queue.shift()!;
    for (const arc of arcs) {
      if (arc.role === role && arc.arcrole === 'domain-member' && arc.from === from && !found.has(arc.to)) {
        found.add(arc.to);
        queue.push(arc.to);
      }
    }
  }
  return found;
}

export interface EfragConcept {
  abstract?: boolean;
  dimension?: boolean;
  hypercube?: boolean;
  numeric?: boolean;
  nillable?: boolean;
  dataType: string;
  periodType: string;
  labels?: Record<string, Record<string, string>>;
  other?: { ee20DomainMembers?: string[] };
}

export interface EfragHypercube {
  explicitDimensions?: Record<string, string[]>;
  typedDimensions?: string[];
  primaryItems: [number, string][];
  'xbrldt:closed'?: boolean;
}

export interface EfragTaxonomy {
  entryPoint: string;
  namespaces: Record<string, string>;
  concepts: Record<string, EfragConcept>;
  /** '_defaults' (axis → default member), then link role → hypercube → its dimensions. */
  dimensions: Record<string, Record<string, string> | Record<string, EfragHypercube>>;
}

export function efragTaxonomy(version: string): EfragTaxonomy {
  return JSON.parse(readFileSync(join(VSME_REFERENCE, `efrag-json/vsme-${version}.json`), 'utf8'));
}

/** The English standard label of an EFRAG summary concept. */
export function efragLabel(concept: EfragConcept): string | undefined {
  return concept.labels?.en?.['http://www.xbrl.org/2003/role/label'];
}

/** The hypercubes of the summary, each with its link role. */
export function efragHypercubes(taxonomy: EfragTaxonomy): { role: string; cube: EfragHypercube }[] {
  return Object.entries(taxonomy.dimensions)
    .filter(([role]) => role !== '_defaults')
    .flatMap(([role, cubes]) =>
      Object.values(cubes as Record<string, EfragHypercube>).map((cube) => ({ role, cube })),
    );
}

export function efragDefaults(taxonomy: EfragTaxonomy): Record<string, string> {
  return taxonomy.dimensions._defaults as Record<string, string>;
}

/** Parses a document (for the checks that read rendered output). */
export function elementsOf(xml: string): XmlElement[] {
  return allElements(parseXml(xml));
}
