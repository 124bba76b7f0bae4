// The esgp extension taxonomy (decision 056): a well-formed XML Schema that compiles with xmllint
// against the real XBRL 2.1 schemas (../shared/reference/xbrl-schemas) and offline stand-ins for
// the DTR types and XBRL Dimensions (tests/fixtures/xbrl-stand-ins/README.md); a schema-valid fact
// of ours passes it and an out-of-range typed dimension value fails it; every esgp fact of the
// fixture companies' xBRL-JSON matches the schema (concept, type, period type, unit, dimension);
// the xBRL-JSON names the schema and the report package carries it where its catalog says.
import { describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { efragTaxonomy, hasVsmeReference } from '../../../../tests/helpers/vsme-reference.ts';
import { allElements, parseXml } from '../../../../tests/helpers/xml-parse.ts';
import { ukSecrBakery, usCompany } from '../fixture-companies.ts';
import { demoSnapshot } from '../fixtures.ts';
import { ESGP_CONCEPTS, ESGP_TYPED_DIMENSIONS, esgpConceptRow } from './concepts-esgp.ts';
import {
  DTR_TYPES,
  ESGP_SCHEMA_URL,
  renderCatalogXml,
  renderEsgpLabels,
  renderEsgpSchema,
  renderTaxonomyPackageXml,
} from './esgp-taxonomy.ts';
import { esgpFacts } from './facts-esgp.ts';
import { NAMESPACES } from './units.ts';
import { buildXbrlJson, renderXbrlForFramework, XBRL_JSON_DOCUMENT_TYPE } from './xbrl-json.ts';

const SCHEMAS = join(import.meta.dir, '../../../../../shared/reference/xbrl-schemas');
const STAND_INS = join(import.meta.dir, '../../../../tests/fixtures/xbrl-stand-ins');
const XMLLINT = '/usr/bin/xmllint';
const canRun = existsSync(XMLLINT) && existsSync(SCHEMAS);
const IXBRL_XBRL = join(SCHEMAS, 'www.xbrl.org/2013/inlineXBRL/xbrl');

/** xmllint, offline, with the XBRL 2.1 schemas and stand-ins behind the public URLs. */
function xmllint(files: Record<string, string>, args: (folder: string) => string[]) {
  const folder = mkdtempSync(join(tmpdir(), 'esgp-taxonomy-'));
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
    const rewrite = (url: string, path: string) =>
      `<rewriteSystem systemIdStartString="${url}" rewritePrefix="${path}"/><rewriteURI uriStartString="${url}" rewritePrefix="${path}"/>`;
    writeFileSync(
      join(folder, 'catalog.xml'),
      `<?xml version="1.0"?><catalog xmlns="urn:oasis:names:tc:entity:xmlns:xml:catalog">${[
        rewrite(
          'http://www.xbrl.org/2003/xbrl-instance-2003-12-31.xsd',
          join(IXBRL_XBRL, 'xbrl-instance-2003-12-31-ixmod.xsd'),
        ),
        rewrite(
          'http://www.xbrl.org/2003/xbrl-linkbase-2003-12-31.xsd',
          join(IXBRL_XBRL, 'xbrl-linkbase-2003-12-31-ixmod.xsd'),
        ),
        rewrite('http://www.xbrl.org/2005/xbrldt-2005.xsd', join(STAND_INS, 'xbrldt-2005.xsd')),
        rewrite(DTR_TYPES.location, join(STAND_INS, 'dtr-types-2024-01-31.xsd')),
      ].join('')}<nextCatalog catalog="${join(SCHEMAS, 'catalog.xml')}"/></catalog>`,
    );
    const run = Bun.spawnSync([XMLLINT, '--noout', '--nonet', ...args(folder)], {
      env: { ...process.env, XML_CATALOG_FILES: join(folder, 'catalog.xml') },
    });
    return { code: run.exitCode, output: `${run.stdout.toString()}${run.stderr.toString()}` };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const fact = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${body.replace('>', ` xmlns:esgp="${NAMESPACES.esgp}">`)}\n`;

describe.skipIf(!canRun)('the esgp extension schema with xmllint', () => {
  test('is well-formed XML, and the label linkbase is valid against the XBRL 2.1 linkbase schema', () => {
    expect(xmllint({ 'esgp.xsd': renderEsgpSchema() }, (f) => [join(f, 'esgp.xsd')]).code).toBe(0);
    const labels = xmllint({ 'esgp-label.xml': renderEsgpLabels() }, (f) => [
      '--schema',
      join(IXBRL_XBRL, 'xbrl-linkbase-2003-12-31-ixmod.xsd'),
      join(f, 'esgp-label.xml'),
    ]);
    expect(labels.output).toContain('validates');
    expect(labels.code).toBe(0);
  });

  test('compiles as an XML Schema, accepts our facts and refuses a scope 3 category outside 1 to 15', () => {
    const run = (name: string, xml: string) =>
      xmllint({ 'esgp.xsd': renderEsgpSchema(), [name]: xml }, (f) => [
        '--schema',
        join(f, 'esgp.xsd'),
        join(f, name),
      ]);
    const revenue = run(
      'revenue.xml',
      fact('<esgp:Revenue contextRef="c1" unitRef="u1" decimals="0">3200000</esgp:Revenue>'),
    );
    expect(revenue.output).not.toContain('failed to compile');
    expect(revenue.output).toContain('validates');
    expect(run('category.xml', fact('<esgp:Scope3CategoryDomain>15</esgp:Scope3CategoryDomain>')).code).toBe(
      0,
    );
    const outside = run('outside.xml', fact('<esgp:Scope3CategoryDomain>16</esgp:Scope3CategoryDomain>'));
    expect(outside.code).not.toBe(0);
    expect(outside.output).toContain('maxInclusive');
    const words = run(
      'words.xml',
      fact('<esgp:Revenue contextRef="c1" unitRef="u1" decimals="0">a lot</esgp:Revenue>'),
    );
    expect(words.code).not.toBe(0);
    expect(words.output).toContain('is not a valid value');
  });
});

describe('the esgp extension schema and the facts', () => {
  const schema = allElements(parseXml(renderEsgpSchema()));
  const declared = new Map(
    schema
      .filter((e) => e.local === 'element' && e.attributes.name)
      .map((e) => [e.attributes.name!, e.attributes]),
  );

  test('declares every concept of the table with its type and period type, and the typed axes', () => {
    for (const [name, dataType, periodType] of ESGP_CONCEPTS) {
      expect(declared.get(name)).toMatchObject({
        type: dataType,
        'xbrli:periodType': periodType,
        substitutionGroup: 'xbrli:item',
      });
    }
    for (const dimension of ESGP_TYPED_DIMENSIONS) {
      expect(declared.get(dimension.axis)).toMatchObject({
        substitutionGroup: 'xbrldt:dimensionItem',
        'xbrldt:typedDomainRef': `#esgp_${dimension.domain}`,
      });
      expect(declared.get(dimension.domain)).toBeDefined();
    }
  });

  test.skipIf(!hasVsmeReference)(
    'uses only DTR types that EFRAG’s VSME 2026-05-01 uses from the same namespace',
    () => {
      const efrag = efragTaxonomy('2026-05-01');
      const used = new Set(Object.values(efrag.concepts).map((concept) => concept.dataType));
      expect(efrag.namespaces['dtr-types']).toBe(DTR_TYPES.namespace);
      for (const [, dataType] of ESGP_CONCEPTS.filter(([, type]) => type.startsWith('dtr-types:'))) {
        expect(used).toContain(dataType);
      }
    },
  );

  test('every esgp fact of the fixture companies is a declared concept with a matching type, period and unit', () => {
    const rows = new Map(ESGP_CONCEPTS.map((row) => [row[0], row]));
    const axes = new Set(ESGP_TYPED_DIMENSIONS.map((dimension) => `esgp:${dimension.axis}`));
    const snapshots = [
      ukSecrBakery(),
      usCompany(),
      demoSnapshot({ framework: 'secr', jurisdiction: 'SECR' }),
    ];
    const facts = snapshots.flatMap((snapshot) => esgpFacts(snapshot).facts);
    expect(new Set(facts.map((f) => f.concept)).size).toBeGreaterThan(20);
    for (const f of facts) {
      const row = rows.get(f.concept)!;
      expect(row).toBeDefined();
      expect(`${row[1].split(':')[1]} ${row[2]}`).toBe(`${f.dataType} ${f.periodType}`);
      const unitRule: Record<string, RegExp> = {
        ghgEmissionsItemType: /^tCO2e$/,
        energyItemType: /^(kWh|MWh)$/,
        volumeItemType: /^m3$/,
        massItemType: /^t$/,
        monetaryItemType: /^[A-Z]{3}$/,
        ghgEmissionsPerMonetaryItemType: /^tCO2e\/[A-Z]{3}$/,
        decimalItemType: /^pure$/,
        pureItemType: /^pure$/,
      };
      if (f.unit === null) expect(['stringItemType', 'textBlockItemType']).toContain(f.dataType);
      else expect(f.unit).toMatch(unitRule[f.dataType]!);
      for (const axis of Object.keys(f.dimensions ?? {})) expect(axes).toContain(axis);
    }
  });

  test('refuses a fact whose concept, data type or period type the table does not declare', () => {
    expect(esgpConceptRow('Scope1Emissions', 'ghgEmissionsItemType', 'duration')[0]).toBe('Scope1Emissions');
    expect(() => esgpConceptRow('Scope1Emissions', 'energyItemType', 'duration')).toThrow(
      'esgp:Scope1Emissions',
    );
    expect(() => esgpConceptRow('Scope1Emissions', 'ghgEmissionsItemType', 'instant')).toThrow();
    expect(() => esgpConceptRow('Scope4Emissions', 'ghgEmissionsItemType', 'duration')).toThrow();
  });
});

describe('xBRL-JSON (OIM) with the extension taxonomy', () => {
  test('documentInfo names the OIM document type, the schema, and declares every prefix it uses', () => {
    for (const snapshot of [ukSecrBakery(), usCompany()]) {
      const document = buildXbrlJson(snapshot);
      const { documentInfo } = document;
      expect(documentInfo.documentType).toBe(XBRL_JSON_DOCUMENT_TYPE);
      expect(documentInfo.taxonomy).toEqual([ESGP_SCHEMA_URL]);
      expect(documentInfo.namespaces.xbrl).toBe('https://xbrl.org/2021');
      const prefixes = new Set<string>();
      const addPrefix = (qname: string) => {
        if (qname.includes(':')) prefixes.add(qname.split(':')[0]!);
      };
      for (const key of Object.keys(documentInfo)) addPrefix(key);
      for (const fact of Object.values(document.facts)) {
        for (const [dimension, value] of Object.entries(fact.dimensions)) {
          addPrefix(dimension);
          if (dimension === 'concept' || dimension === 'entity') addPrefix(value);
          if (dimension === 'unit') for (const measure of value.split(/[*/]/)) addPrefix(measure);
        }
      }
      for (const prefix of prefixes) expect(Object.keys(documentInfo.namespaces)).toContain(prefix);
    }
  });

  test('the report package carries the schema, labels and catalog where the xBRL-JSON finds them', async () => {
    const snapshot = ukSecrBakery();
    const files = unzipSync((await renderXbrlForFramework(snapshot)).bytes);
    const top = `report-${snapshot.report.id}`;
    const text = (path: string) => new TextDecoder().decode(files[`${top}/${path}`]);
    expect(JSON.parse(text('META-INF/reportPackage.json')).documentInfo.documentType).toBe(
      'https://xbrl.org/report-package/2023',
    );
    expect(JSON.parse(text(`reports/${top}.json`)).documentInfo.taxonomy).toEqual([ESGP_SCHEMA_URL]);
    expect(text('META-INF/catalog.xml')).toBe(renderCatalogXml());
    expect(text('META-INF/taxonomyPackage.xml')).toBe(renderTaxonomyPackageXml('2026-01-15'));
    // The catalog maps the schema's URL folder to ../taxonomy/ (relative to META-INF/).
    const rewrite = parseXml(renderCatalogXml()).children[0]!.attributes;
    expect(ESGP_SCHEMA_URL.startsWith(rewrite.uriStartString!)).toBe(true);
    const packaged = `${rewrite.rewritePrefix!.replace('../', '')}${ESGP_SCHEMA_URL.slice(rewrite.uriStartString!.length)}`;
    expect(text(packaged)).toBe(renderEsgpSchema());
    expect(text('taxonomy/esgp-label.xml')).toBe(renderEsgpLabels());
  });
});
