/** `feedback_submitted` → `Feedback submitted` (snake_case actions shown with spaces, spec §3). */
export function actionLabel(action: string): string {
  const words = action.replaceAll('_', ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : action;
}

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}
