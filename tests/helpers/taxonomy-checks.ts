// Checks of what a report tags against the VSME taxonomy (issue 18): each returns a list of
// problems in words, empty when all is well, so a test can show them and a test can prove the
// check fails on a drifted table or document. Reference data: vsme-reference.ts.
import type { ConceptTable } from '../../src/domain/reports/xbrl/taxonomy-types.ts';
import {
  type DefinitionArc,
  definitionArcs2024,
  type EfragTaxonomy,
  efragLabel,
  efragTaxonomy,
  elementsOf,
  expandName,
  type SchemaElement,
  schemaElements2024,
} from './vsme-reference.ts';
import { allElements, type XmlElement } from './xml-parse.ts';

const XBRLI = 'http://www.xbrl.org/2003/instance';
const IX = 'http://www.xbrl.org/2013/inlineXBRL';

export interface VersionReference {
  version: string;
  namespace: string;
  efrag: EfragTaxonomy;
  /** 2024-12-17 only: the schema and definition linkbase of the mirrored taxonomy. */
  schema: Map<string, SchemaElement> | null;
  arcs: DefinitionArc[] | null;
}

export function versionReference(version: string): VersionReference {
  const efrag = efragTaxonomy(version);
  const mirrored = version === '2024-12-17';
  return {
    version,
    namespace: efrag.namespaces.vsme!,
    efrag,
    schema: mirrored ? schemaElements2024() : null,
    arcs: mirrored ? definitionArcs2024() : null,
  };
}

const efragExpand = (reference: VersionReference, qname: string) =>
  expandName(qname, reference.efrag.namespaces);

/**
 * A concept table row against the version's schema (2024-12-17) and EFRAG's summary: same set of
 * reportable concepts, and each row's data type (by namespace), period type and English label.
 * The table's prefixes are read with the summary's prefixes, or the schema's where it has them.
 */
export function conceptTableProblems(table: ConceptTable, reference: VersionReference): string[] {
  const problems: string[] = [];
  const prefixes = {
    ...reference.efrag.namespaces,
    ...(reference.schema?.values().next().value?.scope ?? {}),
  };
  const summary = Object.entries(reference.efrag.concepts).filter(
    ([key, concept]) => key.startsWith('vsme:') && !concept.abstract,
  );
  const names = new Set(table.map(([name]) => name));
  for (const [key] of summary) {
    if (!names.has(key.slice(5)))
      problems.push(`${key} is reportable in ${reference.version} but not in the table`);
  }
  for (const [name, dataType, periodType, , label] of table) {
    const concept = reference.efrag.concepts[`vsme:${name}`];
    if (!concept || concept.abstract) {
      problems.push(`${name} is not a reportable concept of ${reference.version}`);
      continue;
    }
    const type = expandName(dataType, prefixes);
    if (type !== efragExpand(reference, concept.dataType))
      problems.push(`${name}: data type ${dataType}, EFRAG lists ${concept.dataType}`);
    if (periodType !== concept.periodType)
      problems.push(`${name}: period type ${periodType}, EFRAG lists ${concept.periodType}`);
    if (label !== efragLabel(concept))
      problems.push(`${name}: label "${label}", EFRAG: "${efragLabel(concept)}"`);
    const element = reference.schema?.get(name);
    if (reference.schema && !element) problems.push(`${name} is not declared in vsme-all.xsd`);
    if (element) {
      if (element.abstract || element.substitutionGroup !== `{${XBRLI}}item`)
        problems.push(`${name} is not a reportable item in vsme-all.xsd`);
      if (element.type !== type)
        problems.push(`${name}: data type ${dataType}, the schema has ${element.type}`);
      if (element.periodType !== periodType)
        problems.push(`${name}: period type ${periodType}, the schema has ${element.periodType}`);
    }
  }
  return problems;
}

export interface TaggedFact {
  /** Where the fact was read, for messages. */
  where: string;
  concept: string;
  period: 'instant' | 'duration';
  unit: { numerator: string[]; denominator: string[] } | null;
  dimensions: [dimension: string, member: string][];
  value: string;
  /** xsi:nil="true": reported as not recorded (decision 086). */
  nil: boolean;
  /** The decimals attribute, when there is one. */
  decimals: string | undefined;
}

/** The facts of an Inline XBRL document or an XBRL 2.1 instance, with their contexts and units. */
export function taggedFacts(xml: string, where: string): TaggedFact[] {
  const elements = elementsOf(xml);
  const byId = (localName: string) =>
    new Map(
      elements
        .filter((e) => e.namespace === XBRLI && e.local === localName)
        .map((e) => [e.attributes.id!, e] as const),
    );
  const contexts = byId('context');
  const units = byId('unit');
  const measures = (parent: XmlElement | undefined) =>
    (parent?.children ?? [])
      .filter((child) => child.local === 'measure')
      .map((measure) => expandName(measure.text.trim(), measure.scope));
  const part = (parent: XmlElement, name: string) => parent.children.find((child) => child.local === name);
  const isFact = (e: XmlElement) =>
    e.namespace === IX
      ? e.local === 'nonFraction' || e.local === 'nonNumeric'
      : e.attributes.contextRef !== undefined && !e.name.startsWith('ix:');
  return elements.filter(isFact).map((e) => {
    const context = contexts.get(e.attributes.contextRef!)!;
    const all = allElements(context);
    const unit = e.attributes.unitRef ? units.get(e.attributes.unitRef)! : null;
    const divide = unit ? part(unit, 'divide') : undefined;
    return {
      where: `${where} ${e.attributes.id}`,
      concept: expandName(e.namespace === IX ? e.attributes.name! : e.name, e.scope),
      period: all.some((c) => c.local === 'instant') ? 'instant' : 'duration',
      unit: !unit
        ? null
        : divide
          ? {
              numerator: measures(part(divide, 'unitNumerator')),
              denominator: measures(part(divide, 'unitDenominator')),
            }
          : { numerator: measures(unit), denominator: [] },
      dimensions: all
        .filter((c) => c.local === 'explicitMember')
        .map((m) => [expandName(m.attributes.dimension!, m.scope), expandName(m.text.trim(), m.scope)]),
      value: e.text.trim(),
      nil: e.attributes['xsi:nil'] === 'true',
      decimals: e.attributes.decimals,
    };
  });
}
