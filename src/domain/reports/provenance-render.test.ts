// Each fact, table row and CSV line cites only the datasets that produced it (issue 18, item 4;
// decision 058): a company whose scope 2 is UK DESNZ grid electricity and whose only scope 3 line
// is a US EPA spend factor cites DESNZ on scope 2 alone and EPA on scope 3 alone, in every format.
import { describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { allElements, parseXml, type XmlElement } from '../../../tests/helpers/xml-parse.ts';
import { parseFactsCsv, renderFactsCsvText } from './csv/render-csv.ts';
import { demoSnapshot } from './fixtures.ts';
import { twoDatasetSnapshot } from './fixtures-provenance.ts';
import { loadReportFonts } from './pdf/fonts.ts';
import { renderReportPdf } from './pdf/render-pdf.ts';
import { renderInlineXhtml } from './xbrl/inline-xbrl.ts';
import { renderXbrlInstanceText } from './xbrl/instance.ts';
import { buildXbrlJson } from './xbrl/xbrl-json.ts';

const DESNZ = 'UK DESNZ, Greenhouse gas reporting: conversion factors 2025';
const EPA = 'Supply Chain Greenhouse Gas Emission Factors v1.3 by NAICS-6';
const OGL =
  'Contains public sector information licensed under the Open Government Licence v3.0. Source: Department for Energy Security and Net Zero, Greenhouse gas reporting: conversion factors 2025.';

/** concept local name → the words of the footnotes its fact is linked to. */
function inlineCitations(xhtml: string): Map<string, string[]> {
  const elements = allElements(parseXml(xhtml));
  const footnotes = new Map(
    elements
      .filter((element) => element.local === 'footnote')
      .map((element) => [element.attributes.id!, element]),
  );
  const textOf = (element: XmlElement): string => `${element.text}${element.children.map(textOf).join('')}`;
  const cited = new Map<string, string[]>();
  for (const relationship of elements.filter((element) => element.local === 'relationship')) {
    const footnote = footnotes.get(relationship.attributes.toRefs!);
    expect(footnote).toBeDefined();
    for (const id of relationship.attributes.fromRefs!.split(' ')) {
      cited.set(id, [...(cited.get(id) ?? []), textOf(footnote!)]);
    }
  }
  const byConcept = new Map<string, string[]>();
  for (const fact of elements.filter((element) => element.local === 'nonFraction')) {
    const concept = fact.attributes.name!.split(':')[1]!;
    // Dimensioned facts share a concept name with the total: keep the first (the undimensioned one).
    if (!byConcept.has(concept)) byConcept.set(concept, cited.get(fact.attributes.id!) ?? []);
  }
  return byConcept;
}

describe('Inline XBRL: each emissions fact is linked to its own sources', () => {
  const xhtml = renderInlineXhtml(twoDatasetSnapshot('csrd'));
  const cited = inlineCitations(xhtml);

  test('scope 2 cites DESNZ only, scope 3 EPA only, totals both', () => {
    for (const concept of [
      'GrossLocationBasedScope2GreenhouseGasEmissions',
      'GrossMarketBasedScope2GreenhouseGasEmissions',
    ]) {
      expect(cited.get(concept)).toHaveLength(1);
      expect(cited.get(concept)![0]).toContain(DESNZ);
    }
    expect(cited.get('GrossScope3GreenhouseGasEmissions')).toHaveLength(1);
    expect(cited.get('GrossScope3GreenhouseGasEmissions')![0]).toContain(EPA);
    expect(cited.get('TotalGrossLocationBasedGHGEmissions')).toHaveLength(2);
    // Scope 1 has no entries, so it cites nothing rather than every dataset.
    expect(cited.get('GrossScope1GreenhouseGasEmissions')).toEqual([]);
    // Metered electricity is converted with nothing.
    expect(cited.get('TotalEnergyConsumption')).toEqual([]);
  });

  test('the readable figure carries the source numbers and the OGL statement stays', () => {
    expect(xhtml).toMatch(/tCO2e \[1\]<\/td>/);
    expect(xhtml).toMatch(/tCO2e \[2\]<\/td>/);
    expect(xhtml).toContain(OGL);
    expect(xhtml).not.toContain('github');
  });

  const SCRIPT = join(import.meta.dir, '../../../../shared/tools/ixbrl-schema-check.sh');
  test.skipIf(!existsSync(SCRIPT))('the footnotes and relationships validate against Inline XBRL 1.1', () => {
    const folder = mkdtempSync(join(tmpdir(), 'ixbrl-provenance-'));
    try {
      const path = join(folder, 'provenance.xhtml');
      writeFileSync(path, xhtml);
      const run = Bun.spawnSync(['bash', SCRIPT, path]);
      expect(`${run.stdout}${run.stderr}`).not.toContain('fails to validate');
      expect(run.exitCode).toBe(0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('XBRL instance: footnote links per fact', () => {
  test('scope 2 facts are linked to the DESNZ footnote only, scope 3 to the EPA one', () => {
    const root = parseXml(renderXbrlInstanceText(twoDatasetSnapshot('csrd')));
    const elements = allElements(root);
    const idOf = (local: string) => elements.find((element) => element.local === local)!.attributes.id!;
    const footnoteText = new Map(
      elements
        .filter((element) => element.local === 'footnote')
        .map((element) => [element.attributes['xlink:label']!, element.text]),
    );
    const arcs = elements.filter((element) => element.local === 'footnoteArc');
    const citedBy = (factId: string) =>
      arcs
        .filter((arc) => arc.attributes['xlink:from'] === `fact-${factId}`)
        .map((arc) => footnoteText.get(arc.attributes['xlink:to']!)!);
    const scope2 = citedBy(idOf('GrossLocationBasedScope2GreenhouseGasEmissions'));
    expect(scope2).toHaveLength(1);
    expect(scope2[0]).toContain(DESNZ);
    const scope3 = citedBy(idOf('GrossScope3GreenhouseGasEmissions'));
    expect(scope3).toHaveLength(1);
    expect(scope3[0]).toContain(EPA);
    // Every arc starts at a locator of a fact that exists.
    const locators = new Set(
      elements.filter((element) => element.local === 'loc').map((loc) => loc.attributes['xlink:label']),
    );
    for (const arc of arcs) expect(locators.has(arc.attributes['xlink:from'])).toBe(true);
  });
});

describe('CSV: each line cites only its own datasets', () => {
  const rows = parseFactsCsv(renderFactsCsvText(twoDatasetSnapshot('secr')));
  const row = (concept: string) => rows.find((candidate) => candidate.concept === `esgp:${concept}`)!;

  test('scope 2 lines cite DESNZ alone, the scope 3 category line EPA alone', () => {
    for (const concept of ['Scope2LocationBasedEmissions', 'UkScope2LocationBasedEmissions']) {
      expect(row(concept).source).toContain(DESNZ);
      expect(row(concept).source).not.toContain(EPA);
    }
    for (const concept of ['Scope3Emissions', 'Scope3CategoryEmissions']) {
      expect(row(concept).source).toContain(EPA);
      expect(row(concept).source).not.toContain('DESNZ');
    }
    expect(row('TotalLocationBasedEmissions').source).toContain(DESNZ);
    expect(row('TotalLocationBasedEmissions').source).toContain(EPA);
    expect(row('Scope1Emissions').source).toBe('');
  });

  test('the OGL statement and the market-based method are note lines', () => {
    const notes = rows.filter((candidate) => candidate.concept.endsWith('Note')).map((note) => note.value);
    expect(notes).toContain(OGL);
    expect(notes.join(' ')).toContain(
      'location-based grid factors are used as a proxy for all purchased electricity, heat and steam (100,000 kWh, 17.70 tCO2e), because no contractual instruments',
    );
  });

  test('a snapshot from before per-figure sources still cites every dataset, as it did', () => {
    const old = parseFactsCsv(renderFactsCsvText(demoSnapshot({ framework: 'secr', jurisdiction: 'SECR' })));
    const scope2 = old.find((candidate) => candidate.concept === 'esgp:Scope2LocationBasedEmissions')!;
    expect(scope2.source).toBe(
      'DESNZ 2025 (UK Government GHG Conversion Factors for Company Reporting 2025, AR5)',
    );
  });
});

describe('PDF: each inventory row names its numbered sources', () => {
  test('the table rows and the numbered list', async () => {
    const rendered = await renderReportPdf(twoDatasetSnapshot('secr'), loadReportFonts());
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(rendered.bytes)), {
      mergePages: true,
    });
    const flat = text.replace(/\s+/g, ' ');
    // Row: label, tCO2e, share of the gross total, sources.
    expect(flat).toContain('Scope 2: purchased energy, location-based 17.70 82.3% 1');
    expect(flat).toContain('Category 1: Purchased goods and services 3.80 17.7% 2');
    expect(flat).toContain('Gross total, location-based (scopes 1, 2 and 3) 21.50 100.0% 1, 2');
    // Nothing recorded for scope 1: said so, as the SECR table does, never 0.00 (blank is not zero).
    expect(flat).toContain('Scope 1: direct emissions Not recorded – –');
    expect(flat).not.toContain('Scope 1: direct emissions 0.00');
    expect(flat).toContain(`1 DESNZ 2025 ${DESNZ}`);
    expect(flat).toContain('2 EPA Supply Chain v1.3 U.S. EPA (2024).');
    expect(flat).toContain(OGL);
    expect(flat).toContain('Market-based Scope 2');
    // SECR: the UK scope 2 figure names its source; metered electricity names none.
    expect(flat).toContain('Emissions 2025 tCO2e Sources');
    expect(flat).toContain(
      'Scope 2: purchased electricity, location-based 17.70 1 Total Scope 1 and 2 17.70 1',
    );
    expect(flat).toContain('Electricity 100,000 –');
    expect(flat).not.toContain('github');
  });
});

describe('xBRL-JSON: each fact links to its own source footnotes', () => {
  const document = buildXbrlJson(twoDatasetSnapshot('secr'));
  /** concept local name (undimensioned fact) → the words of the footnotes it links to. */
  const citedBy = (concept: string): string[] => {
    const fact = Object.values(document.facts).find(
      (candidate) =>
        candidate.dimensions.concept === `esgp:${concept}` &&
        !Object.keys(candidate.dimensions).some((key) => key.includes(':')),
    );
    expect(fact).toBeDefined();
    return (fact!.links?.footnote?._ ?? []).map((id) => document.facts[id]!.value ?? '');
  };

  test('scope 2 links to the DESNZ footnote only, scope 3 to the EPA one, totals to both', () => {
    expect(citedBy('Scope2LocationBasedEmissions')).toEqual([expect.stringContaining(DESNZ)]);
    expect(citedBy('Scope3Emissions')).toEqual([expect.stringContaining(EPA)]);
    expect(document.documentInfo.linkTypes).toEqual({
      footnote: 'http://www.xbrl.org/2003/arcrole/fact-footnote',
    });
    expect(document.documentInfo.linkGroups).toEqual({ _: 'http://www.xbrl.org/2003/role/link' });
  });

  test('footnotes are xbrl:note facts with a note id and a language, and nothing else', () => {
    const notes = Object.entries(document.facts).filter(
      ([, fact]) => fact.dimensions.concept === 'xbrl:note',
    );
    expect(notes.length).toBe(2);
    for (const [id, note] of notes) {
      expect(note.dimensions).toEqual({ concept: 'xbrl:note', noteId: id, language: 'en' });
      expect(note.links).toBeUndefined();
    }
  });

  test('a snapshot from before per-figure sources has no links and declares no link types', () => {
    const old = buildXbrlJson(demoSnapshot({ framework: 'secr', jurisdiction: 'SECR' }));
    expect(old.documentInfo.linkTypes).toBeUndefined();
    expect(Object.values(old.facts).some((fact) => fact.links)).toBe(false);
  });
});
