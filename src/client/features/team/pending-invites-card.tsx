import { useId } from 'react';
import type { Team, TeamInvite } from '../../../domain/contracts/team';
import { getErrorMessage, isUnauthorizedError } from '../../lib/api';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { useRevokeInvite } from './api';
import { formatDateTime, ROLE_LABELS } from './roles';

function InviteRow({ invite, canManage }: { invite: TeamInvite; canManage: boolean }) {
  const revoke = useRevokeInvite();
  const onRevoke = () =>
    revoke.mutate(invite.id, {
      onSuccess: () =>
        toastSuccess(`The invitation to ${invite.email} no longer works.`, 'Invitation revoked'),
      onError: (error) => {
        if (!isUnauthorizedError(error)) toastError(getErrorMessage(error));
      },
    });
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3 first:pt-0 last:pb-0">
      <div className="min-w-0 flex-1 basis-56">
        <p className="truncate font-medium text-ink">{invite.email}</p>
        <p className="text-xs text-muted">
          Expires <time dateTime={invite.expiresAt}>{formatDateTime(invite.expiresAt)}</time>
        </p>
      </div>
      <Badge tone="warning">{ROLE_LABELS[invite.role]}</Badge>
      {canManage ? (
        <Button
          variant="outline"
          onClick={onRevoke}
          disabled={revoke.isPending}
          aria-label={`Revoke the invitation to ${invite.email}`}
        >
          {revoke.isPending ? 'Revoking...' : 'Revoke'}
        </Button>
      ) : null}
    </li>
  );
}

/** Invitations sent and not yet accepted, revoked or expired. */
export function PendingInvitesCard({ team }: { team: Team }) {
  const id = useId();
  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Pending invitations</CardTitle>
        <CardDescription>
          Links that have not been used yet. Revoking one stops it working at once.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {team.invites.length === 0 ? (
          <p className="text-sm text-muted">No pending invitations.</p>
        ) : (
          <ul aria-label="Pending invitations" className="divide-y divide-border">
            {team.invites.map((invite) => (
              <InviteRow key={invite.id} invite={invite} canManage={team.canManage} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
