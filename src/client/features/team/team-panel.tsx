import { Suspense } from 'react';
import { getErrorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { lazyForm } from '../../ui/lazy-form';
import { Skeleton } from '../../ui/skeleton';
import { useTeam } from './api';
import { MembersCard } from './members-card';
import { PendingInvitesCard } from './pending-invites-card';

// decision 071: the invite form's code (react-hook-form, the fields) loads after the page.
const InviteForm = lazyForm(() => import('./invite-form').then((module) => module.InviteForm));

/**
 * Settings → Team (spec §2; issue 9): the real members and pending invitations. Admins get the
 * invite form and the controls; members and viewers read the list (the server refuses them anyway).
 */
export function TeamPanel() {
  const query = useTeam();

  if (query.isPending) {
    return (
      <Card aria-busy="true" className="grid gap-4 p-6">
        <p className="sr-only" role="status">
          Loading your team
        </p>
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </Card>
    );
  }
  if (query.isError) {
    return (
      <Card role="alert" className="grid justify-items-start gap-3 p-6">
        <h2 className="text-lg font-semibold text-ink">Couldn't load your team</h2>
        <p className="text-sm text-muted">{getErrorMessage(query.error)}</p>
        <Button variant="outline" onClick={() => query.refetch()}>
          Try again
        </Button>
      </Card>
    );
  }
  const team = query.data;
  return (
    <div className="grid gap-6">
      {team.canManage ? (
        <Suspense fallback={<Skeleton className="h-48 w-full" />}>
          <InviteForm team={team} />
        </Suspense>
      ) : null}
      <MembersCard team={team} />
      <PendingInvitesCard team={team} />
    </div>
  );
}
