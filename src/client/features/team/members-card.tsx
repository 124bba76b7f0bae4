import { useId, useState } from 'react';
import type { Role } from '../../../domain/contracts/auth';
import type { Team, TeamMember } from '../../../domain/contracts/team';
import { getErrorMessage, isUnauthorizedError } from '../../lib/api';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/select';
import { getDisplayName } from '../auth/display';
import { useRemoveMember, useUpdateMemberRole } from './api';
import { ResetLinkButton } from './reset-link-button';
import { formatDate, ROLE_LABELS, ROLE_OPTIONS } from './roles';

function failed(error: unknown) {
  if (!isUnauthorizedError(error)) toastError(getErrorMessage(error));
}

function MemberRow({
  member,
  canManage,
  canIssueResetLink,
  onRemove,
}: {
  member: TeamMember;
  canManage: boolean;
  /** No email here: an admin gives reset links by hand (decision 045). */
  canIssueResetLink: boolean;
  onRemove: () => void;
}) {
  const id = useId();
  const update = useUpdateMemberRole();
  const name = getDisplayName(member);

  const changeRole = (role: Role) => {
    if (role === member.role) return;
    update.mutate(
      { id: member.id, role },
      {
        onSuccess: () =>
          toastSuccess(
            `${name} is now ${role === 'admin' ? 'an' : 'a'} ${ROLE_LABELS[role]}.`,
            'Role updated',
          ),
        onError: failed,
      },
    );
  };

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3 first:pt-0 last:pb-0">
      <div className="min-w-0 flex-1 basis-56">
        <p className="flex flex-wrap items-center gap-2 font-medium text-ink">
          <span id={`${id}-name`}>{name}</span>
          {member.isYou ? <Badge tone="info">You</Badge> : null}
        </p>
        <p className="truncate text-sm text-muted">{member.email}</p>
        <p className="text-xs text-muted">
          Joined <time dateTime={member.joinedAt}>{formatDate(member.joinedAt)}</time>
        </p>
      </div>
      {canManage ? (
        <div className="flex items-center gap-2">
          <Select
            value={member.role}
            onValueChange={(value) => changeRole(value as Role)}
            disabled={update.isPending}
          >
            <SelectTrigger className="w-32" aria-label={`Role of ${name}`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {ROLE_OPTIONS.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {canIssueResetLink && !member.isYou ? <ResetLinkButton member={member} /> : null}
          <Button variant="outline" size="md" onClick={onRemove} aria-label={`Remove ${name}`}>
            Remove
          </Button>
        </div>
      ) : (
        <Badge tone={member.role === 'admin' ? 'success' : 'neutral'}>{ROLE_LABELS[member.role]}</Badge>
      )}
    </li>
  );
}

/** The company's members (spec §2 Team list, with real people instead of the sample rows). */
export function MembersCard({ team }: { team: Team }) {
  const id = useId();
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const remove = useRemoveMember();

  const confirmRemove = () => {
    if (!removing) return;
    const name = getDisplayName(removing);
    remove.mutate(removing.id, {
      onSuccess: () => {
        setRemoving(null);
        toastSuccess(`${name} no longer has access to this company.`, 'Member removed');
        // Removing yourself ends your own session here: go where a signed-out visitor goes.
        if (removing.isYou) window.location.href = '/';
      },
      onError: (error) => {
        setRemoving(null);
        failed(error);
      },
    });
  };

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Team members</CardTitle>
        <CardDescription>
          {team.members.length === 1 ? '1 person has' : `${team.members.length} people have`} access to this
          company.
          {team.canManage ? '' : ' Only an admin can invite people, change roles or remove members.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul aria-label="Team members" className="divide-y divide-border">
          {team.members.map((member) => (
            <MemberRow
              key={member.id}
              member={member}
              canManage={team.canManage}
              canIssueResetLink={team.canManage && !team.resetLinksEmailed}
              onRemove={() => setRemoving(member)}
            />
          ))}
        </ul>
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={
          removing?.isYou ? 'Leave this company?' : `Remove ${removing ? getDisplayName(removing) : ''}?`
        }
        description={
          removing?.isYou
            ? 'You will lose access to this company at once and be signed out of it.'
            : 'They lose access at once and are signed out of this company. Their past work stays.'
        }
        confirmLabel="Remove"
        pendingLabel="Removing..."
        pending={remove.isPending}
        onConfirm={confirmRemove}
      />
    </Card>
  );
}
