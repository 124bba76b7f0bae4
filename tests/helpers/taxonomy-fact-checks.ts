// A tagged fact against the VSME taxonomy of its version (issue 18): the concept is reportable,
// the context's period is the concept's period type, the unit is one its data type allows, an
// enumeration value is a member of its domain, a nil fact's concept is nillable, and every dimension and member is declared, the
// member belongs to the dimension's domain, and the fact is valid in one of the concept's
// hypercubes (an axis left out must have a default). Problems in words; empty when all is well.
import type { TaggedFact, VersionReference } from './taxonomy-checks.ts';
import { domainMembers, efragDefaults, efragHypercubes, expandName, XBRLDT } from './vsme-reference.ts';

const ISO4217 = 'http://www.xbrl.org/2003/iso4217';
const UTR = 'http://www.xbrl.org/2009/utr';
const XBRLI = 'http://www.xbrl.org/2003/instance';
const ENUM2 = 'http://xbrl.org/2020/extensible-enumerations-2.0';

// Units each numeric data type accepts. monetaryItemType: one ISO 4217 currency (XBRL 2.1
// §4.8.2). DTR types: entries of the Units Registry (https://www.xbrl.org/utr/utr.xml) for that
// item type, narrowed to the ones a report of ours can carry. Intensities: tCO2e over a currency,
// EFRAG's measurement guidance on the four VSME intensity concepts. Counts and decimals: pure.
const utr = (...units: string[]) => units.map((unit) => `{${UTR}}${unit}`);
const SIMPLE_UNITS: Record<string, string[]> = {
  ghgEmissionsItemType: utr('tCO2e'),
  energyItemType: utr('kWh', 'MWh', 'GJ'),
  volumeItemType: utr('m3'),
  massItemType: utr('t', 'kg'),
  areaItemType: utr('m2', 'ha'),
  decimalItemType: [`{${XBRLI}}pure`],
  pureItemType: [`{${XBRLI}}pure`],
  percentItemType: [`{${XBRLI}}pure`],
};
const isCurrency = (measure: string | undefined) =>
  measure !== undefined && new RegExp(`^\\{${ISO4217}\\}[A-Z]{3}$`).test(measure);

function unitProblem(typeLocal: string, unit: TaggedFact['unit']): string | null {
  if (!unit) return 'a numeric fact without a unit';
  const { numerator, denominator } = unit;
  const show = `${numerator.join('*')}${denominator.length ? `/${denominator.join('*')}` : ''}`;
  if (typeLocal === 'monetaryItemType')
    return numerator.length === 1 && denominator.length === 0 && isCurrency(numerator[0])
      ? null
      : `monetary in ${show}`;
  if (typeLocal === 'ghgEmissionsPerMonetaryItemType')
    return numerator.length === 1 &&
      SIMPLE_UNITS.ghgEmissionsItemType!.includes(numerator[0]!) &&
      denominator.length === 1 &&
      isCurrency(denominator[0])
      ? null
      : `intensity in ${show}`;
  const allowed = SIMPLE_UNITS[typeLocal];
  if (!allowed) return `no unit rule for data type ${typeLocal}: add one from the Units Registry`;
  return numerator.length === 1 && denominator.length === 0 && allowed.includes(numerator[0]!)
    ? null
    : `${typeLocal} in ${show}`;
}

function enumerationProblem(fact: TaggedFact, name: string, reference: VersionReference): string | null {
  const members = reference.efrag.concepts[`vsme:${name}`]?.other?.ee20DomainMembers ?? [];
  const [namespace, member] = fact.value.split('#');
  const expanded = `{${namespace}}${member}`;
  if (!members.map((m) => expandName(m, reference.efrag.namespaces)).includes(expanded))
    return `enumeration value ${fact.value} is not in EFRAG's domain (${members.join(', ')})`;
  const element = reference.schema?.get(name);
  if (element && reference.arcs) {
    const linkrole = element.attributes['enum2:linkrole']!;
    const head = element.attributes['enum2:domain']!.split(':')[1]!;
    const allowed = domainMembers(reference.arcs, linkrole, head);
    if (element.attributes['enum2:headUsable'] === 'true') allowed.add(head);
    if (namespace !== reference.namespace || !allowed.has(member!))
      return `enumeration value ${member} is not a member of ${head} in ${linkrole}`;
  }
  return null;
}

/** Declared in the schema, and a domain member of the dimension in the definition linkbase. */
function dimensionDeclarationProblems(
  dimension: string,
  member: string,
  reference: VersionReference,
): string[] {
  if (!reference.schema || !reference.arcs) return [];
  const problems: string[] = [];
  const element = reference.schema.get(dimension);
  if (element?.substitutionGroup !== `{${XBRLDT}}dimensionItem`)
    problems.push(`${dimension} is not declared as a dimension in vsme-all.xsd`);
  if (!reference.schema.get(member)) problems.push(`${member} is not declared in vsme-all.xsd`);
  const heads = reference.arcs.filter((arc) => arc.arcrole === 'dimension-domain' && arc.from === dimension);
  const inDomain = heads.some(
    (head) => head.to === member || domainMembers(reference.arcs!, head.role, head.to).has(member),
  );
  if (!inDomain) problems.push(`${member} is not a domain member of ${dimension} in vsme-definition.xml`);
  return problems;
}

/** XBRL Dimensions validity against EFRAG's hypercubes (role → closed table, primary items). */
function hypercubeProblem(fact: TaggedFact, name: string, reference: VersionReference): string | null {
  const key = `vsme:${name}`;
  const dims = new Map(
    fact.dimensions.map(([d, m]) => [d.slice(d.indexOf('}') + 1), m.slice(m.indexOf('}') + 1)]),
  );
  const cubes = efragHypercubes(reference.efrag).filter(({ cube }) =>
    cube.primaryItems.some(([, item]) => item === key),
  );
  if (cubes.length === 0) return dims.size === 0 ? null : `dimensions on ${name}, which is in no hypercube`;
  const defaults = efragDefaults(reference.efrag);
  const valid = cubes.some(({ cube }) => {
    if (cube.typedDimensions?.length) return false;
    const axes = cube.explicitDimensions ?? {};
    for (const [axis, member] of dims) if (!axes[`vsme:${axis}`]?.includes(`vsme:${member}`)) return false;
    return Object.keys(axes).every((axis) => dims.has(axis.slice(5)) || defaults[axis] !== undefined);
  });
  return valid ? null : `${name} with ${JSON.stringify([...dims])} fits none of its hypercubes`;
}

export function factProblems(fact: TaggedFact, reference: VersionReference): string[] {
  const at = (problem: string) => `${fact.where}: ${problem}`;
  const prefix = `{${reference.namespace}}`;
  if (!fact.concept.startsWith(prefix)) return [at(`${fact.concept} is not in ${reference.namespace}`)];
  const name = fact.concept.slice(prefix.length);
  const concept = reference.efrag.concepts[`vsme:${name}`];
  if (!concept || concept.abstract || concept.dimension || concept.hypercube)
    return [at(`${name} is not a reportable concept of VSME ${reference.version}`)];
  const problems: string[] = [];
  if (reference.schema && !reference.schema.get(name))
    problems.push(`${name} is not declared in vsme-all.xsd`);
  if (fact.period !== concept.periodType)
    problems.push(`${name} is ${concept.periodType}, its context is ${fact.period}`);
  // A nil fact (decision 086) needs a nillable concept, no content and no decimals (XBRL 2.1 §4.6.3).
  const schemaNillable = reference.schema?.get(name)?.attributes.nillable;
  if (fact.nil && (!concept.nillable || (reference.schema && schemaNillable !== 'true')))
    problems.push(`${name} is reported nil but is not nillable`);
  if (fact.nil && (fact.value !== '' || fact.decimals !== undefined))
    problems.push(`${name} is nil but carries a value or decimals`);
  const type = expandName(concept.dataType, reference.efrag.namespaces);
  const typeLocal = type.slice(type.indexOf('}') + 1);
  if (concept.numeric) {
    const unit = unitProblem(typeLocal, fact.unit);
    if (unit) problems.push(`${name} (${typeLocal}): ${unit}`);
  } else if (fact.unit) problems.push(`${name} is not numeric but carries a unit`);
  if (type === `{${ENUM2}}enumerationItemType`) {
    const problem = enumerationProblem(fact, name, reference);
    if (problem) problems.push(`${name}: ${problem}`);
  }
  for (const [dimension, member] of fact.dimensions) {
    if (!dimension.startsWith(prefix) || !member.startsWith(prefix)) {
      problems.push(`${dimension} = ${member} is not in the VSME namespace`);
      continue;
    }
    const axis = dimension.slice(prefix.length);
    const value = member.slice(prefix.length);
    if (!reference.efrag.concepts[`vsme:${axis}`]?.dimension)
      problems.push(`${axis} is not an EFRAG dimension`);
    if (!reference.efrag.concepts[`vsme:${value}`]) problems.push(`${value} is not an EFRAG concept`);
    problems.push(...dimensionDeclarationProblems(axis, value, reference));
  }
  const cube = hypercubeProblem(fact, name, reference);
  if (cube) problems.push(cube);
  return problems.map(at);
}
