import type { DashboardOverview } from '../../../domain/contracts/dashboard';

/** spec §9: the compliance card says 'On Track' from 80 % overall progress. */
export const ON_TRACK_THRESHOLD = 80;
export const RECENT_ACTIVITY_LIMIT = 5;

type CarbonEmissions = DashboardOverview['metrics']['carbonEmissions'];

const oneDecimal = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export function formatTonnes(value: number): string {
  return oneDecimal.format(value);
}

/**
 * Month-on-month change of the carbon card, computed from the two recorded figures. Without a
 * positive figure for last month there is nothing to compare against.
 */
export function describeEmissionsChange({ value, previousMonthValue }: CarbonEmissions): string {
  if (previousMonthValue === null || previousMonthValue <= 0) return 'No emissions recorded last month';
  const percent = Math.round(((value - previousMonthValue) / previousMonthValue) * 100);
  if (percent === 0) return 'About the same as last month';
  return percent < 0 ? `${-percent}% lower than last month` : `${percent}% higher than last month`;
}

/** `YYYY-MM` → 'November 2025' (UTC, as the API reports it). */
export function formatMonth(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

export type ComplianceBadge = 'On Track' | 'In Progress' | 'Not started';

export function complianceBadge(overallProgress: number | null | undefined): ComplianceBadge {
  if (overallProgress === null || overallProgress === undefined) return 'Not started';
  return overallProgress >= ON_TRACK_THRESHOLD ? 'On Track' : 'In Progress';
}

export function formatPercent(value: number): string {
  return `${Math.round(Math.min(100, Math.max(0, value)))}%`;
}

/** 'Active' when any source is connected, else 'Setup Needed' (spec §2). */
export function dataSourcesBadge(sources: DashboardOverview['dataSources']): 'Active' | 'Setup Needed' {
  return sources.some((source) => source.status === 'connected') ? 'Active' : 'Setup Needed';
}

const SOURCE_TYPE_LABELS: Record<string, string> = {
  quickbooks: 'QuickBooks Online',
  xero: 'Xero',
  shopify: 'Shopify',
  odoo: 'Odoo ERP',
  csv: 'CSV upload',
  receipt_ocr: 'Receipt scanning',
};

/** Distinct source types in the order first seen, with readable names. */
export function sourceTypeLabels(sources: DashboardOverview['dataSources']): string[] {
  const labels = sources.map((source) => SOURCE_TYPE_LABELS[source.type] ?? humanizeAction(source.type));
  return [...new Set(labels)];
}

const ACRONYMS = new Set(['esg', 'csv', 'pdf', 'xbrl', 'ocr', 'api', 'kpi', 'csrd', 'secr', 'sec', 'ai']);

/** snake_case activity → 'Data source connected' (underscores as spaces, known acronyms in capitals). */
export function humanizeAction(action: string): string {
  const words = action
    .split('_')
    .filter(Boolean)
    .map((word) => (ACRONYMS.has(word.toLowerCase()) ? word.toUpperCase() : word));
  const text = words.join(' ');
  return text ? text[0]!.toUpperCase() + text.slice(1) : text;
}

export function latestActivity(
  activity: DashboardOverview['recentActivity'],
): DashboardOverview['recentActivity'] {
  return activity.slice(0, RECENT_ACTIVITY_LIMIT);
}
