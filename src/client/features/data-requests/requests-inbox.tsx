import { useState } from 'react';
import type { DataRequestSummary } from '../../../domain/contracts/data-requests';
import { getErrorMessage } from '../../lib/api';
import { useCan } from '../../lib/permissions';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { loadOnce, useLoadedWhen } from '../../ui/deferred-control';
import { PermissionNote } from '../../ui/permission-note';
import { Skeleton } from '../../ui/skeleton';
import { Table, TableCell, TableHeaderCell } from '../../ui/table';
import { REQUEST_EDIT_ACTION, useDataRequests } from './api';
import { dueWords, localToday, REQUEST_STATUS_WORDS, REQUESTER_TYPE_LABELS } from './request-words';
import { formatDate } from './shared-pack-words';

/** The form and its zod checks download when the person first opens it (decision 064). */
const loadNewRequestForm = loadOnce(() =>
  import('./new-request-form').then((module) => module.NewRequestForm),
);

function answeredWords(request: DataRequestSummary): string {
  const { answered, missing, beyondCap, declined } = request.counts;
  return `${answered} of ${answered + missing + beyondCap + declined} answered`;
}

function RequestsTable({ requests }: { requests: DataRequestSummary[] }) {
  const today = localToday(new Date());
  return (
    <Table label="Data requests">
      <thead>
        <tr>
          <TableHeaderCell scope="col">Requester</TableHeaderCell>
          <TableHeaderCell scope="col">Template</TableHeaderCell>
          <TableHeaderCell scope="col">Period</TableHeaderCell>
          <TableHeaderCell scope="col">Due</TableHeaderCell>
          <TableHeaderCell scope="col">Status</TableHeaderCell>
          <TableHeaderCell scope="col">Answers</TableHeaderCell>
        </tr>
      </thead>
      <tbody>
        {requests.map((request) => {
          const status = REQUEST_STATUS_WORDS[request.status];
          const isOpen = request.status !== 'shared' && request.status !== 'declined';
          return (
            <tr key={request.id}>
              <TableCell>
                <a
                  href={`/requests/${encodeURIComponent(request.id)}`}
                  className="font-medium text-brand-700 underline underline-offset-2"
                >
                  {request.requesterName}
                </a>
                <span className="block text-xs text-muted">
                  {REQUESTER_TYPE_LABELS[request.requesterType]}
                </span>
              </TableCell>
              <TableCell>{request.templateTitle}</TableCell>
              <TableCell className="whitespace-nowrap">{request.period}</TableCell>
              <TableCell className="whitespace-nowrap">
                {request.dueDate ? (
                  <>
                    {formatDate(request.dueDate)}
                    {isOpen ? (
                      <span className="block text-xs text-muted">{dueWords(request.dueDate, today)}</span>
                    ) : null}
                  </>
                ) : (
                  'No due date'
                )}
              </TableCell>
              <TableCell>
                <Badge tone={status.tone}>{status.label}</Badge>
              </TableCell>
              <TableCell className="whitespace-nowrap">{answeredWords(request)}</TableCell>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}

/** /requests: every request of the company and the form that records a new one (issue 22 item 1). */
export function RequestsInbox() {
  const requests = useDataRequests();
  const canEdit = useCan(REQUEST_EDIT_ACTION);
  const [isFormOpen, setFormOpen] = useState(false);
  const NewRequestForm = useLoadedWhen(isFormOpen, loadNewRequestForm, {
    failure: "Couldn't load the form. Check your connection and try again.",
    onFailed: () => setFormOpen(false),
  });

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-3">
        {canEdit ? (
          <Button
            aria-expanded={isFormOpen}
            aria-controls="new-request"
            onClick={() => setFormOpen(!isFormOpen)}
          >
            {isFormOpen ? 'Close the new request' : 'New request'}
          </Button>
        ) : (
          <PermissionNote action={REQUEST_EDIT_ACTION} />
        )}
      </div>
      {isFormOpen ? (
        <Card id="new-request" aria-labelledby="new-request-title">
          <CardHeader>
            <CardTitle id="new-request-title">New request</CardTitle>
            <CardDescription>
              Who asks, by when, for which period, and what: a template from the library or your own list of
              questions.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {NewRequestForm ? (
              <NewRequestForm onCancel={() => setFormOpen(false)} />
            ) : (
              <p role="status" className="text-sm text-muted">
                Loading the form...
              </p>
            )}
          </CardContent>
        </Card>
      ) : null}
      <Card aria-labelledby="inbox-title">
        <CardHeader>
          <CardTitle id="inbox-title">Inbox</CardTitle>
          <CardDescription>
            Open a request to check its answers, share a signed pack or decline what goes beyond the cap.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {requests.isPending ? (
            <div aria-busy="true" className="grid gap-2">
              <p className="sr-only" role="status">
                Loading requests
              </p>
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
            </div>
          ) : requests.isError ? (
            <div role="alert" className="grid justify-items-start gap-2 text-sm">
              <p>Couldn't load the requests. {getErrorMessage(requests.error)}</p>
              <Button variant="outline" size="sm" onClick={() => requests.refetch()}>
                Retry
              </Button>
            </div>
          ) : requests.data.requests.length === 0 ? (
            <p className="rounded-md border border-dashed border-border p-4 text-sm text-muted">
              No requests yet. When a customer or your bank asks for ESG data, record it here with New
              request.
            </p>
          ) : (
            <RequestsTable requests={requests.data.requests} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
