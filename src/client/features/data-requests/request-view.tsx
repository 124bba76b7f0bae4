import { useEffect, useState } from 'react';
import type { DataRequest, DataRequestAnswer, UpdateAnswer } from '../../../domain/contracts/data-requests';
import { getErrorMessage, getErrorStatus, isUnauthorizedError } from '../../lib/api';
import { useCan } from '../../lib/permissions';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { PermissionNote } from '../../ui/permission-note';
import { Skeleton } from '../../ui/skeleton';
import { AnswerItem } from './answer-item';
import { REQUEST_EDIT_ACTION, REQUEST_SHARE_ACTION, useDataRequest, useUpdateAnswer } from './api';
import { DeclineDialog } from './decline-dialog';
import { EditAnswerDialog } from './edit-answer-dialog';
import { LenderPanel } from './lender-panel';
import { REQUEST_STATUS_WORDS, REQUESTER_TYPE_LABELS, requestIdFromPath } from './request-words';
import { ShareCard } from './share-card';
import { formatDate } from './shared-pack-words';

/** The id in /requests/{id}; null until hydrated (the static build renders without an address). */
function useRequestId(): string | null {
  const [id, setId] = useState<string | null>(null);
  useEffect(() => setId(requestIdFromPath(window.location.pathname) ?? ''), []);
  return id;
}

const CHANGE_WORDS: Record<UpdateAnswer['action'], string> = {
  edit: 'Answer saved and marked as edited',
  reset: 'The computed answer is back',
  decline: 'Item declined',
  answer: 'Item answered from your data',
};

function CapNotice({
  request,
  onDraftDecline,
  canEdit,
}: {
  request: DataRequest;
  onDraftDecline: () => void;
  canEdit: boolean;
}) {
  const beyond = request.answers.filter((answer) => answer.status === 'beyond_cap').length;
  if (!request.cap.applies) return null;
  return (
    <section
      aria-labelledby="cap-title"
      className="grid gap-2 rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950"
    >
      <h2 id="cap-title" className="font-semibold">
        The VSME value-chain cap applies ({request.cap.rule})
      </h2>
      <p>{request.cap.reason}</p>
      <p>
        {beyond === 0
          ? 'Nothing in this request goes beyond the VSME datapoints.'
          : `${beyond === 1 ? '1 item goes' : `${beyond} items go`} beyond the VSME datapoints: you may decline ${beyond === 1 ? 'it' : 'them'}, or answer anyway.`}{' '}
        Rule as of {formatDate(request.cap.asOf)}
        {request.cap.sources.map((source) => (
          <span key={source.url}>
            {', '}
            <a href={source.url} className="underline underline-offset-2" rel="noreferrer">
              {source.title}
            </a>
          </span>
        ))}
        .
      </p>
      {beyond > 0 && canEdit ? (
        <div>
          <Button variant="outline" size="sm" onClick={onDraftDecline}>
            Draft a polite decline
          </Button>
        </div>
      ) : null}
    </section>
  );
}

function RequestHeader({ request }: { request: DataRequest }) {
  const status = REQUEST_STATUS_WORDS[request.status];
  const { answered, missing, beyondCap, declined } = request.counts;
  return (
    <div className="grid gap-2">
      <a href="/requests" className="text-sm font-medium text-brand-700 underline underline-offset-2">
        Back to requests
      </a>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold text-ink">{request.requesterName}</h1>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <p className="text-sm text-muted">
        {REQUESTER_TYPE_LABELS[request.requesterType]} · {request.templateTitle} · period {request.period} ·{' '}
        {request.dueDate ? `due ${formatDate(request.dueDate)}` : 'no due date'}
      </p>
      <p className="text-sm text-ink">
        {answered} answered, {missing} missing, {beyondCap} beyond the cap, {declined} declined.
      </p>
      {request.declineMessage ? (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">The decline you sent</summary>
          <p className="mt-2 whitespace-pre-wrap text-muted">{request.declineMessage}</p>
        </details>
      ) : null}
    </div>
  );
}

function Answers({ request }: { request: DataRequest }) {
  const canEdit = useCan(REQUEST_EDIT_ACTION);
  const update = useUpdateAnswer();
  const [editing, setEditing] = useState<DataRequestAnswer | null>(null);
  const [isDeclineOpen, setDeclineOpen] = useState(false);

  const change = (answer: DataRequestAnswer, body: UpdateAnswer, onRefused?: (failure: unknown) => void) =>
    update.mutate(
      { id: request.id, key: answer.key, change: body },
      {
        onSuccess: () => {
          toastSuccess(CHANGE_WORDS[body.action]);
          setEditing(null);
        },
        onError: (failure) => {
          if (isUnauthorizedError(failure)) return;
          onRefused?.(failure);
          toastError(`Nothing was changed. ${getErrorMessage(failure)}`);
        },
      },
    );

  return (
    <>
      <CapNotice request={request} canEdit={canEdit} onDraftDecline={() => setDeclineOpen(true)} />
      <section aria-labelledby="answers-title" className="grid gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="answers-title" className="text-lg font-semibold text-ink">
            Answers
          </h2>
          {canEdit ? null : <PermissionNote action={REQUEST_EDIT_ACTION} />}
        </div>
        <ul className="grid gap-3">
          {request.answers.map((answer) => (
            <AnswerItem
              key={answer.key}
              answer={answer}
              rule={request.cap.rule}
              actions={{ canEdit, busy: update.isPending, onEdit: setEditing, onChange: change }}
            />
          ))}
        </ul>
      </section>
      <EditAnswerDialog
        answer={editing}
        pending={update.isPending}
        onClose={() => setEditing(null)}
        onSave={change}
      />
      <DeclineDialog request={request} open={isDeclineOpen} onOpenChange={setDeclineOpen} />
    </>
  );
}

/** /requests/{id}: the answers, the cap, sharing and the lender view of one request (issue 22). */
export function RequestView() {
  const id = useRequestId();
  const request = useDataRequest(id || null);
  const canShare = useCan(REQUEST_SHARE_ACTION);

  if (id === '' || getErrorStatus(request.error) === 404) {
    return (
      <div
        role="alert"
        className="grid justify-items-start gap-3 rounded-lg border border-border bg-surface p-6"
      >
        <h1 className="text-2xl font-semibold text-ink">Request not found</h1>
        <p className="text-sm text-muted">This request does not exist in your company, or it was deleted.</p>
        <a href="/requests" className="font-medium text-brand-700 underline underline-offset-2">
          Back to requests
        </a>
      </div>
    );
  }
  if (request.isError) {
    return (
      <div
        role="alert"
        className="grid justify-items-start gap-3 rounded-lg border border-border bg-surface p-6"
      >
        <h1 className="text-2xl font-semibold text-ink">Couldn't load the request</h1>
        <p className="text-sm text-muted">{getErrorMessage(request.error)}</p>
        <Button variant="outline" onClick={() => request.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  if (!request.data) {
    return (
      <div aria-busy="true" className="grid gap-4">
        <p className="sr-only" role="status">
          Loading the request
        </p>
        <Skeleton className="h-20" />
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
    );
  }
  const data = request.data;
  return (
    <div className="grid gap-6">
      <RequestHeader request={data} />
      <ShareCard request={data} canShare={canShare} />
      <Answers request={data} />
      <LenderPanel period={data.period} />
    </div>
  );
}
