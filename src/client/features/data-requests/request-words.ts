import type { AnswerStatus, DataRequestStatus, RequesterType } from '../../../domain/contracts/data-requests';
import type { BadgeTone } from '../../ui/badge';

/**
 * The words and badge colours of the request screens (issue 22), apart from the components. Type
 * imports only: the inbox and the dashboard card load no zod until a form opens.
 */

export const REQUEST_STATUS_WORDS: Record<DataRequestStatus, { label: string; tone: BadgeTone }> = {
  draft: { label: 'Draft', tone: 'neutral' },
  answered: { label: 'Answered', tone: 'info' },
  shared: { label: 'Shared', tone: 'success' },
  declined: { label: 'Declined', tone: 'warning' },
  overdue: { label: 'Overdue', tone: 'danger' },
};

export const ANSWER_STATUS_WORDS: Record<AnswerStatus, { label: string; tone: BadgeTone }> = {
  answered: { label: 'Answered', tone: 'success' },
  missing: { label: 'Missing', tone: 'warning' },
  beyond_cap: { label: 'Beyond the cap', tone: 'info' },
  declined: { label: 'Declined', tone: 'neutral' },
};

export const REQUESTER_TYPE_LABELS: Record<RequesterType, string> = {
  customer: 'Customer',
  bank: 'Bank or lender',
  other: 'Other',
};

/** The label the issue asks for beside an item beyond the cap, with the rule the server cites. */
export function beyondCapLabel(rule: string): string {
  return `Beyond the VSME value-chain cap (${rule})`;
}

/** Today's calendar date where the person is, as YYYY-MM-DD. */
export function localToday(now: Date): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

const DAY_MS = 86_400_000;

/** Whole days from `today` to `dueDate` (both YYYY-MM-DD); negative once it has passed. */
export function daysUntil(dueDate: string, today: string): number {
  return Math.round((Date.parse(`${dueDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

/** 'Due today', 'Due tomorrow', 'Due in 5 days', '3 days overdue'. */
export function dueWords(dueDate: string, today: string): string {
  const days = daysUntil(dueDate, today);
  if (days === 0) return 'Due today';
  if (days === 1) return 'Due tomorrow';
  if (days > 1) return `Due in ${days} days`;
  return days === -1 ? '1 day overdue' : `${-days} days overdue`;
}

/** The id of /requests/{id}, or null for any other address. */
export function requestIdFromPath(pathname: string): string | null {
  const match = /^\/requests\/([^/]+)\/?$/.exec(pathname);
  return match ? decodeURIComponent(match[1]!) : null;
}
