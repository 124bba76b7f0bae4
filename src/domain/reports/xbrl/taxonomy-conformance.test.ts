// Every concept, data type, period type, unit, enumeration value and dimension member the product
// tags, read from real outputs (Inline XBRL and XBRL 2.1 instance of several fixture companies,
// both taxonomy versions), checked against EFRAG's VSME taxonomy: the 2024-12-17 schema and
// definition linkbase mirrored in ../shared/reference/vsme-taxonomy/cache/, and EFRAG's published
// concept summaries for each version offered (efrag-json/). The concept tables are checked whole,
// so an entry that drifts from the taxonomy fails here (issue 18).
import { describe, expect, test } from 'bun:test';
import {
  conceptTableProblems,
  taggedFacts,
  versionReference,
} from '../../../../tests/helpers/taxonomy-checks.ts';
import { factProblems } from '../../../../tests/helpers/taxonomy-fact-checks.ts';
import {
  efragDefaults,
  efragHypercubes,
  hasVsmeReference,
} from '../../../../tests/helpers/vsme-reference.ts';
import { euVsmeManufacturer, everyVsmeIndicatorAnswered } from '../fixture-companies.ts';
import { demoSnapshot } from '../fixtures.ts';
import { scope3OnlySnapshot } from '../fixtures-provenance.ts';
import type { ReportSnapshot } from '../snapshot.ts';
import { VSME_2024_12_17_CONCEPTS } from './concepts-2024-12-17.ts';
import { VSME_2026_05_01_CONCEPTS } from './concepts-2026-05-01.ts';
import { renderInlineXhtml } from './inline-xbrl.ts';
import { renderXbrlInstanceText } from './instance.ts';
import { ROW_ONLY_CONCEPTS, type VsmeTaxonomyVersion, vsmeTaxonomy } from './taxonomy.ts';

const VERSIONS: VsmeTaxonomyVersion[] = ['2024-12-17', '2026-05-01'];
const TABLES = { '2024-12-17': VSME_2024_12_17_CONCEPTS, '2026-05-01': VSME_2026_05_01_CONCEPTS };
const references = hasVsmeReference
  ? Object.fromEntries(VERSIONS.map((version) => [version, versionReference(version)]))
  : {};

/** Fixture companies on one version: the demo bakery, the EU manufacturer, and checklist variants. */
function fixtures(version: VsmeTaxonomyVersion): Record<string, ReportSnapshot> {
  const answered = (value: string): ReportSnapshot => {
    const snapshot = euVsmeManufacturer(version);
    return { ...snapshot, checklist: { ...snapshot.checklist!, answers: everyVsmeIndicatorAnswered(value) } };
  };
  return {
    bakery: demoSnapshot({ taxonomyVersion: version }),
    manufacturer: euVsmeManufacturer(version),
    'answers yes': answered('Yes'),
    'answers 12': answered('12'),
    'answers in words': answered('We publish this on our website.'),
    // Scope 1 and 2 not recorded: nil facts, which need nillable concepts (decision 086).
    'scope 3 only': {
      ...scope3OnlySnapshot('csrd'),
      report: { ...scope3OnlySnapshot().report, taxonomyVersion: version },
    },
  };
}

function factsOf(version: VsmeTaxonomyVersion) {
  return Object.entries(fixtures(version)).flatMap(([name, snapshot]) => [
    ...taggedFacts(renderInlineXhtml(snapshot), `${name} (iXBRL ${version})`),
    ...taggedFacts(renderXbrlInstanceText(snapshot), `${name} (instance ${version})`),
  ]);
}

describe.skipIf(!hasVsmeReference)('VSME concept tables against the taxonomy', () => {
  for (const version of VERSIONS) {
    test(`the ${version} table is the version's reportable concepts, types, period types and labels`, () => {
      expect(conceptTableProblems(TABLES[version], references[version]!)).toEqual([]);
    });
  }

  test('the check is real: a drifted period type, type or label, or a missing concept fails it', () => {
    const [first, ...rest] = VSME_2024_12_17_CONCEPTS;
    const drifted = [[first![0], 'xbrli:decimalItemType', 'duration', first![3], 'Wrong'] as const, ...rest];
    const problems = conceptTableProblems(drifted, references['2024-12-17']!);
    expect(problems.join('\n')).toContain('period type duration, EFRAG lists instant');
    expect(problems.join('\n')).toContain('the schema has');
    expect(problems.join('\n')).toContain('label "Wrong"');
    expect(conceptTableProblems(rest, references['2024-12-17']!)).toContain(
      `vsme:${first![0]} is reportable in 2024-12-17 but not in the table`,
    );
  });

  test('the concepts never tagged outside a table row are exactly those no hypercube allows alone', () => {
    for (const version of VERSIONS) {
      const efrag = references[version]!.efrag;
      const defaults = efragDefaults(efrag);
      const cubes = efragHypercubes(efrag);
      const rowOnly = Object.keys(efrag.concepts).filter((key) => {
        const mine = cubes.filter(({ cube }) => cube.primaryItems.some(([, item]) => item === key));
        const alone = mine.some(
          ({ cube }) =>
            !cube.typedDimensions?.length &&
            Object.keys(cube.explicitDimensions ?? {}).every((axis) => defaults[axis] !== undefined),
        );
        return key.startsWith('vsme:') && !efrag.concepts[key]!.abstract && mine.length > 0 && !alone;
      });
      expect(rowOnly.map((key) => key.slice(5)).sort()).toEqual([...ROW_ONLY_CONCEPTS].sort());
    }
  });

  test('the entry points and namespaces are the ones EFRAG publishes', () => {
    for (const version of VERSIONS) {
      const taxonomy = vsmeTaxonomy(version);
      expect(taxonomy.entryPoint).toBe(references[version]!.efrag.entryPoint);
      expect(taxonomy.namespace).toBe(references[version]!.namespace);
    }
  });
});

describe.skipIf(!hasVsmeReference)('tagged facts of real outputs against the taxonomy', () => {
  for (const version of VERSIONS) {
    test(`every fact tagged on ${version} fits the taxonomy`, () => {
      const facts = factsOf(version);
      const problems = facts.flatMap((fact) => factProblems(fact, references[version]!));
      expect(problems).toEqual([]);
      // The outputs reach the dimensions, enumerations, currencies and checklist types.
      const concepts = new Set(facts.map((fact) => fact.concept.split('}')[1]));
      expect(facts.some((fact) => fact.dimensions.length > 0)).toBe(true);
      for (const name of ['BasisForPreparation', 'TypeOfNumberOfEmployees', 'Turnover', 'NumberOfEmployees'])
        expect(concepts).toContain(name);
      // Both employee bases (bakery: headcount, manufacturer: FTE) and both module options.
      const values = new Set(facts.map((fact) => fact.value.split('#')[1]));
      for (const member of ['HeadcountMember', 'Full-TimeEquivalentFTEMember'])
        expect(values).toContain(member);
      expect([...values].filter((value) => value?.includes('Module'))).toHaveLength(2);
      expect(facts.some((fact) => fact.nil)).toBe(true);
      expect(concepts.size).toBeGreaterThan(30);
    });
  }

  test('the check is real: a wrong period, unit, member or enumeration value fails it', () => {
    const reference = references['2026-05-01']!;
    const ns = `{${reference.namespace}}`;
    const facts = factsOf('2026-05-01');
    const find = (name: string, dimensioned = false) =>
      facts.find((fact) => fact.concept === `${ns}${name}` && fact.dimensions.length > 0 === dimensioned)!;
    const problems = (fact: (typeof facts)[number]) => factProblems(fact, reference).join('\n');
    const ghg = find('GrossScope1GreenhouseGasEmissions');
    expect(problems({ ...ghg, period: 'instant' })).toContain('is duration, its context is instant');
    expect(
      problems({ ...ghg, unit: { numerator: ['{http://www.xbrl.org/2009/utr}MWh'], denominator: [] } }),
    ).toContain('ghgEmissionsItemType in');
    const turnover = find('Turnover');
    expect(
      problems({
        ...turnover,
        unit: { numerator: ['{http://www.xbrl.org/2003/instance}pure'], denominator: [] },
      }),
    ).toContain('monetary in');
    const electricity = find('EnergyConsumptionFromElectricity', true);
    const axis = electricity.dimensions[0]![0];
    expect(problems({ ...electricity, dimensions: [[axis, `${ns}CurrentlyStatedMember`]] })).toContain(
      'fits none of its hypercubes',
    );
    expect(problems({ ...ghg, dimensions: [[axis, `${ns}RenewableEnergyMember`]] })).toContain('fits none');
    const nil = facts.find((fact) => fact.nil)!;
    expect(problems({ ...nil, decimals: '2' })).toContain('is nil but carries a value or decimals');
    const key = `vsme:${nil.concept.split('}')[1]}`;
    const notNillable = {
      ...reference,
      efrag: {
        ...reference.efrag,
        concepts: {
          ...reference.efrag.concepts,
          [key]: { ...reference.efrag.concepts[key]!, nillable: false },
        },
      },
    };
    expect(factProblems(nil, notNillable).join('\n')).toContain('is reported nil but is not nillable');
    const type = find('TypeOfNumberOfEmployees');
    expect(problems({ ...type, value: `${reference.namespace}#RenewableEnergyMember` })).toContain(
      'is not in EFRAG',
    );
    const on2024 = factsOf('2024-12-17').find((fact) => fact.dimensions.length > 0)!;
    const ns2024 = on2024.dimensions[0]![0].split('}')[0];
    expect(
      factProblems(
        { ...on2024, dimensions: [[on2024.dimensions[0]![0], `${ns2024}}TotalWasteGeneratedMass`]] },
        references['2024-12-17']!,
      ).join('\n'),
    ).toContain('is not a domain member of BreakdownOfEnergyConsumptionAxis in vsme-definition.xml');
  });
});
