import { useState } from 'react';
import type { IssuedResetLink } from '../../../domain/contracts/auth';
import type { TeamMember } from '../../../domain/contracts/team';
import { getErrorMessage, isUnauthorizedError } from '../../lib/api';
import { toastError } from '../../stores/toasts';
import { Button } from '../../ui/button';
import { CopyableLink } from '../../ui/copyable-link';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog';
import { getDisplayName } from '../auth/display';
import { useIssueResetLink } from './api';
import { formatDateTime } from './roles';

/**
 * Settings → Team, where email is not set up (decision 045): an admin gives a member a one-time
 * link to choose a new password. The server keeps only its hash, so the dialog is the only place
 * anyone sees it.
 */
export function ResetLinkButton({ member }: { member: TeamMember }) {
  const name = getDisplayName(member);
  const issue = useIssueResetLink();
  const [issued, setIssued] = useState<IssuedResetLink | null>(null);

  const start = () =>
    issue.mutate(member.id, {
      onSuccess: setIssued,
      onError: (error) => {
        if (!isUnauthorizedError(error)) toastError(getErrorMessage(error));
      },
    });

  return (
    <>
      <Button
        variant="outline"
        size="md"
        onClick={start}
        disabled={issue.isPending}
        aria-label={`Issue a password reset link for ${name}`}
      >
        {issue.isPending ? 'Issuing...' : 'Reset link'}
      </Button>
      <Dialog open={issued !== null} onOpenChange={(open) => (open ? undefined : setIssued(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Password reset link for {name}</DialogTitle>
            <DialogDescription>
              Email is not set up on this server. Give this link to {member.email} yourself: it lets them
              choose a new password once, expires on {issued ? formatDateTime(issued.expiresAt) : ''}, and is
              shown only now. A newer link replaces it.
            </DialogDescription>
          </DialogHeader>
          {issued ? (
            <CopyableLink key={issued.link} link={issued.link} label={`Password reset link for ${name}`} />
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}
