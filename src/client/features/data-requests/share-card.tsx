import { useId, useState } from 'react';
import type { DataRequest, DataRequestShare, ShareCreated } from '../../../domain/contracts/data-requests';
import { getErrorMessage, isUnauthorizedError } from '../../lib/api';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { CopyableLink } from '../../ui/copyable-link';
import { Label } from '../../ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/select';
import { useRevokeShare, useShareDataRequest } from './api';
import { formatDate } from './shared-pack-words';

/** How long a link may last, in days (the contract allows 1–365). */
const EXPIRY_CHOICES = [7, 30, 90, 365] as const;

const SHARE_STATE_WORDS: Record<
  DataRequestShare['state'],
  { label: string; tone: 'success' | 'neutral' | 'warning' }
> = {
  active: { label: 'Live', tone: 'success' },
  expired: { label: 'Expired', tone: 'neutral' },
  revoked: { label: 'Revoked', tone: 'warning' },
};

function ShareFacts({ share }: { share: DataRequestShare }) {
  const state = SHARE_STATE_WORDS[share.state];
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      <div>
        <dt className="text-muted">Pack</dt>
        <dd className="flex items-center gap-2 font-medium">
          Version {share.version} <Badge tone={state.tone}>{state.label}</Badge>
        </dd>
      </div>
      <div>
        <dt className="text-muted">{share.state === 'revoked' ? 'Revoked' : 'Expires'}</dt>
        <dd className="font-medium">{formatDate(share.revokedAt ?? share.expiresAt)}</dd>
      </div>
      <div>
        <dt className="text-muted">Opened</dt>
        <dd className="font-medium">
          {share.accessCount === 1 ? '1 time' : `${share.accessCount} times`}
          {share.lastAccessedAt ? `, last on ${formatDate(share.lastAccessedAt)}` : ''}
        </dd>
      </div>
      <div>
        <dt className="text-muted">Published</dt>
        <dd className="font-medium">{formatDate(share.createdAt)}</dd>
      </div>
    </dl>
  );
}

/** The latest openings, newest first; two in the same millisecond keep their own keys. */
function accessTimes(share: DataRequestShare): { key: string; text: string }[] {
  const seen = new Map<string, number>();
  return share.accessLog.map((access) => {
    const count = (seen.get(access.at) ?? 0) + 1;
    seen.set(access.at, count);
    return { key: `${access.at}#${count}`, text: new Date(access.at).toLocaleString('en-GB') };
  });
}

/** Publishes a new pack version (its link comes back once) or revokes the live link, with toasts. */
function useSharePack(
  requestId: string,
  days: number,
  setCreated: (created: ShareCreated | null) => void,
  onRevokeSettled: () => void,
) {
  const share = useShareDataRequest();
  const revoke = useRevokeShare();

  const publish = () =>
    share.mutate(
      { id: requestId, expiresInDays: days },
      {
        onSuccess: (result) => {
          setCreated(result);
          toastSuccess(`Pack version ${result.version} shared`);
        },
        onError: (failure) => {
          if (!isUnauthorizedError(failure))
            toastError(`The pack was not shared. ${getErrorMessage(failure)}`);
        },
      },
    );

  const confirmRevoke = () =>
    revoke.mutate(requestId, {
      onSuccess: () => {
        setCreated(null);
        toastSuccess('The link is revoked: it no longer opens the pack');
      },
      onError: (failure) => {
        if (!isUnauthorizedError(failure))
          toastError(`The link was not revoked. ${getErrorMessage(failure)}`);
      },
      onSettled: onRevokeSettled,
    });

  return { publish, confirmRevoke, isPublishing: share.isPending, isRevoking: revoke.isPending };
}

function AccessLog({ share }: { share: DataRequestShare }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium">When the link was opened</summary>
      <ul className="mt-2 grid gap-0.5 text-muted">
        {accessTimes(share).map((access) => (
          <li key={access.key}>{access.text}</li>
        ))}
      </ul>
    </details>
  );
}

function ExpirySelect({
  id,
  days,
  onChange,
}: {
  id: string;
  days: number;
  onChange: (days: number) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Link expires after</Label>
      <Select value={String(days)} onValueChange={(value) => onChange(Number(value))}>
        <SelectTrigger id={id} className="sm:w-44">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {EXPIRY_CHOICES.map((choice) => (
            <SelectItem key={choice} value={String(choice)}>
              {choice === 365 ? '1 year' : `${choice} days`}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/**
 * Share a signed, revocable pack (issue 22 item 4): publishing freezes the answers as they are now;
 * the link is shown once (only its hash is stored); revoking stops it at once.
 */
export function ShareCard({ request, canShare }: { request: DataRequest; canShare: boolean }) {
  const id = useId();
  const [days, setDays] = useState<number>(30);
  const [created, setCreated] = useState<ShareCreated | null>(null);
  const [isRevokeOpen, setRevokeOpen] = useState(false);
  const { publish, confirmRevoke, isPublishing, isRevoking } = useSharePack(
    request.id,
    days,
    setCreated,
    () => setRevokeOpen(false),
  );
  const live = request.share?.state === 'active' ? request.share : null;

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Share a signed pack</CardTitle>
        <CardDescription>
          The requester opens a link without an account and downloads the answers as PDF, VSME Inline XBRL and
          signed JSON. Later changes to your data never alter a shared pack; publish a new version instead.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {request.share ? <ShareFacts share={request.share} /> : null}
        {created && live ? (
          <div className="grid gap-2">
            <p className="text-sm">
              Send this link to {request.requesterName}. It works until {formatDate(created.expiresAt)}; copy
              it now, it is not shown again.
            </p>
            <CopyableLink link={created.url} label="Link to the shared pack" />
          </div>
        ) : null}
        {request.share && request.share.accessLog.length > 0 ? <AccessLog share={request.share} /> : null}
        {canShare ? (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <ExpirySelect id={`${id}-expiry`} days={days} onChange={setDays} />
            <Button onClick={publish} disabled={isPublishing}>
              {isPublishing ? 'Publishing...' : live ? 'Publish a new version' : 'Share'}
            </Button>
            {live ? (
              <Button variant="outline" onClick={() => setRevokeOpen(true)} disabled={isRevoking}>
                Revoke the link
              </Button>
            ) : null}
          </div>
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={isRevokeOpen}
        onOpenChange={(open) => {
          if (!open && !isRevoking) setRevokeOpen(false);
        }}
        title="Revoke the link?"
        description={`The link stops working at once: ${request.requesterName} will see that it was revoked. You can share a new version later.`}
        confirmLabel="Revoke"
        pendingLabel="Revoking..."
        pending={isRevoking}
        onConfirm={confirmRevoke}
      />
    </Card>
  );
}
