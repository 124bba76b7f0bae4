// Completion and the complianceStatus of spec §3/§4: an indicator is complete when its stored
// value is non-empty; percentages are whole numbers of completed over all indicators (overall and
// per section); missing required keys keep the checklist's order.
import type { ComplianceStatus } from '../contracts/dashboard.ts';
import type { EsgSection } from './types.ts';

/** spec §9: 'Continue to Review' needs this overall percentage. */
export const REVIEW_THRESHOLD_PERCENT = 70;
/** spec §9: the dashboard says 'On Track' from this overall percentage. */
export const ON_TRACK_THRESHOLD_PERCENT = 80;

export const SECTIONS: readonly EsgSection[] = ['environmental', 'social', 'governance'];

/** spec §4: completion equals a non-empty stored value. */
export function isCompletedValue(value: string | null | undefined): boolean {
  return (value ?? '').trim() !== '';
}

/** spec §4 toggle: on stores the current value or 'completed' when empty; off stores ''. */
export function toggledValue(currentValue: string, completed: boolean): string {
  if (!completed) return '';
  return isCompletedValue(currentValue) ? currentValue : 'completed';
}

export interface CompletionItem {
  section: EsgSection;
  indicator: string;
  isCompleted: boolean;
  isRequired: boolean;
}

const percent = (done: number, total: number) => (total === 0 ? 0 : Math.round((done / total) * 100));

export function computeComplianceStatus(items: readonly CompletionItem[]): ComplianceStatus {
  const sectionProgress = { environmental: 0, social: 0, governance: 0 };
  for (const section of SECTIONS) {
    const inSection = items.filter((item) => item.section === section);
    sectionProgress[section] = percent(inSection.filter((item) => item.isCompleted).length, inSection.length);
  }
  return {
    overallProgress: percent(items.filter((item) => item.isCompleted).length, items.length),
    sectionProgress,
    missingRequired: items
      .filter((item) => item.isRequired && !item.isCompleted)
      .map((item) => item.indicator),
  };
}
