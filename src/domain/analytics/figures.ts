/** Pure arithmetic of the analytics screen: the date window and the percentages. */

export const DAY_MS = 86_400_000;

export interface AnalyticsWindow {
  /** Start of the first day (00:00 UTC), inclusive. */
  from: Date;
  /** Start of the day after today (00:00 UTC), exclusive. */
  to: Date;
  /** Every day of the window as YYYY-MM-DD, oldest first. */
  dates: string[];
}

/**
 * "The last N days" means N whole UTC calendar days ending with today: with days = 7 on a
 * Wednesday, Thursday of last week through today. UTC, so every viewer of a company sees the same
 * figures whatever their time zone.
 */
export function analyticsWindow(now: Date, days: number): AnalyticsWindow {
  const startOfToday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = startOfToday - (days - 1) * DAY_MS;
  const dates: string[] = [];
  for (let day = 0; day < days; day++) dates.push(new Date(from + day * DAY_MS).toISOString().slice(0, 10));
  return { from: new Date(from), to: new Date(startOfToday + DAY_MS), dates };
}

/** part ÷ whole × 100 with one decimal, 0 when there is no whole, never above 100. */
export function percentOf(part: number, whole: number): number {
  if (whole <= 0 || part <= 0) return 0;
  return Math.min(100, Math.round((part / whole) * 1000) / 10);
}
