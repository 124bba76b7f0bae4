// A request's status, derived whenever it is read (decision 077): declined and shared are the
// person's acts; overdue is the due date passed (by the injected clock's date) with neither;
// answered means no item is still missing; draft otherwise.
import type { DataRequestAnswer, DataRequestStatus } from '../contracts/data-requests.ts';

export interface AnswerCounts {
  answered: number;
  missing: number;
  beyondCap: number;
  declined: number;
}

export function countAnswers(answers: readonly Pick<DataRequestAnswer, 'status'>[]): AnswerCounts {
  const counts: AnswerCounts = { answered: 0, missing: 0, beyondCap: 0, declined: 0 };
  for (const answer of answers) {
    if (answer.status === 'beyond_cap') counts.beyondCap++;
    else counts[answer.status]++;
  }
  return counts;
}

export interface StatusInput {
  isDeclined: boolean;
  hasLiveShare: boolean;
  /** `YYYY-MM-DD` or null. */
  dueDate: string | null;
  /** Today, `YYYY-MM-DD` (UTC), from the injected clock. */
  today: string;
  counts: AnswerCounts;
}

export function requestStatus(input: StatusInput): DataRequestStatus {
  if (input.isDeclined) return 'declined';
  if (input.hasLiveShare) return 'shared';
  if (input.dueDate !== null && input.dueDate < input.today) return 'overdue';
  return input.counts.missing === 0 ? 'answered' : 'draft';
}
