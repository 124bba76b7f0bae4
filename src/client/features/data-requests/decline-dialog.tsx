import { useEffect, useId, useState } from 'react';
import type { DataRequest, DeclineDraft } from '../../../domain/contracts/data-requests';
import { getErrorMessage, isUnauthorizedError } from '../../lib/api';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Button } from '../../ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { Skeleton } from '../../ui/skeleton';
import { Textarea } from '../../ui/textarea';
import { useDeclineDataRequest, useDeclineDraft } from './api';
import { SourceLinks } from './source-links';

/**
 * Copies the message; where the browser blocks the clipboard, focuses the message field so the person
 * can copy it by hand. `copied` says which happened.
 */
function useCopyMessage(message: string, fieldId: string) {
  const [copied, setCopied] = useState<string>('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(message);
      setCopied('The message is on your clipboard.');
    } catch {
      document.getElementById(fieldId)?.focus();
      setCopied('Copying is blocked in this browser: select the message and press Ctrl+C (or ⌘C).');
    }
  };
  return { copied, copy };
}

function DraftLoading() {
  return (
    <div aria-busy="true" className="grid gap-2">
      <p className="sr-only" role="status">
        Drafting the message
      </p>
      <Skeleton className="h-10" />
      <Skeleton className="h-40" />
    </div>
  );
}

/** The editable subject and message, what they decline and cite, and whether copying worked. */
function DraftFields({
  id,
  subject,
  body,
  onSubjectChange,
  onBodyChange,
  draft,
  copied,
}: {
  id: string;
  subject: string;
  body: string;
  onSubjectChange: (subject: string) => void;
  onBodyChange: (body: string) => void;
  draft: DeclineDraft;
  copied: string;
}) {
  return (
    <div className="grid gap-4">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-subject`}>Subject</Label>
        <Input
          id={`${id}-subject`}
          value={subject}
          onChange={(event) => onSubjectChange(event.target.value)}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-body`}>Message</Label>
        <Textarea
          id={`${id}-body`}
          rows={10}
          value={body}
          onChange={(event) => onBodyChange(event.target.value)}
        />
      </div>
      <p className="text-sm text-muted">
        It declines {draft.keys.length === 1 ? '1 item' : `${draft.keys.length} items`}. Sources:{' '}
        <SourceLinks sources={draft.sources} />
      </p>
      <p role="status" className="text-sm text-muted empty:hidden">
        {copied}
      </p>
    </div>
  );
}

/**
 * "Draft a polite decline" (issue 22 item 3): the server drafts a message citing the value-chain
 * cap; the person edits it, copies it into their reply and declines the items beyond the cap.
 */
export function DeclineDialog({
  request,
  open,
  onOpenChange,
}: {
  request: DataRequest;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const draft = useDeclineDraft(request.id, open);
  const decline = useDeclineDataRequest();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');

  useEffect(() => {
    if (!draft.data) return;
    setSubject(draft.data.subject);
    setBody(draft.data.body);
  }, [draft.data]);

  const { copied, copy } = useCopyMessage(`${subject}\n\n${body}`, `${id}-body`);

  const confirm = () =>
    decline.mutate(
      { id: request.id, scope: 'beyond_cap', message: `${subject}\n\n${body}` },
      {
        onSuccess: () => {
          toastSuccess('The items beyond the cap are declined');
          onOpenChange(false);
        },
        onError: (failure) => {
          if (!isUnauthorizedError(failure)) toastError(`Nothing was declined. ${getErrorMessage(failure)}`);
        },
      },
    );

  return (
    <Dialog open={open} onOpenChange={(next) => !decline.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Draft a polite decline</DialogTitle>
          <DialogDescription>
            A message to {request.requesterName} citing {request.cap.rule}. Edit it as you like, copy it into
            your reply, then decline the items beyond the cap here. You can still answer any of them later.
          </DialogDescription>
        </DialogHeader>
        {draft.isPending ? (
          <DraftLoading />
        ) : draft.isError ? (
          <p role="alert" className="text-sm text-red-800">
            The draft could not be made. {getErrorMessage(draft.error)}
          </p>
        ) : (
          <DraftFields
            id={id}
            subject={subject}
            body={body}
            onSubjectChange={setSubject}
            onBodyChange={setBody}
            draft={draft.data}
            copied={copied}
          />
        )}
        <DialogFooter>
          <Button variant="outline" onClick={copy} disabled={!draft.data}>
            Copy the message
          </Button>
          <Button
            onClick={confirm}
            disabled={!draft.data || decline.isPending || draft.data.keys.length === 0}
          >
            {decline.isPending ? 'Declining...' : 'Decline the items beyond the cap'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
