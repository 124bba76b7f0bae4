import type { DashboardOverview } from '../../../domain/contracts/dashboard';
import { builtOnFirstUse } from '../../lib/built-on-first-use';

/** spec §9: the compliance card says 'On Track' from 80 % overall progress. */
export const ON_TRACK_THRESHOLD = 80;
export const RECENT_ACTIVITY_LIMIT = 5;

type CarbonEmissions = DashboardOverview['metrics']['carbonEmissionsDetail'];
type DataSources = DashboardOverview['dataSources'];

const oneDecimal = builtOnFirstUse(
  () => new Intl.NumberFormat('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
);
const wholeNumber = builtOnFirstUse(() => new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 }));

/** A whole number as en-GB writes it ('1,250'). */
export function formatCount(value: number): string {
  return wholeNumber().format(value);
}

/** Tonnes with one decimal as en-GB writes them ('1,234.6'). */
export function formatTonnes(value: number): string {
  return oneDecimal().format(value);
}

/**
 * The carbon card's figure: the reporting year's gross tonnes, or "Not recorded" when the ledger
 * holds nothing for the year (decision 053: never 0 for a year without data).
 */
export function carbonCardFigure({ value, recorded }: CarbonEmissions): string {
  return recorded ? formatTonnes(value) : 'Not recorded';
}

/** The line under the carbon card's figure, naming the year it covers. */
export function describeCarbonYear({ year, recorded }: CarbonEmissions): string {
  return recorded
    ? `Gross emissions recorded for ${year} (scopes 1, 2 and 3)`
    : `No emissions recorded for ${year} yet. Add activity data or choose another reporting year.`;
}

export type ComplianceBadge = 'On Track' | 'In Progress' | 'Not started';

export function complianceBadge(overallProgress: number | null | undefined): ComplianceBadge {
  if (overallProgress === null || overallProgress === undefined) return 'Not started';
  return overallProgress >= ON_TRACK_THRESHOLD ? 'On Track' : 'In Progress';
}

export function formatPercent(value: number): string {
  return `${Math.round(Math.min(100, Math.max(0, value)))}%`;
}

/**
 * The card's badge from the sources' real state: a failed connector needs attention first; else
 * 'Active' when any source has data in the ledger (spec §2), else 'Setup Needed'.
 */
export function dataSourcesBadge(sources: DataSources): 'Needs attention' | 'Active' | 'Setup Needed' {
  if (sources.some((source) => source.status === 'error')) return 'Needs attention';
  return sources.some((source) => source.status === 'connected') ? 'Active' : 'Setup Needed';
}

const SOURCE_TYPE_LABELS: Record<string, string> = {
  quickbooks: 'QuickBooks Online',
  xero: 'Xero',
  shopify: 'Shopify',
  odoo: 'Odoo ERP',
  csv: 'CSV upload',
  receipt_ocr: 'Receipt scanning',
  manual: 'Entered by hand',
};

const lines = (value: number) => `${formatCount(value)} ${value === 1 ? 'line' : 'lines'}`;

/** One source in words, e.g. 'Xero', 'Xero (sync failed)', '2 receipts', 'Fuel card (no file yet)'. */
function describeSource(source: DataSources[number]): string {
  if (source.kind === 'receipts' || source.kind === 'manual') {
    return source.kind === 'manual' ? `${lines(source.lineCount)} entered by hand` : source.statusText;
  }
  if (source.kind === 'csv_source') return `${source.name} (no file yet)`;
  const label = SOURCE_TYPE_LABELS[source.type] ?? humanizeAction(source.type);
  if (source.status === 'error') return `${label} (sync failed)`;
  if (source.status === 'connecting') return `${label} (connecting)`;
  return label;
}

/**
 * The card's list: 'CSV import (44 lines)', '2 receipts', 'Xero'. Several imports read as one
 * entry with their total ('3 CSV imports (120 lines)') so the card stays short; each still counts.
 */
export function describeDataSources(sources: DataSources): string[] {
  const imports = sources.filter((source) => source.kind === 'import');
  const importLines = imports.reduce((sum, source) => sum + source.lineCount, 0);
  const described: string[] = [];
  if (imports.length === 1) described.push(`CSV import (${lines(importLines)})`);
  if (imports.length > 1)
    described.push(`${formatCount(imports.length)} CSV imports (${lines(importLines)})`);
  for (const source of sources) if (source.kind !== 'import') described.push(describeSource(source));
  return described;
}

/** The card's caption after its number: '1 data source', '3 data sources'. */
export function dataSourceNoun(sources: DataSources): string {
  return sources.length === 1 ? 'data source' : 'data sources';
}

type Narratives = DashboardOverview['narratives'];

/** The narrative card: '4 of 4 sections approved' is Ready; any started section is In Progress. */
export function narrativesBadge(narratives: Narratives): 'Ready' | 'In Progress' | 'Not started' {
  if (narratives.totalSections > 0 && narratives.approvedSections === narratives.totalSections)
    return 'Ready';
  return narratives.startedSections > 0 ? 'In Progress' : 'Not started';
}

/** What the sections still need, e.g. '1 waiting for approval, 2 not started'. */
export function describeNarratives(narratives: Narratives): string {
  const waiting = narratives.startedSections - narratives.approvedSections;
  const notStarted = narratives.totalSections - narratives.startedSections;
  const parts = [
    ...(waiting > 0 ? [`${waiting} waiting for approval`] : []),
    ...(notStarted > 0 ? [`${notStarted} not started`] : []),
  ];
  return parts.length > 0 ? `${parts.join(', ')}.` : 'Every section is approved.';
}

/** 'Welcome' on a person's first visit, 'Welcome back' afterwards (decision 054). */
export function welcomeTitle(isFirstVisit: boolean, firstName: string): string {
  return `${isFirstVisit ? 'Welcome' : 'Welcome back'}${firstName ? `, ${firstName}` : ''}`;
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

type Offsets = DashboardOverview['offsets'];

const usd = builtOnFirstUse(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }));
const upToOneDecimal = builtOnFirstUse(() => new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 }));

/** Dollars with cents ('$216.00'). */
export function formatUsd(amount: number): string {
  return usd().format(amount);
}

/** Whole tonnes of credits with thousands separators ('1,250'). */
export function formatCredits(tonnes: number): string {
  return formatCount(tonnes);
}

/** The neutralisation figure with at most one decimal ('62.9%'), clamped to 0–100. */
export function formatNeutralization(percentage: number): string {
  const clamped = Math.min(100, Math.max(0, percentage));
  return `${upToOneDecimal().format(clamped)}%`;
}

/**
 * The marketplace tip of the Recommendations panel (spec §2 "offset for $48"), from the real
 * figures: what the rest of this year's gross footprint costs at current prices, or plainly why
 * there is no price to quote.
 */
export function offsetTip(offsets: Offsets): { text: string; action: string } {
  const { year, remainingTonnes, neutralizationPercentage, costToOffsetRemainingUsd } = offsets;
  if (remainingTonnes > 0 && costToOffsetRemainingUsd !== null) {
    return {
      text: `Offset your remaining ${formatCredits(remainingTonnes)} tCO2e for ${formatUsd(costToOffsetRemainingUsd)} at current marketplace prices. Credits are reported next to your emissions, never subtracted from them.`,
      action: 'Browse Marketplace',
    };
  }
  if (remainingTonnes > 0) {
    return {
      text: `No project has credits in stock right now to offset your remaining ${formatCredits(remainingTonnes)} tCO2e. Browse verified carbon credits to see when stock returns.`,
      action: 'Browse Marketplace',
    };
  }
  // Nothing remains: either credits cover the emissions, or there are no emissions to cover (then
  // the percentage is 0 even when credits were bought).
  if (neutralizationPercentage > 0) {
    return {
      text: `Your ${year} emissions are fully matched by credits. Keep reducing: credits are reported next to your emissions, never subtracted from them.`,
      action: 'View your credits',
    };
  }
  return {
    text: `No ${year} emissions recorded yet, so there is nothing to offset. Browse verified carbon credits and compare their prices per tonne.`,
    action: 'Browse Marketplace',
  };
}
