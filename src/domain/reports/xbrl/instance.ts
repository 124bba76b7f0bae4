// XBRL 2.1 instance (`report-<id>.xbrl`) of the same VSME facts as the Inline XBRL report: what
// POST /api/reports/{id}/xbrl returns. Same contexts, units and fact ids as the inline document.
import type { RenderedReport, ReportSnapshot } from '../snapshot.ts';
import { entityIdentifier } from './entity.ts';
import { isNilFact, isNumericFact } from './fact-model.ts';
import { vsmeFacts } from './facts-vsme.ts';
import { instanceFootnoteLink, sourceFootnotes } from './footnotes.ts';
import { formatLexical } from './numbers.ts';
import { vsmeTaxonomy } from './taxonomy.ts';
import { NAMESPACES, unitId } from './units.ts';
import { collectContexts, collectUnits, escapeXml, renderContext, renderUnit } from './xml.ts';

export function renderXbrlInstanceText(snapshot: ReportSnapshot): string {
  const entity = entityIdentifier(snapshot);
  const taxonomy = vsmeTaxonomy(snapshot.report.taxonomyVersion);
  const { facts } = vsmeFacts(snapshot, taxonomy);
  const { contexts, contextOf } = collectContexts(facts);
  const factLines = facts.map((fact) => {
    const name = `${fact.prefix}:${fact.concept}`;
    const context = contextOf.get(fact.id)!;
    if (isNilFact(fact)) {
      // XBRL 2.1 §4.6.3: a nil numeric item keeps its unitRef and has no decimals (decision 086).
      const unitRef = fact.unit === null ? '' : ` unitRef="${unitId(fact.unit)}"`;
      return `  <${name} id="${fact.id}" contextRef="${context}"${unitRef} xsi:nil="true"/>`;
    }
    if (isNumericFact(fact)) {
      return `  <${name} id="${fact.id}" contextRef="${context}" unitRef="${unitId(fact.unit)}" decimals="${fact.decimals}">${formatLexical(fact.value, fact.decimals)}</${name}>`;
    }
    return `  <${name} id="${fact.id}" contextRef="${context}">${escapeXml(String(fact.value))}</${name}>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<!-- ${escapeXml(snapshot.report.title).replace(/--/g, '- -')}; generated ${escapeXml(snapshot.generatedAt)} -->
<xbrli:xbrl xmlns:xbrli="${NAMESPACES.xbrli}" xmlns:link="${NAMESPACES.link}" xmlns:xlink="${NAMESPACES.xlink}" xmlns:iso4217="${NAMESPACES.iso4217}" xmlns:utr="${NAMESPACES.utr}" xmlns:xbrldi="${NAMESPACES.xbrldi}" xmlns:xsi="${NAMESPACES.xsi}" xmlns:vsme="${taxonomy.namespace}">
  <link:schemaRef xlink:type="simple" xlink:href="${taxonomy.entryPoint}"/>
${contexts.map((context) => renderContext(context, entity, '  ')).join('\n')}
${collectUnits(facts)
  .map((unit) => renderUnit(unit, '  '))
  .join('\n')}
${factLines.join('\n')}
${instanceFootnoteLink(sourceFootnotes(snapshot, facts), '  ')}</xbrli:xbrl>
`;
}

/** The XBRL 2.1 instance of a snapshot. Throws the entity identifier errors of entity.ts. */
export function renderXbrlInstance(snapshot: ReportSnapshot): RenderedReport {
  return {
    fileName: `report-${snapshot.report.id}.xbrl`,
    contentType: 'application/xml',
    bytes: new TextEncoder().encode(renderXbrlInstanceText(snapshot)),
  };
}
