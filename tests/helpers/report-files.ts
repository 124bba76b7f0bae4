// Reading the files reports are made of, for tests: PDF text, zip entries, xBRL-JSON and CSV facts,
// Inline XBRL facts, and the official Inline XBRL 1.1 schema check (../shared/tools).
import { expect } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { extractText, getDocumentProxy } from 'unpdf';
import type { FactsCsvRow } from '../../src/domain/reports/csv/render-csv.ts';
import { allElements, type XmlElement } from './xml-parse.ts';

const IX = 'http://www.xbrl.org/2013/inlineXBRL';

export const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

export async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** The files of a zip (the xBRL-JSON package, the Inline XBRL report package), by name ending. */
export function zipEntry(bytes: Uint8Array, ending: string): string {
  const entries = Object.entries(unzipSync(bytes)).filter(([name]) => name.endsWith(ending));
  expect(entries).toHaveLength(1);
  return strFromU8(entries[0]![1]);
}

/** Value of an xBRL-JSON fact by concept (the one without dimensions beyond the core ones). */
export function jsonFact(document: {
  facts: Record<string, { value: string; dimensions: Record<string, string> }>;
}) {
  return (concept: string) =>
    Object.values(document.facts).filter(
      (fact) =>
        fact.dimensions.concept === concept && Object.keys(fact.dimensions).every((d) => !d.includes(':')),
    );
}

export function csvValue(rows: FactsCsvRow[], concept: string, category = ''): string | undefined {
  return rows.find((row) => row.concept === concept && row.category === category)?.value;
}

/** A CSV row that is a reported fact (not a note, attribution or audit checkpoint line). */
export const isFact = (row: FactsCsvRow) => !row.label.includes('(not a reported fact)');

/** Runs the official Inline XBRL 1.1 schema check on the documents; exit code and output. */
export function schemaCheck(
  script: string,
  documents: Record<string, string>,
): { code: number; output: string } {
  const folder = mkdtempSync(join(tmpdir(), 'report-proof-'));
  try {
    const paths = Object.entries(documents).map(([name, xhtml]) => {
      const path = join(folder, `${name}.xhtml`);
      writeFileSync(path, xhtml);
      return path;
    });
    const run = Bun.spawnSync(['bash', script, ...paths]);
    return { code: run.exitCode, output: `${run.stdout.toString()}${run.stderr.toString()}` };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Facts of an Inline XBRL document (ix:nonFraction, ix:nonNumeric) or an XBRL instance. */
export function ixFacts(root: XmlElement): XmlElement[] {
  return allElements(root).filter(
    (element) =>
      element.namespace === IX && (element.local === 'nonFraction' || element.local === 'nonNumeric'),
  );
}

/** Text of the one undimensioned fact of a concept in an iXBRL document (commas removed). */
export function ixValue(root: XmlElement, concept: string): string[] {
  const contexts = new Map(
    allElements(root)
      .filter((element) => element.local === 'context')
      .map((context) => [context.attributes.id!, context]),
  );
  return ixFacts(root)
    .filter((fact) => fact.attributes.name === concept)
    .filter(
      (fact) => !allElements(contexts.get(fact.attributes.contextRef!)!).some((e) => e.local === 'segment'),
    )
    .map((fact) => fact.text.replace(/,/g, ''));
}

/** Each xbrli:unit of a document as text: 'utr:tCO2e', or 'utr:tCO2e/iso4217:EUR' for a divide. */
export function unitsOf(root: XmlElement): Map<string, string> {
  const measures = (element: XmlElement | undefined) =>
    element
      ? allElements(element)
          .filter((child) => child.local === 'measure')
          .map((measure) => measure.text.trim())
          .join('*')
      : '';
  return new Map(
    allElements(root)
      .filter((element) => element.local === 'unit' && element.attributes.id)
      .map((unit) => {
        const parts = allElements(unit);
        const numerator = parts.find((part) => part.local === 'unitNumerator');
        const denominator = parts.find((part) => part.local === 'unitDenominator');
        const text = numerator ? `${measures(numerator)}/${measures(denominator)}` : measures(unit);
        return [unit.attributes.id!, text];
      }),
  );
}
