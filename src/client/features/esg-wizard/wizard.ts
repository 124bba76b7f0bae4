// Pure rules of the ESG Wizard screen (spec §2 ESG Wizard, §4 wizard steps, §9 thresholds): which
// step to open on, section summaries, the missing-required card, how an answer's value and origin
// read, and the client-side evidence file check.
import type { EsgProgressItem, EsgProgressResponse, Evidence } from '../../../domain/contracts/esg-wizard';
import { isCompletedValue, REVIEW_THRESHOLD_PERCENT, SECTIONS } from '../../../domain/esg/compliance';
import { humaniseIndicator } from '../../../domain/esg/indicators';
import type { EsgSection } from '../../../domain/esg/types';

export type WizardStep = 1 | 2 | 3 | 4;

export const WIZARD_STEPS: ReadonlyArray<{ step: WizardStep; label: string }> = [
  { step: 1, label: 'Jurisdiction' },
  { step: 2, label: 'Checklist' },
  { step: 3, label: 'Review' },
  { step: 4, label: 'Complete' },
];

export const SECTION_LABELS: Record<EsgSection, string> = {
  environmental: 'Environmental (E)',
  social: 'Social (S)',
  governance: 'Governance (G)',
};

/** spec §9: the 'Required Items Missing' card names 5 indicators, then '+N more'. */
export const MISSING_REQUIRED_LIMIT = 5;

/** spec §5 receipt rule, reused for evidence: under 10 MB. */
export const MAX_EVIDENCE_BYTES = 10 * 1024 * 1024;
export const EVIDENCE_TOO_LARGE = 'File size must be less than 10MB';
export const EVIDENCE_WRONG_TYPE = 'Choose a PDF, an image or a CSV file';
export const EVIDENCE_ACCEPT = 'application/pdf,image/*,text/csv,.csv,.pdf';

/** A checklist exists: open on step 2 (spec §2), else step 1. */
export function initialStep(progress: EsgProgressResponse | undefined): WizardStep {
  return progress && progress.progress.length > 0 ? 2 : 1;
}

export function canContinueToReview(overallProgress: number): boolean {
  return overallProgress >= REVIEW_THRESHOLD_PERCENT;
}

/** Why 'Continue to Review' is disabled, or null when it is not. */
export function continueHint(overallProgress: number): string | null {
  if (canContinueToReview(overallProgress)) return null;
  return `Complete at least ${REVIEW_THRESHOLD_PERCENT}% to continue — now ${Math.round(overallProgress)}%`;
}

/** The title to show: the server's, else the humanised key (spec §2). */
export function indicatorTitle(item: Pick<EsgProgressItem, 'indicator' | 'title'>): string {
  return item.title.trim() || humaniseIndicator(item.indicator);
}

export interface SectionSummary {
  section: EsgSection;
  label: string;
  items: EsgProgressItem[];
  completed: number;
  total: number;
  percent: number;
}

const percentOf = (done: number, total: number) => (total === 0 ? 0 : Math.round((done / total) * 100));

export function summariseSections(items: readonly EsgProgressItem[]): SectionSummary[] {
  return SECTIONS.map((section) => {
    const inSection = items.filter((item) => item.section === section);
    const completed = inSection.filter((item) => item.isCompleted).length;
    return {
      section,
      label: SECTION_LABELS[section],
      items: inSection,
      completed,
      total: inSection.length,
      percent: percentOf(completed, inSection.length),
    };
  });
}

/** Overall percentage: the server's complianceStatus when present, else counted from the items. */
export function overallPercent(progress: EsgProgressResponse): number {
  if (progress.complianceStatus) return progress.complianceStatus.overallProgress;
  return percentOf(progress.progress.filter((item) => item.isCompleted).length, progress.progress.length);
}

/** Titles of the missing required indicators, first five, and how many more there are. */
export function missingRequiredList(progress: EsgProgressResponse): { titles: string[]; more: number } {
  const keys =
    progress.complianceStatus?.missingRequired ??
    progress.progress.filter((item) => item.isRequired && !item.isCompleted).map((item) => item.indicator);
  const byKey = new Map(progress.progress.map((item) => [item.indicator, item]));
  const titles = keys.map((key) => {
    const item = byKey.get(key);
    return item ? indicatorTitle(item) : humaniseIndicator(key);
  });
  return {
    titles: titles.slice(0, MISSING_REQUIRED_LIMIT),
    more: Math.max(0, titles.length - MISSING_REQUIRED_LIMIT),
  };
}

/** Incomplete indicators, required ones first, checklist order kept within each group. */
export function missingItems(items: readonly EsgProgressItem[]): EsgProgressItem[] {
  const open = items.filter((item) => !item.isCompleted);
  return [...open.filter((item) => item.isRequired), ...open.filter((item) => !item.isRequired)];
}

const NUMBER = /^-?\d[\d,\s]*(\.\d+)?$/;

/** '12.5' + 'tCO2e' → '12.5 tCO2e'; text answers and 'completed' keep no unit. */
export function formatValue(value: string | null, unit: string | null): string {
  const text = (value ?? '').trim();
  if (!isCompletedValue(text)) return '';
  return unit && NUMBER.test(text) ? `${text} ${unit}` : text;
}

const dayMonthYear = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '2026-08-07' or an ISO timestamp → '7 Aug 2026'; anything unreadable is shown as given. */
export function formatDate(value: string): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? value : dayMonthYear.format(date);
}

/** How the server's `ledgerRegion` reads: the geography a ledger figure is limited to. */
export const LEDGER_REGION_LABELS: Record<NonNullable<EsgProgressItem['ledgerRegion']>, string> = {
  GB: 'UK sites only',
};

/** 'UK sites only' when the ledger figure covers part of the company's sites, else null. */
export function ledgerScope(item: Pick<EsgProgressItem, 'ledgerRegion'>): string | null {
  return item.ledgerRegion ? LEDGER_REGION_LABELS[item.ledgerRegion] : null;
}

/** Where the current value came from, as sentences (the review shows all of them). */
export function describeOrigin(item: EsgProgressItem, year: number): string[] {
  const lines: string[] = [];
  const scope = ledgerScope(item);
  if (item.origin === 'ledger') {
    lines.push(`From your ledger${scope ? `, ${scope}` : ''} (reporting year ${year})`);
  }
  if (item.origin === 'manual') {
    const who = item.updatedBy ?? 'a team member';
    lines.push(item.updatedAt ? `Entered by ${who} on ${formatDate(item.updatedAt)}` : `Entered by ${who}`);
  }
  if (item.overridden && item.ledgerValue !== null) {
    lines.push(
      `Overrides the ledger figure ${formatValue(item.ledgerValue, item.unit)}${scope ? ` (${scope})` : ''}`,
    );
  }
  if (item.origin === 'empty') lines.push('Not answered yet');
  return lines;
}

/** 'VSME Basic module · rule pack 1.0.0, checked 7 Aug 2026'. */
export function rulePackLabel(rulePack: EsgProgressResponse['rulePack']): string {
  return `${rulePack.framework} · rule pack ${rulePack.version}, checked ${formatDate(rulePack.asOf)}`;
}

/** The checklist was made with an older pack than the one the server now holds. */
export function isChecklistOutdated(progress: EsgProgressResponse): boolean {
  return progress.initializedVersion !== null && progress.initializedVersion !== progress.rulePack.version;
}

export function evidenceFor(evidence: readonly Evidence[], indicator: string): Evidence[] {
  return evidence.filter((file) => file.indicator === indicator);
}

const EVIDENCE_EXTENSIONS = /\.(pdf|csv|png|jpe?g|gif|webp|heic|heif|tiff?|bmp)$/i;

/** Client-side check before upload (the server checks again): PDF, image or CSV, under 10 MB. */
export function checkEvidenceFile(file: { name: string; type: string; size: number }): string | null {
  const type = file.type.toLowerCase();
  const allowed =
    type === 'application/pdf' ||
    type.startsWith('image/') ||
    type === 'text/csv' ||
    (type === '' || type === 'application/vnd.ms-excel' ? EVIDENCE_EXTENSIONS.test(file.name) : false);
  if (!allowed) return EVIDENCE_WRONG_TYPE;
  if (file.size >= MAX_EVIDENCE_BYTES) return EVIDENCE_TOO_LARGE;
  return null;
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 102.4) / 10} KB`;
  return `${Math.round(bytes / (1024 * 102.4)) / 10} MB`;
}

/** What the edit dialog saves (spec §4): the text when marked complete ('completed' if empty), else ''. */
export function dialogSaveValue(text: string, markCompleted: boolean): string {
  if (!markCompleted) return '';
  return isCompletedValue(text) ? text : 'completed';
}
