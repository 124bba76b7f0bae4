// The numbered source list of the Inline XBRL report (decision 058): every source of the report,
// the cited ones as the ix:footnote the facts' relationships point at, then the mixed-basis
// sentence and the licence statements (OGL wherever DESNZ or Defra figures appear).
import { factorBasisText } from '../energy-basis.ts';
import { reportAttributions, reportSources } from '../provenance.ts';
import type { ReportSnapshot } from '../snapshot.ts';
import { footnoteText, type SourceFootnote } from './footnotes.ts';
import { escapeXml } from './xml.ts';

export function sourceListSection(snapshot: ReportSnapshot, footnotes: readonly SourceFootnote[]): string {
  const sources = reportSources(snapshot);
  if (sources.length === 0) return '';
  const items = sources.map((source) => {
    const footnote = footnotes.find((candidate) => candidate.source.key === source.key);
    const text = escapeXml(footnoteText(source));
    const cited = footnote ? `<ix:footnote id="${footnote.id}">${text}</ix:footnote>` : text;
    const link = source.url ? `, <a href="${escapeXml(source.url)}">${escapeXml(source.url)}</a>` : '';
    return `<li>${cited}${link}</li>`;
  });
  const mixed = factorBasisText(snapshot);
  const statements = [
    'The numbers in brackets after a figure are the sources below that it was calculated with; each tagged figure is linked to them as an XBRL footnote.',
    ...(mixed ? [mixed] : []),
    ...reportAttributions(snapshot),
  ];
  return `<div class="section"><h2>Sources</h2><ul>${items.join('')}</ul>${statements.map((statement) => `<p>${escapeXml(statement)}</p>`).join('')}</div>`;
}
