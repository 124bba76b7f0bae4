// A figure nothing was recorded for is "Not recorded" in every format, never 0 (decision 086): the
// PDF prints "Not recorded", Inline XBRL and the XBRL instance tag a nil fact (xsi:nil), xBRL-JSON
// a null value, the CSV an empty value with status "not recorded" and its reason. All of them
// decide with the PDF's own test, isInventoryFigureRecorded.
import { describe, expect, test } from 'bun:test';
import { extractText, getDocumentProxy } from 'unpdf';
import { allElements, parseXml } from '../../../tests/helpers/xml-parse.ts';
import { parseFactsCsv, renderFactsCsvText } from './csv/render-csv.ts';
import { demoSnapshot } from './fixtures.ts';
import { scope3OnlySnapshot, twoDatasetSnapshot } from './fixtures-provenance.ts';
import { loadReportFonts } from './pdf/fonts.ts';
import { renderReportPdf } from './pdf/render-pdf.ts';
import { type InventoryPart, isInventoryFigureRecorded } from './provenance.ts';
import type { ReportSnapshot } from './snapshot.ts';
import { NIL_FACT_REASON } from './xbrl/fact-model.ts';
import { reportFacts } from './xbrl/facts.ts';
import { renderInlineXhtml } from './xbrl/inline-xbrl.ts';
import { renderXbrlInstanceText } from './xbrl/instance.ts';
import { buildXbrlJson } from './xbrl/xbrl-json.ts';

/** The inventory figures behind each VSME emissions concept. */
const VSME_PARTS: Record<string, InventoryPart[]> = {
  GrossScope1GreenhouseGasEmissions: ['scope1'],
  GrossLocationBasedScope2GreenhouseGasEmissions: ['scope2Location'],
  GrossMarketBasedScope2GreenhouseGasEmissions: ['scope2Market'],
  TotalGrossLocationBasedScope1AndScope2GHGEmissions: ['scope1', 'scope2Location'],
  TotalGrossMarketBasedScope1AndScope2GHGEmissions: ['scope1', 'scope2Market'],
  GrossScope3GreenhouseGasEmissions: ['scope3'],
  TotalGrossLocationBasedGHGEmissions: ['scope1', 'scope2Location', 'scope3'],
  TotalGrossMarketBasedGHGEmissions: ['scope1', 'scope2Market', 'scope3'],
  Scope1AndScope2GreenhouseGasEmissionsIntensityValueLocationBased: ['scope1', 'scope2Location'],
  Scope1AndScope2GreenhouseGasEmissionsIntensityValueMarketBased: ['scope1', 'scope2Market'],
  TotalLocationBasedGreenhouseGasEmissionsIntensityValue: ['scope1', 'scope2Location', 'scope3'],
  TotalMarketBasedGreenhouseGasEmissionsIntensityValue: ['scope1', 'scope2Market', 'scope3'],
};

const nilConcepts = (snapshot: ReportSnapshot) =>
  reportFacts(snapshot)
    .filter((fact) => fact.value === null)
    .map((fact) => fact.concept);

describe('facts: nil exactly where the PDF says "Not recorded"', () => {
  for (const [name, snapshot] of [
    ['scope 1 empty', twoDatasetSnapshot('csrd')],
    ['only scope 3', scope3OnlySnapshot('csrd')],
  ] as const) {
    test(`VSME emissions facts of a company with ${name}`, () => {
      const facts = reportFacts(snapshot);
      for (const [concept, parts] of Object.entries(VSME_PARTS)) {
        const fact = facts.find((candidate) => candidate.concept === concept);
        if (!fact) continue; // intensities need turnover in euros
        const recorded = isInventoryFigureRecorded(snapshot, parts);
        expect({ concept, nil: fact.value === null }).toEqual({ concept, nil: !recorded });
        if (!recorded) expect(fact).toMatchObject({ decimals: null, unit: expect.any(String) });
      }
    });
  }

  test('a company with only scope 3: scope 1, both scope 2, their totals and intensities are nil', () => {
    expect(nilConcepts(scope3OnlySnapshot('csrd')).sort()).toEqual([
      'GrossLocationBasedScope2GreenhouseGasEmissions',
      'GrossMarketBasedScope2GreenhouseGasEmissions',
      'GrossScope1GreenhouseGasEmissions',
      'Scope1AndScope2GreenhouseGasEmissionsIntensityValueLocationBased',
      'Scope1AndScope2GreenhouseGasEmissionsIntensityValueMarketBased',
      'TotalGrossLocationBasedScope1AndScope2GHGEmissions',
      'TotalGrossMarketBasedScope1AndScope2GHGEmissions',
    ]);
    const total = reportFacts(scope3OnlySnapshot('csrd')).find(
      (fact) => fact.concept === 'TotalGrossLocationBasedGHGEmissions',
    );
    expect(total).toMatchObject({ value: 3.8, decimals: 2 });
  });

  test('SECR (esgp): the same figures are nil, and the scope 1 and 2 intensity with them', () => {
    expect(nilConcepts(scope3OnlySnapshot('secr')).sort()).toEqual([
      'Scope1And2LocationBasedEmissions',
      'Scope1And2LocationBasedIntensityPerRevenue',
      'Scope1And2MarketBasedEmissions',
      'Scope1Emissions',
      'Scope2LocationBasedEmissions',
      'Scope2MarketBasedEmissions',
    ]);
    expect(nilConcepts(twoDatasetSnapshot('secr'))).toEqual(['Scope1Emissions']);
  });

  test('a snapshot from before per-figure sources cannot tell, so it reports every figure as before', () => {
    const facts = reportFacts(demoSnapshot());
    expect(facts.some((fact) => fact.value === null)).toBe(false);
    expect(facts.find((fact) => fact.concept === 'GrossScope1GreenhouseGasEmissions')?.value).toBe(41.27);
  });

  test('the PDF inventory prints "Not recorded" for the same figures', async () => {
    const rendered = await renderReportPdf(scope3OnlySnapshot('csrd'), loadReportFonts());
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(rendered.bytes)), {
      mergePages: true,
    });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Scope 1: direct emissions Not recorded');
    expect(flat).toContain('Scope 2: purchased energy, location-based Not recorded');
    expect(flat).toContain('Scope 2: purchased energy, market-based Not recorded');
    expect(flat).toContain('Gross total, location-based (scopes 1, 2 and 3) 3.80');
  });
});

describe('every format says "not recorded" rather than 0', () => {
  const snapshot = scope3OnlySnapshot('csrd');

  test('Inline XBRL: an empty nil fact with its unit, "Not recorded" beside it, never 0.00', () => {
    const xhtml = renderInlineXhtml(snapshot);
    const facts = allElements(parseXml(xhtml)).filter((element) => element.local === 'nonFraction');
    const scope1 = facts.find((fact) => fact.attributes.name === 'vsme:GrossScope1GreenhouseGasEmissions')!;
    expect(scope1.attributes).toMatchObject({ 'xsi:nil': 'true', unitRef: 'u-tCO2e' });
    expect(scope1.attributes.decimals).toBeUndefined();
    expect(scope1.attributes.format).toBeUndefined();
    expect(scope1.text).toBe('');
    expect(xhtml).toMatch(/GrossScope1GreenhouseGasEmissions"[^>]*xsi:nil="true"\/>Not recorded</);
    expect(xhtml).toContain('xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"');
    const scope3 = facts.find((fact) => fact.attributes.name === 'vsme:GrossScope3GreenhouseGasEmissions')!;
    expect(scope3.attributes['xsi:nil']).toBeUndefined();
    expect(scope3.text).toBe('3.80');
  });

  test('XBRL 2.1 instance: a nil item with its unitRef and no decimals', () => {
    const instance = renderXbrlInstanceText(snapshot);
    expect(instance).toMatch(
      /<vsme:GrossScope1GreenhouseGasEmissions id="f\d+" contextRef="[^"]+" unitRef="u-tCO2e" xsi:nil="true"\/>/,
    );
    expect(instance).not.toMatch(/<vsme:GrossScope1GreenhouseGasEmissions[^>]*>0\.00</);
  });

  test('xBRL-JSON: a null value, its unit, no decimals', () => {
    const document = buildXbrlJson(scope3OnlySnapshot('secr'));
    const scope1 = Object.values(document.facts).find(
      (fact) => fact.dimensions.concept === 'esgp:Scope1Emissions',
    );
    expect(scope1).toEqual({
      value: null,
      dimensions: expect.objectContaining({ unit: 'utr:tCO2e' }),
    });
  });

  test('CSV: an empty value with status "not recorded" and the reason; figures say "reported"', () => {
    const rows = parseFactsCsv(renderFactsCsvText(snapshot));
    const row = (concept: string) => rows.find((candidate) => candidate.concept === `vsme:${concept}`)!;
    expect(row('GrossScope1GreenhouseGasEmissions')).toMatchObject({
      value: '',
      unit: 'tCO2e',
      status: 'not recorded',
      reason: NIL_FACT_REASON,
    });
    expect(row('GrossScope3GreenhouseGasEmissions')).toMatchObject({
      value: '3.80',
      status: 'reported',
      reason: '',
    });
    // Note lines are not facts and carry no status.
    expect(rows.filter((candidate) => candidate.concept.endsWith('Note')).map((note) => note.status)).toEqual(
      rows.filter((candidate) => candidate.concept.endsWith('Note')).map(() => ''),
    );
  });
});
