import { describe, expect, test } from 'bun:test';
import { strFromU8, unzipSync } from 'fflate';
import { extractText, getDocumentProxy } from 'unpdf';
import { parseFactsCsv, renderFactsCsv } from './csv/render-csv.ts';
import { demoSnapshot } from './fixtures.ts';
import { loadReportFonts } from './pdf/fonts.ts';
import { renderReportPdf } from './pdf/render-pdf.ts';
import { auditCheckpointLine, type ReportSnapshot } from './snapshot.ts';
import { renderInlineXbrl } from './xbrl/inline-xbrl.ts';
import { buildXbrlJson } from './xbrl/xbrl-json.ts';

const checkpoint = {
  seq: 42,
  chainHash: 'ab'.repeat(32),
  signedAt: '2026-01-15T09:30:00.000Z',
  signature: 'c2lnbmF0dXJlLW9mLXRoZS1jaGVja3BvaW50LXRlc3Q',
};

function withCheckpoint(overrides: Partial<ReportSnapshot['report']> = {}): ReportSnapshot {
  return { ...demoSnapshot(overrides), auditCheckpoint: checkpoint };
}

describe('the audit log checkpoint in every report format (decision 043)', () => {
  const line = auditCheckpointLine(checkpoint);

  test('is one line naming position, hash, signing time and signature', () => {
    expect(line).toBe(
      `Audit log checkpoint: seq 42, hash ${'ab'.repeat(32)}, signed 2026-01-15T09:30:00.000Z (HMAC-SHA256 ${checkpoint.signature})`,
    );
  });

  test('the PDF shows it in the evidence appendix, and nothing when the snapshot has none', async () => {
    const fonts = loadReportFonts();
    const text = async (snapshot: ReportSnapshot) => {
      const rendered = await renderReportPdf(snapshot, fonts);
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(rendered.bytes)), {
        mergePages: true,
      });
      return text.replace(/\s+/g, '');
    };
    expect(await text(withCheckpoint())).toContain(line.replace(/\s+/g, ''));
    expect(await text(demoSnapshot())).not.toContain('Auditlogcheckpoint');
  });

  test('the CSV ends with a row that says it is not a fact', () => {
    const rows = parseFactsCsv(new TextDecoder().decode(renderFactsCsv(withCheckpoint()).bytes));
    expect(rows.at(-1)).toMatchObject({
      concept: 'esgp:AuditLogCheckpoint',
      label: 'Audit log checkpoint (not a reported fact)',
      value: line,
    });
    const without = parseFactsCsv(new TextDecoder().decode(renderFactsCsv(demoSnapshot()).bytes));
    expect(without.some((row) => row.concept === 'esgp:AuditLogCheckpoint')).toBe(false);
  });

  test('the xBRL-JSON carries it in documentInfo and the Inline XBRL package in its report', async () => {
    const secr = withCheckpoint({ framework: 'secr', jurisdiction: 'SECR' });
    expect(buildXbrlJson(secr).documentInfo['esgp:auditLogCheckpoint']).toBe(line);
    expect(
      buildXbrlJson(demoSnapshot({ framework: 'secr', jurisdiction: 'SECR' })).documentInfo,
    ).not.toHaveProperty('esgp:auditLogCheckpoint');
    const snapshot = withCheckpoint();
    const entries = unzipSync((await renderInlineXbrl(snapshot)).bytes);
    const xhtml = strFromU8(
      entries[`report-${snapshot.report.id}/reports/report-${snapshot.report.id}.xhtml`]!,
    );
    expect(xhtml).toContain(`<p>${line}</p>`);
  });
});
