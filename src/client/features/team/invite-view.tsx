import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { CurrentUser } from '../../../domain/contracts/auth';
import type { InviteLookup } from '../../../domain/contracts/team';
import { getErrorMessage, getErrorStatus, isUnauthorizedError } from '../../lib/api';
import { $currentUser, setCurrentUser } from '../../stores/user';
import { Button } from '../../ui/button';
import { FormAlert } from '../../ui/form-alert';
import { LinkPageMessage, LinkPagePanel, useLinkToken } from '../../ui/link-page';
import { Skeleton } from '../../ui/skeleton';
import { useAcceptInvite, useInviteLookup } from './api';
import { InviteSignInForm, InviteSignUpForm } from './invite-forms';
import { formatDateTime, ROLE_LABELS } from './roles';

const CLOSED_TITLES: Record<Exclude<InviteLookup['status'], 'pending'>, string> = {
  expired: 'This invitation has expired',
  accepted: 'This invitation has already been used',
  revoked: 'This invitation was withdrawn',
};

/** After joining, the session is in the new company: open the app there. */
function goToApp() {
  window.location.href = '/';
}

function Join({ token, invite, user }: { token: string; invite: InviteLookup; user: CurrentUser }) {
  const accept = useAcceptInvite();
  if (user.email !== invite.email) {
    return (
      <div className="grid gap-3">
        <p className="text-ink">
          This invitation was sent to <strong>{invite.email}</strong>, but you are signed in as{' '}
          <strong>{user.email}</strong>.
        </p>
        <p className="text-sm text-muted">Sign out, then open this invitation link again to accept it.</p>
        <div>
          <Button asChild variant="outline">
            <a href="/api/logout">Sign out</a>
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted">Signed in as {user.email}.</p>
      <FormAlert
        message={accept.isError && !isUnauthorizedError(accept.error) ? getErrorMessage(accept.error) : null}
      />
      <div>
        <Button
          size="lg"
          disabled={accept.isPending}
          onClick={() => accept.mutate(token, { onSuccess: goToApp })}
        >
          {accept.isPending ? 'Joining...' : `Join ${invite.companyName}`}
        </Button>
      </div>
    </div>
  );
}

function Pending({ token, invite }: { token: string; invite: InviteLookup }) {
  const session = useStore($currentUser);
  const [mode, setMode] = useState<'signup' | 'signin'>(invite.accountExists ? 'signin' : 'signup');
  const role = ROLE_LABELS[invite.role];
  const inviter = invite.inviterFirstName ?? 'An admin';

  return (
    <LinkPagePanel>
      <div className="grid gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-ink">Join {invite.companyName} on ESG Pilot</h1>
        <p className="text-muted">
          {inviter} invited you to join {invite.companyName} as {invite.role === 'admin' ? 'an' : 'a'} {role}.
          The invitation expires on {formatDateTime(invite.expiresAt)}.
        </p>
      </div>
      {session.status === 'loading' ? (
        <div aria-busy="true" className="grid gap-3">
          <span className="sr-only" role="status">
            Checking whether you are signed in
          </span>
          <Skeleton className="h-10 w-48" />
        </div>
      ) : session.status === 'authenticated' ? (
        <Join token={token} invite={invite} user={session.user} />
      ) : (
        <div className="grid gap-4">
          <h2 className="text-lg font-semibold text-ink">
            {mode === 'signup' ? 'Create your account' : 'Sign in to accept'}
          </h2>
          {mode === 'signup' ? (
            <InviteSignUpForm token={token} invite={invite} onJoined={goToApp} />
          ) : (
            <InviteSignInForm invite={invite} onSignedIn={setCurrentUser} />
          )}
          <p className="text-sm text-muted">
            {mode === 'signup' ? 'Already have an account? ' : 'New to ESG Pilot? '}
            <button
              type="button"
              className="font-semibold text-brand-700 underline underline-offset-2"
              onClick={() => setMode(mode === 'signup' ? 'signin' : 'signup')}
            >
              {mode === 'signup' ? 'Sign in instead' : 'Create an account'}
            </button>
          </p>
        </div>
      )}
    </LinkPagePanel>
  );
}

/** The /invite page (issue 9): reads ?token=, looks the invitation up and offers the way in. */
export function InviteView() {
  const token = useLinkToken();
  const lookup = useInviteLookup(token ?? '');

  if (token === '') {
    return (
      <LinkPageMessage title="This invitation link is incomplete">
        Open the link from your invitation again, or ask an admin of the company for a new one.
      </LinkPageMessage>
    );
  }
  if (token === null || lookup.isPending) {
    return (
      <LinkPagePanel aria-busy="true">
        <span className="sr-only" role="status">
          Loading your invitation
        </span>
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-5 w-full" />
      </LinkPagePanel>
    );
  }
  if (lookup.isError) {
    const status = getErrorStatus(lookup.error);
    return (
      <LinkPageMessage
        title={
          status === 404 || status === 400 ? 'This invitation link is not valid' : 'Something went wrong'
        }
      >
        {status === 400
          ? 'The link is incomplete. Open it again from your invitation.'
          : getErrorMessage(lookup.error)}
      </LinkPageMessage>
    );
  }
  const invite = lookup.data;
  if (invite.status !== 'pending') {
    return (
      <LinkPageMessage title={CLOSED_TITLES[invite.status]}>
        {invite.status === 'accepted'
          ? 'An invitation link works once. If you accepted it, sign in to reach the company.'
          : `Ask an admin of ${invite.companyName} for a new invitation.`}
      </LinkPageMessage>
    );
  }
  return <Pending token={token} invite={invite} />;
}
