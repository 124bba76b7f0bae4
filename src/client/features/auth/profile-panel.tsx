import { useStore } from '@nanostores/react';
import { Suspense } from 'react';
import { $currentUser } from '../../stores/user';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { lazyForm } from '../../ui/lazy-form';
import { Skeleton } from '../../ui/skeleton';

const ProfileForm = lazyForm(() => import('./profile-form').then((module) => module.ProfileForm));
const CompanyDetailsCard = lazyForm(() =>
  import('./company-details-card').then((module) => module.CompanyDetailsCard),
);
const ChangePasswordCard = lazyForm(() =>
  import('./change-password-card').then((module) => module.ChangePasswordCard),
);

/** The Settings → Profile tab: waits for the current user, then shows the form filled in. */
export function ProfilePanel() {
  const session = useStore($currentUser, { ssr: 'initial' });

  if (session.status === 'authenticated') {
    return (
      <div className="grid gap-6">
        <Suspense fallback={<Skeleton className="h-96 w-full" />}>
          <ProfileForm key={session.user.id} user={session.user} />
        </Suspense>
        <Suspense fallback={<Skeleton className="h-64 w-full" />}>
          <CompanyDetailsCard key={session.user.companyId} />
        </Suspense>
        <Suspense fallback={<Skeleton className="h-64 w-full" />}>
          <ChangePasswordCard email={session.user.email} />
        </Suspense>
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
