import type { DataRequestSummary } from '../../../domain/contracts/data-requests';
import { Badge } from '../../ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { useDataRequests } from './api';
import { daysUntil, dueWords, localToday } from './request-words';
import { formatDate } from './shared-pack-words';

/** At most this many on the dashboard; the inbox lists the rest. */
const SHOWN = 5;

/** Overdue first (most overdue at the top), then the nearest due date. */
export function dueOrder(requests: DataRequestSummary[], today: string): DataRequestSummary[] {
  const withDate = requests.filter(
    (request): request is DataRequestSummary & { dueDate: string } => request.dueDate !== null,
  );
  return [...withDate].sort((a, b) => daysUntil(a.dueDate, today) - daysUntil(b.dueDate, today));
}

/**
 * The dashboard's card of requests waiting for an answer (issue 22 item 1: due dates appear on the
 * dashboard). Shown only while some open request has a due date.
 */
export function RequestsDueCard() {
  const requests = useDataRequests();
  const today = localToday(new Date());
  const due = dueOrder(requests.data?.dueSoon ?? [], today);
  if (due.length === 0) return null;
  const overdue = due.filter((request) => daysUntil(request.dueDate!, today) < 0).length;
  return (
    <Card aria-labelledby="requests-due-title">
      <CardHeader>
        <CardTitle id="requests-due-title">Data requests due</CardTitle>
        <CardDescription>
          {overdue > 0
            ? `${overdue === 1 ? '1 request is' : `${overdue} requests are`} overdue.`
            : 'What your customers and bank are waiting for.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2">
          {due.slice(0, SHOWN).map((request) => {
            const isOverdue = daysUntil(request.dueDate!, today) < 0;
            return (
              <li key={request.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <a
                  href={`/requests/${encodeURIComponent(request.id)}`}
                  className="font-medium text-brand-700 underline underline-offset-2"
                >
                  {request.requesterName}: {request.templateTitle}
                </a>
                <span className="flex items-center gap-2">
                  <span className="text-muted">{formatDate(request.dueDate!)}</span>
                  <Badge tone={isOverdue ? 'danger' : 'neutral'}>{dueWords(request.dueDate!, today)}</Badge>
                </span>
              </li>
            );
          })}
        </ul>
        {due.length > SHOWN ? (
          <p className="mt-3 text-sm">
            <a href="/requests" className="font-medium text-brand-700 underline underline-offset-2">
              All {due.length} requests with a due date
            </a>
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
