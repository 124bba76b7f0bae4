// Which pure renderer makes a report's file: PDF, the framework's XBRL package, or the facts CSV.
// Each is a function of the stored snapshot alone, so the same snapshot gives the same bytes.
import { renderFactsCsv } from '../../../../domain/reports/csv/render-csv.ts';
import type { RenderedReport, ReportSnapshot } from '../../../../domain/reports/snapshot.ts';
import {
  InvalidEntityIdentifierError,
  MissingEntityIdentifierError,
} from '../../../../domain/reports/xbrl/entity.ts';
import { renderInlineXhtml } from '../../../../domain/reports/xbrl/inline-xbrl.ts';
import { renderXbrlForFramework, renderXbrlInstance } from '../../../../domain/reports/xbrl/render-xbrl.ts';
import { HttpError } from '../../../lib/errors.ts';

/** The report's file in the format it was requested in. */
export async function renderReportFile(snapshot: ReportSnapshot): Promise<RenderedReport> {
  switch (snapshot.report.format) {
    case 'pdf': {
      // The PDF renderer (pdf-lib, fontkit, the fonts) loads on the first PDF, not with the server.
      const [{ renderReportPdf }, { loadReportFonts }] = await Promise.all([
        import('../../../../domain/reports/pdf/render-pdf.ts'),
        import('../../../../domain/reports/pdf/fonts.ts'),
      ]);
      return renderReportPdf(snapshot, await loadReportFonts());
    }
    case 'xbrl':
      return renderXbrlForFramework(snapshot);
    case 'csv':
      return renderFactsCsv(snapshot);
  }
}

/**
 * The message of a renderer refusal written for people (a missing or invalid entity identifier),
 * or null for anything else (a fault of ours, logged and answered in general words).
 */
export function readableRenderError(error: unknown): string | null {
  if (error instanceof MissingEntityIdentifierError || error instanceof InvalidEntityIdentifierError) {
    return error.message;
  }
  return null;
}

/**
 * POST /api/reports/{id}/xbrl: the XBRL instance of the stored snapshot (xBRL-JSON for SECR and
 * SEC reports), rendered on request. A refusal written for people answers 422 with its message.
 */
export async function renderXbrlExport(snapshot: ReportSnapshot): Promise<RenderedReport> {
  try {
    return await renderXbrlInstance(snapshot);
  } catch (error) {
    const message = readableRenderError(error);
    if (message !== null) throw new HttpError(422, message, 'unprocessable');
    throw error;
  }
}

/**
 * GET /api/reports/{id}/xhtml: the Inline XBRL document of a CSRD XBRL report on its own, the same
 * bytes as `reports/report-<id>.xhtml` inside its package, so a person opens it in a browser.
 */
export function renderReadableXhtml(snapshot: ReportSnapshot): RenderedReport {
  try {
    return {
      fileName: `report-${snapshot.report.id}.xhtml`,
      contentType: 'application/xhtml+xml',
      bytes: new TextEncoder().encode(renderInlineXhtml(snapshot)),
    };
  } catch (error) {
    const message = readableRenderError(error);
    if (message !== null) throw new HttpError(422, message, 'unprocessable');
    throw error;
  }
}
