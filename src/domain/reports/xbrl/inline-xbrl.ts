// CSRD → Inline XBRL 1.1 (XHTML readable in a browser) tagged with the EFRAG VSME taxonomy, inside
// an XBRL Report Package 1.0 (Inline XBRL report package: META-INF/reportPackage.json with
// documentType https://xbrl.org/report-package/2023/xbri, reports/<name>.xhtml, all under one
// top-level folder). Report Packages 1.0 ties the documentType to the file extension (.xbri for an
// Inline XBRL report package; rpe:documentTypeFileExtensionMismatch otherwise), so the file is
// named report-<id>.xbri: it is an ordinary zip (application/zip) that any unzip tool opens.
import { auditCheckpointLine, type RenderedReport, type ReportSnapshot } from '../snapshot.ts';
import { entityIdentifier } from './entity.ts';
import type { ReportFact } from './fact-model.ts';
import { vsmeFacts } from './facts-vsme.ts';
import { inlineRelationships, sourceFootnotes } from './footnotes.ts';
import { isHiddenFact, renderBody, tagFact } from './inline-body.ts';
import { vsmeTaxonomy } from './taxonomy.ts';
import { NAMESPACES } from './units.ts';
import { collectContexts, collectUnits, escapeXml, renderContext, renderUnit } from './xml.ts';
import { deterministicZip } from './zip.ts';

export { InvalidEntityIdentifierError, isValidLei, MissingEntityIdentifierError } from './entity.ts';

export const REPORT_PACKAGE_DOCUMENT_TYPE = 'https://xbrl.org/report-package/2023/xbri';

const STYLE = `body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a;line-height:1.5}
table{border-collapse:collapse;width:100%;margin:1rem 0}caption{text-align:left;font-weight:600;padding:.25rem 0}
th,td{border-bottom:1px solid #ccc;padding:.35rem .5rem;text-align:left;vertical-align:top}td{font-variant-numeric:tabular-nums}`;

/**
 * The Inline XBRL XHTML document of a snapshot (the `reports/` file of the package). Inline XBRL
 * 1.1 is XHTML 1.1, which has no HTML5 elements: the body is plain `div`s (a `main` or `section`
 * fails the official schema, as it fails a filing validator; issue 18).
 */
export function renderInlineXhtml(snapshot: ReportSnapshot): string {
  const entity = entityIdentifier(snapshot);
  const taxonomy = vsmeTaxonomy(snapshot.report.taxonomyVersion);
  const { facts, notes } = vsmeFacts(snapshot, taxonomy);
  const { contexts, contextOf } = collectContexts(facts);
  const units = collectUnits(facts);

  const footnotes = sourceFootnotes(snapshot, facts);
  const body = renderBody(snapshot, facts, contextOf, notes, footnotes);
  const relationships = inlineRelationships(footnotes, '        ');
  // Every fact appears exactly once: enumerations and anything the body did not place go to ix:hidden.
  const hidden = facts.filter((fact: ReportFact) => isHiddenFact(fact) || !body.includes(` id="${fact.id}"`));
  const hiddenBlock =
    hidden.length === 0
      ? ''
      : `<ix:hidden>\n${hidden.map((fact) => `        ${tagFact(fact, contextOf.get(fact.id)!)}`).join('\n')}\n      </ix:hidden>\n      `;
  const { report, company } = snapshot;
  const title = escapeXml(report.title);

  return `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="${NAMESPACES.xhtml}" xmlns:ix="${NAMESPACES.ix}" xmlns:ixt="${NAMESPACES.ixt}" xmlns:xbrli="${NAMESPACES.xbrli}" xmlns:link="${NAMESPACES.link}" xmlns:xlink="${NAMESPACES.xlink}" xmlns:iso4217="${NAMESPACES.iso4217}" xmlns:utr="${NAMESPACES.utr}" xmlns:xbrldi="${NAMESPACES.xbrldi}" xmlns:xsi="${NAMESPACES.xsi}" xmlns:vsme="${taxonomy.namespace}" xml:lang="en">
  <head>
    <meta http-equiv="Content-Type" content="text/html; charset=UTF-8"/>
    <title>${title}</title>
    <style type="text/css">${STYLE}</style>
  </head>
  <body>
    <div style="display:none">
      <ix:header>
      ${hiddenBlock}<ix:references>
        <link:schemaRef xlink:type="simple" xlink:href="${taxonomy.entryPoint}"/>
      </ix:references>
      <ix:resources>
${contexts.map((context) => renderContext(context, entity, '        ')).join('\n')}
${units.map((unit) => renderUnit(unit, '        ')).join('\n')}${relationships.length > 0 ? `\n${relationships.join('\n')}` : ''}
      </ix:resources>
      </ix:header>
    </div>
    <div class="report">
      <h1>${title}</h1>
      <p>${escapeXml(company.name)}, ${escapeXml(`${entity.scheme === 'http://standards.iso.org/iso/17442' ? 'LEI' : entity.scheme} ${entity.value}`)}. Reporting period ${report.periodStart} to ${report.periodEnd}. Tagged with the EFRAG VSME XBRL taxonomy ${taxonomy.version}. Generated ${escapeXml(snapshot.generatedAt)}.</p>${
        snapshot.auditCheckpoint
          ? `\n      <p>${escapeXml(auditCheckpointLine(snapshot.auditCheckpoint))}</p>`
          : ''
      }
${body}
    </div>
  </body>
</html>
`;
}

/** The Inline XBRL report package (zip) of a CSRD snapshot. Throws the entity identifier errors. */
export async function renderInlineXbrl(snapshot: ReportSnapshot): Promise<RenderedReport> {
  const xhtml = renderInlineXhtml(snapshot);
  const top = `report-${snapshot.report.id}`;
  const encoder = new TextEncoder();
  const packageJson = `${JSON.stringify({ documentInfo: { documentType: REPORT_PACKAGE_DOCUMENT_TYPE } }, null, 2)}\n`;
  const bytes = deterministicZip(
    [
      [`${top}/META-INF/reportPackage.json`, encoder.encode(packageJson)],
      [`${top}/reports/${top}.xhtml`, encoder.encode(xhtml)],
    ],
    snapshot.generatedAt,
  );
  return { fileName: `${top}.xbri`, contentType: 'application/zip', bytes };
}
