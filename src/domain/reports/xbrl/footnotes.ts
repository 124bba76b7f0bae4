// Each tagged figure points at the sources that produced it (decision 058), as XBRL footnotes: one
// footnote per source of the report (provenance.ts reportSources), linked from the facts that cite
// it with the standard fact-footnote arcrole (XBRL 2.1 §4.11; Inline XBRL 1.1 §12 ix:footnote and
// ix:relationship). A source no tagged fact cites gets no footnote. Snapshots made before decision
// 058 carry no per-fact sources, so they get none and render as they did.
import { type ReportSource, reportSources } from '../provenance.ts';
import type { ReportSnapshot } from '../snapshot.ts';
import type { ReportFact } from './fact-model.ts';
import { escapeXml } from './xml.ts';

export const FACT_FOOTNOTE_ARCROLE = 'http://www.xbrl.org/2003/arcrole/fact-footnote';

export interface SourceFootnote {
  source: ReportSource;
  /** NCName of the footnote: `source-<number>`. */
  id: string;
  /** Ids of the facts that cite the source, in fact order. */
  factIds: string[];
}

/** The footnotes of the sources the facts cite, in source-list order. */
export function sourceFootnotes(snapshot: ReportSnapshot, facts: readonly ReportFact[]): SourceFootnote[] {
  return reportSources(snapshot)
    .map((source) => ({
      source,
      id: `source-${source.number}`,
      factIds: facts.filter((fact) => fact.sourceKeys?.includes(source.key)).map((fact) => fact.id),
    }))
    .filter((footnote) => footnote.factIds.length > 0);
}

/** The footnote's words: '[1] DESNZ 2025: UK DESNZ, Greenhouse gas reporting: conversion factors 2025 …'. */
export const footnoteText = (source: ReportSource) => `[${source.number}] ${source.key}: ${source.citation}`;

/** Inline XBRL: the ix:relationship elements (inside ix:resources) of the footnotes. */
export function inlineRelationships(footnotes: readonly SourceFootnote[], indent: string): string[] {
  return footnotes.map(
    (footnote) =>
      `${indent}<ix:relationship fromRefs="${footnote.factIds.join(' ')}" toRefs="${footnote.id}"/>`,
  );
}

/** '[1, 3]' after a figure in the readable report: the numbers of the sources its fact cites. */
export function sourceMarks(fact: ReportFact, footnotes: readonly SourceFootnote[]): string {
  const numbers = footnotes
    .filter((footnote) => footnote.factIds.includes(fact.id))
    .map((footnote) => footnote.source.number);
  return numbers.length === 0 ? '' : ` [${numbers.join(', ')}]`;
}

/** XBRL 2.1 instance: one link:footnoteLink with a locator per citing fact and an arc per citation. */
export function instanceFootnoteLink(footnotes: readonly SourceFootnote[], indent: string): string {
  if (footnotes.length === 0) return '';
  const factIds = [...new Set(footnotes.flatMap((footnote) => footnote.factIds))];
  const inner = `${indent}  `;
  const lines = [
    `${indent}<link:footnoteLink xlink:type="extended" xlink:role="http://www.xbrl.org/2003/role/link">`,
    ...factIds.map(
      (id) => `${inner}<link:loc xlink:type="locator" xlink:href="#${id}" xlink:label="fact-${id}"/>`,
    ),
    ...footnotes.map(
      (footnote) =>
        `${inner}<link:footnote xlink:type="resource" xlink:label="${footnote.id}" xlink:role="http://www.xbrl.org/2003/role/footnote" xml:lang="en">${escapeXml(footnoteText(footnote.source))}</link:footnote>`,
    ),
    ...footnotes.flatMap((footnote) =>
      footnote.factIds.map(
        (id) =>
          `${inner}<link:footnoteArc xlink:type="arc" xlink:arcrole="${FACT_FOOTNOTE_ARCROLE}" xlink:from="fact-${id}" xlink:to="${footnote.id}"/>`,
      ),
    ),
    `${indent}</link:footnoteLink>`,
  ];
  return `${lines.join('\n')}\n`;
}
