import type { FeedbackItem } from '../../../domain/contracts/support';
import { getErrorMessage } from '../../lib/api';
import { openFeedbackDialog } from '../../stores/feedback-dialog';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Skeleton } from '../../ui/skeleton';
import { useFeedbackHistory } from './api';
import { FEEDBACK_TYPE_LABELS } from './links';

const STATUS: Record<FeedbackItem['status'], { label: string; tone: BadgeTone }> = {
  open: { label: 'Open', tone: 'info' },
  in_progress: { label: 'In progress', tone: 'warning' },
  resolved: { label: 'Resolved', tone: 'success' },
  closed: { label: 'Closed', tone: 'neutral' },
};

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

function FeedbackEntry({ item }: { item: FeedbackItem }) {
  const status = STATUS[item.status];
  return (
    <li className="grid gap-2 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-medium text-ink">{item.subject}</h3>
        <Badge tone="neutral">{FEEDBACK_TYPE_LABELS[item.type]}</Badge>
        <Badge tone={status.tone}>{status.label}</Badge>
        <time dateTime={item.createdAt} className="ml-auto text-xs text-muted">
          {formatDate(item.createdAt)}
        </time>
      </div>
      <p className="text-sm whitespace-pre-line text-muted">{item.message}</p>
      {item.adminResponse ? (
        <div className="rounded-md border-l-4 border-brand-600 bg-brand-50 p-3">
          <p className="text-xs font-semibold text-brand-800">Response from the ESG Pilot team</p>
          <p className="mt-1 text-sm whitespace-pre-line text-ink">{item.adminResponse}</p>
        </div>
      ) : null}
    </li>
  );
}

export function FeedbackHistory() {
  const query = useFeedbackHistory();

  return (
    <Card aria-labelledby="feedback-history-title" aria-busy={query.isPending || undefined}>
      <CardHeader>
        <CardTitle id="feedback-history-title">Your feedback</CardTitle>
        <CardDescription>Messages you have sent us, newest first, with our replies.</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <div className="grid gap-3">
            <span className="sr-only">Loading your feedback</span>
            <Skeleton className="h-5 w-1/3" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-5 w-1/4" />
            <Skeleton className="h-4 w-5/6" />
          </div>
        ) : query.isError ? (
          <div role="alert" className="grid justify-items-start gap-2 text-sm">
            <p className="text-danger">Couldn't load your feedback: {getErrorMessage(query.error)}</p>
            <Button size="sm" variant="outline" onClick={() => query.refetch()}>
              Retry
            </Button>
          </div>
        ) : query.data.length === 0 ? (
          <div className="grid justify-items-start gap-2 text-sm text-muted">
            <p>You haven't sent any feedback yet.</p>
            <Button size="sm" variant="outline" onClick={() => openFeedbackDialog('support')}>
              Send your first message
            </Button>
          </div>
        ) : (
          <ul className="divide-y divide-border">
            {query.data.map((item) => (
              <FeedbackEntry key={item.id} item={item} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
