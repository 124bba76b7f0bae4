import { describe, expect, test } from 'bun:test';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { allElements, parseXml, type XmlElement } from '../../../../tests/helpers/xml-parse.ts';
import { VSME_CONCEPTS } from '../../esg/vsme-concepts.ts';
import { FACTS_CSV_HEADER, parseFactsCsv, renderFactsCsv } from '../csv/render-csv.ts';
import { demoSnapshot } from '../fixtures.ts';
import type { ReportSnapshot } from '../snapshot.ts';
import { MissingEntityIdentifierError } from './entity.ts';
import { reportFacts } from './facts.ts';
import { REPORT_PACKAGE_DOCUMENT_TYPE, renderInlineXbrl, renderInlineXhtml } from './inline-xbrl.ts';
import { renderXbrlInstance, renderXbrlInstanceText } from './instance.ts';
import { formatLexical } from './numbers.ts';
import { renderXbrlInstance as renderXbrlExport } from './render-xbrl.ts';
import { vsmeTaxonomy } from './taxonomy.ts';
import { NAMESPACES } from './units.ts';
import { renderXbrlForFramework, renderXbrlJsonText } from './xbrl-json.ts';

const GOLDEN = join(import.meta.dir, '__golden__');
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const secr = () => demoSnapshot({ framework: 'secr', jurisdiction: 'SECR', format: 'xbrl' });

function golden(name: string, actual: string): void {
  const path = join(GOLDEN, name);
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(path)) writeFileSync(path, actual);
  expect(actual).toBe(readFileSync(path, 'utf8'));
}

const XBRLI = NAMESPACES.xbrli;
const IX = NAMESPACES.ix;

/** XBRL 2.1 / iXBRL 1.1 structure shared by both documents; returns the fact elements. */
function checkXbrlStructure(root: XmlElement, factElements: XmlElement[], snapshot: ReportSnapshot): void {
  const elements = allElements(root);
  const taxonomy = vsmeTaxonomy(snapshot.report.taxonomyVersion);
  const ids = elements.map((element) => element.attributes.id).filter((id): id is string => id !== undefined);
  expect(new Set(ids).size).toBe(ids.length);

  const schemaRefs = elements.filter(
    (element) => element.namespace === NAMESPACES.link && element.local === 'schemaRef',
  );
  expect(schemaRefs).toHaveLength(1);
  expect(schemaRefs[0]!.attributes['xlink:href']).toBe(taxonomy.entryPoint);
  expect(schemaRefs[0]!.attributes['xlink:type']).toBe('simple');

  const contexts = new Map(
    elements
      .filter((element) => element.namespace === XBRLI && element.local === 'context')
      .map((context) => [context.attributes.id!, context]),
  );
  const units = new Map(
    elements
      .filter((element) => element.namespace === XBRLI && element.local === 'unit')
      .map((unit) => [unit.attributes.id!, unit]),
  );
  for (const context of contexts.values()) {
    const identifier = allElements(context).find((element) => element.local === 'identifier')!;
    expect(identifier.attributes.scheme).toBe('http://standards.iso.org/iso/17442');
    expect(identifier.text).toBe('5493001KJTIIGC8Y1R12');
  }
  const measures = (unit: XmlElement) =>
    allElements(unit)
      .filter((element) => element.local === 'measure')
      .map((measure) => {
        const [prefix, local] = measure.text.split(':');
        return `{${measure.scope[prefix!]}}${local}`;
      });

  expect(factElements.length).toBe(reportFacts(snapshot).length);
  for (const fact of factElements) {
    const [prefix, local] = (fact.attributes.name ?? fact.name).split(':');
    expect(fact.scope[prefix!]).toBe(taxonomy.namespace);
    expect(VSME_CONCEPTS.has(local!)).toBe(true);
    const concept = taxonomy.concepts.get(local!)!;
    const context = contexts.get(fact.attributes.contextRef!);
    expect(context).toBeDefined();
    const period = allElements(context!).find((element) => element.local === 'period')!;
    const kinds = period.children.map((child) => child.local).sort();
    expect(kinds).toEqual(concept.periodType === 'instant' ? ['instant'] : ['endDate', 'startDate']);
    const numeric =
      fact.local === 'nonFraction' || (fact.namespace !== IX && fact.attributes.unitRef !== undefined);
    const type = concept.dataType.split(':')[1]!;
    if (numeric) {
      expect(fact.attributes.decimals).toMatch(/^-?\d+$/);
      const unit = units.get(fact.attributes.unitRef!);
      expect(unit).toBeDefined();
      const expected: Record<string, (m: string[]) => boolean> = {
        ghgEmissionsItemType: (m) => m.join() === `{${NAMESPACES.utr}}tCO2e`,
        energyItemType: (m) => m.join() === `{${NAMESPACES.utr}}MWh`,
        volumeItemType: (m) => m.join() === `{${NAMESPACES.utr}}m3`,
        massItemType: (m) => m.join() === `{${NAMESPACES.utr}}t`,
        monetaryItemType: (m) => m.length === 1 && m[0]!.startsWith(`{${NAMESPACES.iso4217}}`),
        decimalItemType: (m) => m.join() === `{${XBRLI}}pure`,
        ghgEmissionsPerMonetaryItemType: (m) =>
          m[0] === `{${NAMESPACES.utr}}tCO2e` && m[1]!.startsWith(`{${NAMESPACES.iso4217}}`),
      };
      expect({ local, ok: expected[type]?.(measures(unit!)) ?? false }).toEqual({ local, ok: true });
    } else {
      expect(fact.attributes.unitRef).toBeUndefined();
      expect(fact.attributes.decimals).toBeUndefined();
    }
  }
}

describe('Inline XBRL', () => {
  test('matches the golden file of the demo snapshot', () => {
    golden('demo-inline.xhtml', renderInlineXhtml(demoSnapshot()));
  });

  test('is well-formed XHTML with a hidden ix:header, schemaRef, contexts, units and resolvable facts', () => {
    const snapshot = demoSnapshot();
    const root = parseXml(renderInlineXhtml(snapshot));
    expect(root.namespace).toBe(NAMESPACES.xhtml);
    expect(root.local).toBe('html');
    for (const prefix of ['ix', 'ixt', 'xbrli', 'link', 'xlink', 'iso4217', 'utr', 'xbrldi', 'vsme'])
      expect(root.scope[prefix]).toBeDefined();
    const elements = allElements(root);
    const headers = elements.filter((element) => element.namespace === IX && element.local === 'header');
    expect(headers).toHaveLength(1);
    const hiddenDiv = elements.find(
      (element) => element.local === 'div' && element.children.includes(headers[0]!),
    )!;
    expect(hiddenDiv.attributes.style).toBe('display:none');
    // iXBRL 1.1 schema order inside ix:header: hidden?, references, resources.
    expect(headers[0]!.children.map((child) => child.local)).toEqual(['hidden', 'references', 'resources']);
    const facts = elements.filter(
      (element) =>
        element.namespace === IX && (element.local === 'nonFraction' || element.local === 'nonNumeric'),
    );
    for (const fact of facts.filter((element) => element.local === 'nonFraction')) {
      expect(fact.attributes.format).toBe('ixt:num-dot-decimal');
      expect(fact.attributes.scale).toBe('0');
      expect(fact.scope.ixt).toBe('http://www.xbrl.org/inlineXBRL/transformation/2020-02-12');
    }
    checkXbrlStructure(root, facts, snapshot);
  });

  test('displays each figure as the fact value rounded to its decimals', () => {
    const root = parseXml(renderInlineXhtml(demoSnapshot()));
    const byId = new Map(
      allElements(root)
        .filter((element) => element.attributes.id)
        .map((element) => [element.attributes.id!, element]),
    );
    for (const fact of reportFacts(demoSnapshot())) {
      const element = byId.get(fact.id)!;
      if (typeof fact.value === 'number')
        expect(element.text.replace(/,/g, '')).toBe(formatLexical(fact.value, fact.decimals!));
    }
  });

  test('escapes every company string', () => {
    const snapshot = demoSnapshot({ title: 'Report <&>"\' 2025' });
    snapshot.company.name = 'Crumb <&> "Co" \'Ltd\'';
    snapshot.company.sites[0]!.name = '</td><script>alert(1)</script>';
    const xhtml = renderInlineXhtml(snapshot);
    const root = parseXml(xhtml);
    expect(allElements(root).some((element) => element.local === 'script')).toBe(false);
    expect(root.text).toContain('Crumb <&> "Co" \'Ltd\'');
    expect(xhtml).toContain('Crumb &lt;&amp;&gt; &quot;Co&quot; &apos;Ltd&apos;');
  });

  test('is a report package zip with META-INF/reportPackage.json and the report under reports/', async () => {
    const snapshot = demoSnapshot();
    const rendered = await renderInlineXbrl(snapshot);
    const top = `report-${snapshot.report.id}`;
    expect(rendered.fileName).toBe(`${top}.xbri`);
    expect(rendered.contentType).toBe('application/zip');
    const entries = unzipSync(rendered.bytes);
    expect(Object.keys(entries).sort()).toEqual([
      `${top}/META-INF/reportPackage.json`,
      `${top}/reports/${top}.xhtml`,
    ]);
    expect(JSON.parse(decode(entries[`${top}/META-INF/reportPackage.json`]!))).toEqual({
      documentInfo: { documentType: REPORT_PACKAGE_DOCUMENT_TYPE },
    });
    expect(decode(entries[`${top}/reports/${top}.xhtml`]!)).toBe(renderInlineXhtml(snapshot));
  });

  test('renders byte-identical packages for the same snapshot', async () => {
    const first = await renderInlineXbrl(demoSnapshot());
    const second = await renderInlineXbrl(demoSnapshot());
    expect(Buffer.from(first.bytes).equals(Buffer.from(second.bytes))).toBe(true);
  });

  test('tags against the 2024-12-17 taxonomy when the snapshot asks for it', () => {
    const snapshot = demoSnapshot({ taxonomyVersion: '2024-12-17' });
    const root = parseXml(renderInlineXhtml(snapshot));
    expect(root.scope.vsme).toBe('https://xbrl.efrag.org/taxonomy/vsme/2024-12-17/vsme');
    const facts = allElements(root).filter(
      (element) =>
        element.namespace === IX && (element.local === 'nonFraction' || element.local === 'nonNumeric'),
    );
    checkXbrlStructure(root, facts, snapshot);
  });

  test('refuses a company without an identifier with MissingEntityIdentifierError', async () => {
    const snapshot = demoSnapshot();
    snapshot.company.identifier = null;
    await expect(renderInlineXbrl(snapshot)).rejects.toBeInstanceOf(MissingEntityIdentifierError);
    expect(() => renderXbrlInstance(snapshot)).toThrow(MissingEntityIdentifierError);
  });
});

describe('XBRL 2.1 instance', () => {
  test('matches the golden file of the demo snapshot', () => {
    golden('demo-instance.xbrl', renderXbrlInstanceText(demoSnapshot()));
  });

  test('is a well-formed xbrli:xbrl with schemaRef first and the same facts as the inline document', () => {
    const snapshot = demoSnapshot();
    const rendered = renderXbrlInstance(snapshot);
    expect(rendered).toMatchObject({
      fileName: `report-${snapshot.report.id}.xbrl`,
      contentType: 'application/xml',
    });
    const root = parseXml(decode(rendered.bytes));
    expect(root.namespace).toBe(XBRLI);
    expect(root.local).toBe('xbrl');
    expect(root.children[0]!.local).toBe('schemaRef');
    const facts = root.children.filter((child) => child.namespace === vsmeTaxonomy('2026-05-01').namespace);
    checkXbrlStructure(root, facts, snapshot);
    const inline = parseXml(renderInlineXhtml(snapshot));
    const inlineNames = allElements(inline)
      .filter((element) => element.namespace === IX && element.attributes.name)
      .map((element) => `${element.attributes.id} ${element.attributes.name}`)
      .sort();
    expect(facts.map((fact) => `${fact.attributes.id} ${fact.name}`).sort()).toEqual(inlineNames);
  });

  test('the export endpoint renderer gives the instance for CSRD and xBRL-JSON for SECR', () => {
    expect(renderXbrlExport(demoSnapshot()).fileName).toMatch(/\.xbrl$/);
    expect(renderXbrlExport(secr()).fileName).toMatch(/\.json$/);
  });
});

describe('xBRL-JSON (SECR, SEC)', () => {
  test('matches the golden file of the demo snapshot as SECR', () => {
    golden('demo.json', renderXbrlJsonText(secr()));
  });

  test('parses, declares the OIM document type and says the concepts are not a regulator taxonomy', () => {
    const document = JSON.parse(renderXbrlJsonText(secr()));
    expect(document.documentInfo.documentType).toBe('https://xbrl.org/2021/xbrl-json');
    expect(document.documentInfo['esgp:note']).toContain('not a regulator');
    expect(document.documentInfo.namespaces.esgp).toBe('https://esg-pilot.example/taxonomy/2026');
    const scope1 = Object.values<{ value: string; decimals: number; dimensions: Record<string, string> }>(
      document.facts,
    ).find((fact) => fact.dimensions.concept === 'esgp:Scope1Emissions')!;
    expect(scope1).toEqual({
      value: '41.27',
      decimals: 2,
      dimensions: {
        concept: 'esgp:Scope1Emissions',
        entity: 'lei:5493001KJTIIGC8Y1R12',
        period: '2025-01-01T00:00:00/2026-01-01T00:00:00',
        unit: 'utr:tCO2e',
      },
    });
  });

  test('the SECR xbrl format is a report package of xBRL-JSON, extension taxonomy, CSV and README', async () => {
    const snapshot = secr();
    const rendered = await renderXbrlForFramework(snapshot);
    const top = `report-${snapshot.report.id}`;
    expect(rendered).toMatchObject({ fileName: `${top}.zip`, contentType: 'application/zip' });
    const entries = unzipSync(rendered.bytes);
    expect(Object.keys(entries).sort()).toEqual([
      `${top}/META-INF/catalog.xml`,
      `${top}/META-INF/reportPackage.json`,
      `${top}/META-INF/taxonomyPackage.xml`,
      `${top}/README.txt`,
      `${top}/${top}.csv`,
      `${top}/reports/${top}.json`,
      `${top}/taxonomy/esgp-label.xml`,
      `${top}/taxonomy/esgp.xsd`,
    ]);
    expect(decode(entries[`${top}/README.txt`]!)).toContain('no mandated XBRL taxonomy');
    const again = await renderXbrlForFramework(secr());
    expect(Buffer.from(again.bytes).equals(Buffer.from(rendered.bytes))).toBe(true);
  });

  test('the CSRD xbrl format is the Inline XBRL package', async () => {
    expect((await renderXbrlForFramework(demoSnapshot())).fileName).toMatch(/\.xbri$/);
  });
});

describe('facts CSV', () => {
  test('starts with a BOM and the header, and parses back to the facts', () => {
    const snapshot = secr();
    snapshot.inventory!.scope3ByCategory[0]!.name = 'Flour, "organic" and sugar';
    const rendered = renderFactsCsv(snapshot);
    expect(rendered).toMatchObject({
      fileName: `report-${snapshot.report.id}.csv`,
      contentType: 'text/csv; charset=utf-8',
    });
    expect([...rendered.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(rendered.bytes);
    expect(text.slice(1).startsWith(`${FACTS_CSV_HEADER.join(',')}\r\n`)).toBe(true);
    expect(text).toContain('"Scope 3 category 1: Flour, ""organic"" and sugar"');
    const parsed = parseFactsCsv(text);
    // Rows that are not facts say so in their label: here the licence statement of DESNZ 2025.
    const notes = parsed.filter((row) => row.label.endsWith('(not a reported fact)'));
    expect(notes.map((row) => [row.concept, row.value])).toEqual([
      [
        'esgp:AttributionNote',
        'Contains public sector information licensed under the Open Government Licence v3.0. Source: Department for Energy Security and Net Zero, Greenhouse gas reporting: conversion factors 2025.',
      ],
    ]);
    const rows = parsed.filter((row) => !notes.includes(row));
    const facts = reportFacts(snapshot);
    expect(rows).toEqual(
      facts.map((fact) => ({
        concept: `${fact.prefix}:${fact.concept}`,
        label: fact.label,
        value:
          typeof fact.value === 'number' ? formatLexical(fact.value, fact.decimals!) : String(fact.value),
        unit: fact.unit ?? '',
        period_start: fact.period.start ?? '',
        period_end: fact.period.end,
        scope: fact.scope ?? '',
        category: fact.category ?? '',
        source: fact.source ?? '',
        status: 'reported',
        reason: '',
      })),
    );
    for (const [row, fact] of rows.map((row, index) => [row, facts[index]!] as const)) {
      if (typeof fact.value === 'number') expect(Number(row.value)).toBe(fact.value);
    }
  });

  test('carries the factor source on emissions rows of a CSRD report', () => {
    const rows = parseFactsCsv(new TextDecoder().decode(renderFactsCsv(demoSnapshot()).bytes));
    expect(rows.find((row) => row.concept === 'vsme:GrossScope1GreenhouseGasEmissions')).toMatchObject({
      value: '41.27',
      unit: 'tCO2e',
      scope: '1',
      source: expect.stringContaining('DESNZ 2025'),
    });
  });
});

describe('parseXml (the well-formedness checker the tests rely on)', () => {
  test.each([
    ['<a><b></a></b>'],
    ['<a x="1" x="2"/>'],
    ['<a>&</a>'],
    ['<a>&nbsp;</a>'],
    ['<p:a/>'],
    ['<a/><b/>'],
    ['<a>'],
    ['<a x=1/>'],
  ])('rejects %s', (xml) => {
    expect(() => parseXml(xml)).toThrow();
  });
});
