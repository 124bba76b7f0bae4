import type { AnalyticsRange } from '../../../domain/contracts/analytics';
import type { ChartPoint } from '../../charts/chart-helpers';

/** spec §9: conversion badge highlighted when the rate is above 50. */
export const CONVERSION_HIGHLIGHT_ABOVE = 50;
export const isHighlightedConversion = (rate: number) => rate > CONVERSION_HIGHLIGHT_ABOVE;

export const RANGE_LABELS: Record<AnalyticsRange, string> = {
  7: 'Last 7 days',
  30: 'Last 30 days',
  90: 'Last 90 days',
};

const count = new Intl.NumberFormat('en-GB');
const rate = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

export const formatCount = (value: number) => count.format(value);
export const formatRate = (value: number) => `${rate.format(value)}%`;

/** The usage events of spec §7 in words. */
const EVENT_LABELS: Record<string, string> = {
  wizard_started: 'Wizard started',
  wizard_step_completed: 'Wizard step completed',
  wizard_completed: 'Wizard completed',
  narrative_generated: 'Narrative generated',
  report_exported: 'Report exported',
  data_source_connected: 'Data source connected',
  data_source_sync: 'Data source synced',
  esg_progress_updated: 'ESG progress updated',
};

/** 'report_exported' → 'Report exported'; a name we do not know is spelt out the same way. */
export function eventLabel(eventName: string): string {
  const known = EVENT_LABELS[eventName];
  if (known) return known;
  const words = eventName.replaceAll('_', ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const dayLong = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const dayShort = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** Daily active users as chart points: 'Wed, 18 Mar 2026' in the table, '18 Mar' on the axis. */
export function dailyUserPoints(days: ReadonlyArray<{ date: string; users: number }>): ChartPoint[] {
  return days.map(({ date, users }) => {
    const day = new Date(`${date}T00:00:00Z`);
    return { label: dayLong.format(day), shortLabel: dayShort.format(day), value: users };
  });
}

/**
 * Top events as bar-chart points: the axis shows the rank (names are too long for ten bars on a
 * phone) and the numbered list beside the chart names each rank; the table and tooltip use names.
 */
export function topEventPoints(events: ReadonlyArray<{ eventName: string; count: number }>): ChartPoint[] {
  return events.map(({ eventName, count: times }, index) => ({
    label: eventLabel(eventName),
    shortLabel: `#${index + 1}`,
    value: times,
  }));
}
