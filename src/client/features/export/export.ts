import type {
  Filing,
  Report,
  ReportFormat,
  ReportFramework,
  ReportStatus,
} from '../../../domain/contracts/export';
import { monthHasBegun } from '../../../domain/emissions/reporting-year';
import type { BadgeTone } from '../../ui/badge';

/** spec §9 formats, in the order the screen offers them (default pdf, spec §3). */
export const FORMAT_OPTIONS: ReadonlyArray<{ value: ReportFormat; label: string }> = [
  { value: 'pdf', label: 'PDF' },
  { value: 'xbrl', label: 'XBRL' },
  { value: 'csv', label: 'CSV' },
];

/** spec §9 report frameworks. CSRD reports follow the EFRAG VSME standard for SMEs. */
export const FRAMEWORK_OPTIONS: ReadonlyArray<{ value: ReportFramework; label: string }> = [
  { value: 'gri', label: 'GRI' },
  { value: 'sasb', label: 'SASB' },
  { value: 'tcfd', label: 'TCFD' },
  { value: 'csrd', label: 'CSRD (VSME)' },
  { value: 'secr', label: 'UK SECR' },
];

export function formatLabel(format: ReportFormat): string {
  return FORMAT_OPTIONS.find((option) => option.value === format)?.label ?? format.toUpperCase();
}

export function frameworkLabel(framework: ReportFramework): string {
  return FRAMEWORK_OPTIONS.find((option) => option.value === framework)?.label ?? framework.toUpperCase();
}

/**
 * Reporting periods around the company's reporting year (decision 086: the one year every screen
 * shows, GET /api/reporting-year): that year, its quarters that have begun by `today` (newest
 * first), then the year before. spec §9 lists a fixed 2024-q4 … 2023 set, but that list predates
 * any data a company enters now, so the screen offers the periods the company reports on. The
 * first is the default period.
 */
export function reportingPeriods(reportingYear: number, today: string): string[] {
  const quarters = [4, 3, 2, 1].filter((quarter) =>
    monthHasBegun(`${reportingYear}-${String(quarter * 3 - 2).padStart(2, '0')}`, today),
  );
  return [
    String(reportingYear),
    ...quarters.map((quarter) => `${reportingYear}-q${quarter}`),
    String(reportingYear - 1),
  ];
}

const QUARTER_MONTHS = ['Jan–Mar', 'Apr–Jun', 'Jul–Sep', 'Oct–Dec'];

/** '2025' → '2025 (full year)', '2025-q1' → 'Q1 2025 (Jan–Mar)'; anything else as given. */
export function periodLabel(period: string): string {
  const match = /^(\d{4})(?:-q([1-4]))?$/.exec(period);
  if (!match) return period;
  const [, year, quarter] = match;
  if (!quarter) return `${year} (full year)`;
  return `Q${quarter} ${year} (${QUARTER_MONTHS[Number(quarter) - 1]})`;
}

/** spec §4: report badges; Filed is green. */
export const REPORT_STATUS: Record<ReportStatus, { label: string; tone: BadgeTone }> = {
  draft: { label: 'Draft', tone: 'neutral' },
  final: { label: 'Final', tone: 'info' },
  submitted: { label: 'Submitted', tone: 'warning' },
  filed: { label: 'Filed', tone: 'success' },
};

/** spec §4: pending yellow, accepted green, rejected red. */
export const FILING_STATUS: Record<Filing['filingStatus'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'warning' },
  submitted: { label: 'Submitted', tone: 'info' },
  accepted: { label: 'Accepted', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'danger' },
};

/** spec §7: the XBRL export is saved as 'report-{id}.xbrl' unless the server names the file. */
export function xbrlFileName(reportId: string, contentDisposition?: string | null): string {
  return fileNameFromDisposition(contentDisposition) ?? `report-${reportId}.xbrl`;
}

/** The file name of a Content-Disposition header (RFC 6266: filename* wins over filename). */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return safeFileName(decodeURIComponent(extended[1].trim()));
    } catch {
      // A malformed escape: fall back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(header);
  const name = plain?.[1] ?? plain?.[2]?.trim();
  return name ? safeFileName(name) : null;
}

/** Keeps only the last path segment, so a header can never pick a folder. */
function safeFileName(name: string): string | null {
  const base = name.split(/[/\\]/).pop()?.trim() ?? '';
  return base && base !== '.' && base !== '..' ? base : null;
}

export interface ExportSummary {
  totalReports: number;
  filedReports: number;
  pendingFilings: number;
}

/** spec §2 summary card. */
export function summarizeExport(reports: Report[], filings: Filing[]): ExportSummary {
  return {
    totalReports: reports.length,
    filedReports: reports.filter((report) => report.status === 'filed').length,
    pendingFilings: filings.filter((filing) => filing.filingStatus === 'pending').length,
  };
}

/** Generation runs as a job: poll the list while any report is still queued or running. */
export function isAnyReportGenerating(reports: Report[] | undefined): boolean {
  return (
    reports?.some((report) => report.generation === 'queued' || report.generation === 'running') ?? false
  );
}

/** A filing is decided by a job too: poll while any has no decision yet. */
export function isAnyFilingUndecided(filings: Filing[] | undefined): boolean {
  return (
    filings?.some((filing) => filing.filingStatus === 'pending' || filing.filingStatus === 'submitted') ??
    false
  );
}

/** spec §5: generate is disabled while generating or while the request is pending. */
export function canGenerate(isGenerating: boolean, isPending: boolean): boolean {
  return !isGenerating && !isPending;
}

/** spec §5: submit needs a regulator and a filing type, and no filing in flight. */
export function canSubmitFiling(regulatorCode: string, filingType: string, isPending: boolean): boolean {
  return regulatorCode !== '' && filingType !== '' && !isPending;
}

/** spec §2: only final reports can be exported to XBRL or filed. */
export function canFileReport(report: Report): boolean {
  return report.status === 'final';
}

/** A person marks a draft final once its file exists. */
export function canMarkFinal(report: Report): boolean {
  return report.status === 'draft' && report.generation === 'succeeded';
}

/** Plain words for the email delivery outcome (null when email was not asked for). */
export function emailDeliveryText(outcome: string | null): string | null {
  if (outcome === null) return null;
  if (outcome === 'sent') return 'Emailed to you';
  if (outcome === 'not_configured') return 'Email not configured — download the file instead';
  if (outcome === 'failed') return 'Email could not be sent — download the file instead';
  return null;
}

export function formatDate(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

/** Date and time, so two reports of one day are told apart: "15 Mar 2026, 10:00". */
export function formatDateTime(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return `${formatDate(iso)}, ${time}`;
}

const calendarDay = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * A calendar date ('2026-08-10') as '10 Aug 2026' on every screen: read as a UTC day, so a
 * browser west of Greenwich does not show the day before.
 */
export function formatDay(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : calendarDay.format(date);
}

export function formatFileSize(bytes: number | null): string | null {
  if (bytes === null) return null;
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
