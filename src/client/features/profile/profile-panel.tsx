import { useStore } from '@nanostores/react';
import { $currentUser } from '../../stores/user';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Skeleton } from '../../ui/skeleton';
import { ChangePasswordCard } from './change-password-card';
import { CompanyDetailsCard } from './company-details-card';
import { ProfileForm } from './profile-form';

/** The Settings → Profile tab: waits for the current user, then shows the form filled in. */
export function ProfilePanel() {
  const session = useStore($currentUser, { ssr: 'initial' });

  if (session.status === 'authenticated') {
    return (
      <div className="grid gap-6">
        <ProfileForm key={session.user.id} user={session.user} />
        <CompanyDetailsCard key={session.user.companyId} />
        <ChangePasswordCard email={session.user.email} />
      </div>
    );
  }
  if (session.status === 'error') {
    return (
      <Card role="alert" className="grid justify-items-start gap-3 p-6">
        <h2 className="text-lg font-semibold text-ink">Couldn't load your profile</h2>
        <p className="text-sm text-muted">{session.message}</p>
        <Button variant="outline" onClick={() => window.location.reload()}>
          Refresh Page
        </Button>
      </Card>
    );
  }
  return (
    <Card aria-busy="true" className="grid gap-4 p-6">
      <p className="sr-only" role="status">
        Loading your profile
      </p>
      <Skeleton className="h-6 w-48" />
      <div className="flex items-center gap-4">
        <Skeleton className="size-16 rounded-full" />
        <Skeleton className="h-5 w-40" />
      </div>
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
    </Card>
  );
}
