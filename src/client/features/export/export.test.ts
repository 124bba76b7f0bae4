import { describe, expect, test } from 'bun:test';
import type { Filing, Report } from '../../../domain/contracts/export';
import {
  canFileReport,
  canGenerate,
  canMarkFinal,
  canSubmitFiling,
  emailDeliveryText,
  FILING_STATUS,
  fileNameFromDisposition,
  formatDateTime,
  formatDay,
  formatFileSize,
  isAnyFilingUndecided,
  isAnyReportGenerating,
  periodLabel,
  REPORT_STATUS,
  reportingPeriods,
  summarizeExport,
  xbrlFileName,
} from './export';
import { defaultFramework } from './identifier';

const report = (overrides: Partial<Report> = {}): Report => ({
  id: 'r1',
  title: 'GRI report 2025',
  format: 'pdf',
  framework: 'gri',
  period: '2025',
  version: 1,
  jurisdiction: 'SECR',
  status: 'draft',
  generation: 'succeeded',
  generationError: null,
  fileName: 'report-r1.pdf',
  contentType: 'application/pdf',
  size: 1000,
  sha256: null,
  downloadUrl: '/api/reports/r1/download',
  readableUrl: null,
  emailDelivery: null,
  createdAt: '2026-01-10T10:00:00.000Z',
  createdBy: null,
  finalizedAt: null,
  ...overrides,
});

const filing = (filingStatus: Filing['filingStatus']): Filing => ({
  id: `f-${filingStatus}`,
  reportId: 'r1',
  reportTitle: 'GRI report 2025',
  regulatorCode: 'CH',
  regulatorName: 'Companies House',
  filingType: 'annual_accounts',
  jurisdiction: 'SECR',
  filingStatus,
  submittedAt: null,
  confirmationNumber: 'SANDBOX-1',
  sandbox: true,
  statusReason: null,
  packageUrl: null,
  createdAt: '2026-01-10T10:00:00.000Z',
});

describe('reporting periods', () => {
  test('offer the reporting year first, its quarters newest first, then the year before', () => {
    expect(reportingPeriods(2025, '2026-05-15')).toEqual([
      '2025',
      '2025-q4',
      '2025-q3',
      '2025-q2',
      '2025-q1',
      '2024',
    ]);
  });

  test('a reporting year in progress offers only the quarters that have begun', () => {
    expect(reportingPeriods(2026, '2026-05-15')).toEqual(['2026', '2026-q2', '2026-q1', '2025']);
    expect(reportingPeriods(2026, '2026-01-01')).toEqual(['2026', '2026-q1', '2025']);
  });

  test('every period matches the contract shape', () => {
    for (const period of reportingPeriods(2025, '2026-11-26'))
      expect(period).toMatch(/^(20\d{2})(-q[1-4])?$/);
  });

  test('are labelled in plain words', () => {
    expect(periodLabel('2025')).toBe('2025 (full year)');
    expect(periodLabel('2025-q1')).toBe('Q1 2025 (Jan–Mar)');
    expect(periodLabel('2025-q4')).toBe('Q4 2025 (Oct–Dec)');
    expect(periodLabel('spring')).toBe('spring');
  });
});

describe('status badges', () => {
  test('a filed report is green', () => {
    expect(REPORT_STATUS.filed).toEqual({ label: 'Filed', tone: 'success' });
    expect(REPORT_STATUS.draft.label).toBe('Draft');
    expect(REPORT_STATUS.final.label).toBe('Final');
    expect(REPORT_STATUS.submitted.label).toBe('Submitted');
  });

  test('filings: pending yellow, accepted green, rejected red', () => {
    expect(FILING_STATUS.pending.tone).toBe('warning');
    expect(FILING_STATUS.accepted.tone).toBe('success');
    expect(FILING_STATUS.rejected.tone).toBe('danger');
    expect(FILING_STATUS.submitted.label).toBe('Submitted');
  });
});

describe('file names', () => {
  test('an XBRL export is saved as report-{id}.xbrl by default', () => {
    expect(xbrlFileName('abc')).toBe('report-abc.xbrl');
    expect(xbrlFileName('abc', null)).toBe('report-abc.xbrl');
  });

  test('the server may name the file', () => {
    expect(xbrlFileName('abc', 'attachment; filename="ellis-2025.xhtml"')).toBe('ellis-2025.xhtml');
    expect(fileNameFromDisposition('attachment; filename=report.zip')).toBe('report.zip');
    expect(fileNameFromDisposition('attachment; filename="a.xbrl"; filename*=UTF-8\'\'b%C3%A9.xbrl')).toBe(
      'bé.xbrl',
    );
  });

  test('a header can never choose a folder', () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameFromDisposition('attachment; filename=".."')).toBeNull();
    expect(fileNameFromDisposition('inline')).toBeNull();
  });

  test('sizes read in bytes, KB or MB', () => {
    expect(formatFileSize(null)).toBeNull();
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(2048)).toBe('2.0 KB');
    expect(formatFileSize(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});

describe('summary and polling', () => {
  test('counts reports, filed reports and pending filings', () => {
    const reports = [report({ id: 'a' }), report({ id: 'b', status: 'filed' })];
    const filings = [filing('pending'), filing('accepted'), filing('pending')];
    expect(summarizeExport(reports, filings)).toEqual({
      totalReports: 2,
      filedReports: 1,
      pendingFilings: 2,
    });
    expect(summarizeExport([], [])).toEqual({ totalReports: 0, filedReports: 0, pendingFilings: 0 });
  });

  test('polls reports only while one is queued or running', () => {
    expect(isAnyReportGenerating(undefined)).toBe(false);
    expect(isAnyReportGenerating([report()])).toBe(false);
    expect(isAnyReportGenerating([report(), report({ generation: 'queued' })])).toBe(true);
    expect(isAnyReportGenerating([report({ generation: 'running' })])).toBe(true);
    expect(isAnyReportGenerating([report({ generation: 'failed' })])).toBe(false);
  });

  test('polls filings only while one awaits a decision', () => {
    expect(isAnyFilingUndecided([filing('accepted'), filing('rejected')])).toBe(false);
    expect(isAnyFilingUndecided([filing('pending')])).toBe(true);
    expect(isAnyFilingUndecided([filing('submitted')])).toBe(true);
  });
});

describe('actions', () => {
  test('generate is disabled while generating or pending', () => {
    expect(canGenerate(false, false)).toBe(true);
    expect(canGenerate(true, false)).toBe(false);
    expect(canGenerate(false, true)).toBe(false);
  });

  test('filing submit needs a regulator, a filing type and nothing in flight', () => {
    expect(canSubmitFiling('CH', 'annual', false)).toBe(true);
    expect(canSubmitFiling('', 'annual', false)).toBe(false);
    expect(canSubmitFiling('CH', '', false)).toBe(false);
    expect(canSubmitFiling('CH', 'annual', true)).toBe(false);
  });

  test('only final reports are exported to XBRL or filed', () => {
    expect(canFileReport(report({ status: 'final' }))).toBe(true);
    expect(canFileReport(report({ status: 'draft' }))).toBe(false);
    expect(canFileReport(report({ status: 'filed' }))).toBe(false);
  });

  test('a draft is marked final only once its file exists', () => {
    expect(canMarkFinal(report())).toBe(true);
    expect(canMarkFinal(report({ generation: 'running' }))).toBe(false);
    expect(canMarkFinal(report({ generation: 'failed' }))).toBe(false);
    expect(canMarkFinal(report({ status: 'final' }))).toBe(false);
  });
});

describe('words', () => {
  test('email delivery outcomes', () => {
    expect(emailDeliveryText(null)).toBeNull();
    expect(emailDeliveryText('sent')).toBe('Emailed to you');
    expect(emailDeliveryText('not_configured')).toBe('Email not configured — download the file instead');
    expect(emailDeliveryText('failed')).toContain('download the file instead');
  });

  test('a regulator date reads as its own calendar day, whatever the browser time zone', () => {
    expect(formatDay('2026-08-10')).toBe('10 Aug 2026');
    expect(formatDay('2027-07-10')).toBe('10 Jul 2027');
    expect(formatDay('not a date')).toBe('not a date');
  });
});

describe('defaultFramework (issue 18: the framework starts on the company jurisdiction)', () => {
  test('SECR for a UK company, CSRD (VSME) in the EU, TCFD in the US, GRI when unknown', () => {
    expect(defaultFramework('SECR')).toBe('secr');
    expect(defaultFramework('CSRD')).toBe('csrd');
    expect(defaultFramework('SEC')).toBe('tcfd');
    expect(defaultFramework(null)).toBe('gri');
  });
});

test('formatDateTime adds the time, so two reports made the same day are told apart', () => {
  const morning = formatDateTime('2026-03-15T08:05:00.000Z');
  const afternoon = formatDateTime('2026-03-15T15:40:00.000Z');
  expect(morning).toMatch(/^\d{1,2} Mar 2026, \d{2}:\d{2}$/);
  expect(morning).not.toBe(afternoon);
  expect(formatDateTime(null)).toBe('—');
});
