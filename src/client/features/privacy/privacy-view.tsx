import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { DataSummary } from '../../../domain/contracts/privacy';
import { getErrorMessage } from '../../lib/api';
import { toastError, toastSuccess } from '../../stores/toasts';
import { $currentUser } from '../../stores/user';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { DeferredDialog, loadOnce } from '../../ui/deferred-control';
import { Skeleton } from '../../ui/skeleton';
import { useDataSummary, useExportData } from './api';

/** The deletion dialog's form code downloads when it is first opened (decisions 070, 071). */
const loadDeleteAccountDialog = loadOnce(() =>
  import('./delete-account-dialog').then((module) => module.DeleteAccountDialog),
);

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' });

function DataOverview({ summary }: { summary: DataSummary }) {
  const { personalData, profile } = summary;
  const figures = [
    ['Connected data sources', personalData.connectedSources],
    ['ESG answers recorded', personalData.esgMetrics],
    ['Reports generated', personalData.generatedReports],
  ] as const;
  return (
    <Card aria-labelledby="overview-title">
      <CardHeader>
        <CardTitle id="overview-title">Data overview</CardTitle>
        <CardDescription>What we hold about you and your company.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <dl className="grid gap-3 sm:grid-cols-3">
          {figures.map(([label, value]) => (
            <div key={label} className="rounded-md border border-border bg-canvas p-4">
              <dt className="text-sm text-muted">{label}</dt>
              <dd className="text-2xl font-semibold text-ink tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="text-muted">Name</dt>
          <dd className="text-ink">{profile.name}</dd>
          <dt className="text-muted">Email</dt>
          <dd className="break-all text-ink">{profile.email}</dd>
          <dt className="text-muted">Company</dt>
          <dd className="text-ink">{profile.company}</dd>
          <dt className="text-muted">Jurisdiction</dt>
          <dd className="text-ink">{profile.jurisdiction}</dd>
          <dt className="text-muted">Member since</dt>
          <dd className="text-ink">
            <time dateTime={profile.memberSince}>{dateFormat.format(new Date(profile.memberSince))}</time>
          </dd>
        </dl>
        <p className="text-sm text-muted">{summary.dataRetention}</p>
      </CardContent>
    </Card>
  );
}

function PrivacyRights({ rights }: { rights: readonly string[] }) {
  return (
    <Card aria-labelledby="rights-title">
      <CardHeader>
        <CardTitle id="rights-title">Your privacy rights</CardTitle>
        <CardDescription>
          Under data protection law. See the{' '}
          <a className="font-medium text-brand-700 underline" href="/privacy-policy">
            Privacy Policy
          </a>{' '}
          for details.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid list-disc gap-1.5 pl-5 text-sm text-ink">
          {rights.map((right) => (
            <li key={right}>{right}</li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function ExportData() {
  const exporting = useExportData();
  const start = () =>
    exporting.mutate(undefined, {
      onSuccess: () => toastSuccess('Data export completed'),
      onError: (error) => toastError(`Failed to export data: ${getErrorMessage(error)}`),
    });
  return (
    <Card aria-labelledby="export-title">
      <CardHeader>
        <CardTitle id="export-title">Export your data</CardTitle>
        <CardDescription>
          A JSON file with your profile, memberships, sessions, feedback, audit entries, usage analytics, API
          keys, invitations and the files, reports and narratives you created. Each section names the fields
          it holds.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button onClick={start} disabled={exporting.isPending}>
          {exporting.isPending ? 'Preparing export…' : 'Export data'}
        </Button>
      </CardContent>
    </Card>
  );
}

function DeleteAccount({ summary }: { summary: DataSummary }) {
  const [open, setOpen] = useState(false);
  return (
    <Card aria-labelledby="delete-title" className="border-danger/40">
      <CardHeader>
        <CardTitle id="delete-title">Delete account</CardTitle>
        <CardDescription>
          Permanently delete your account and personal data.
          {summary.accountDeletion.companiesDeleted.length > 0
            ? ' Companies where you are the only member are deleted with it.'
            : ''}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          Delete account
        </Button>
        <DeferredDialog
          load={loadDeleteAccountDialog}
          open={open}
          onOpenChange={setOpen}
          impact={summary.accountDeletion}
        />
      </CardContent>
    </Card>
  );
}

/** Privacy & Data Settings (spec §2): overview, rights, export, deletion. */
export function PrivacyView() {
  const session = useStore($currentUser, { ssr: 'initial' });
  if (session.status === 'unauthenticated') {
    return (
      <Card className="p-6">
        <p className="text-ink">Please log in to access privacy settings.</p>
      </Card>
    );
  }
  if (session.status === 'error') {
    return (
      <Card role="alert" className="p-6">
        <p className="text-sm text-danger">{session.message}</p>
      </Card>
    );
  }
  return <PrivacySettings />;
}

function PrivacySettings() {
  const summary = useDataSummary();
  if (summary.isPending) {
    return (
      <div className="grid gap-6" aria-busy="true">
        <span className="sr-only" role="status">
          Loading your privacy settings
        </span>
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  if (summary.isError) {
    return (
      <Card role="alert" className="grid justify-items-start gap-3 p-6">
        <p className="text-sm text-danger">
          Couldn't load your privacy settings: {getErrorMessage(summary.error)}
        </p>
        <Button variant="outline" size="sm" onClick={() => summary.refetch()}>
          Retry
        </Button>
      </Card>
    );
  }
  return (
    <div className="grid gap-6">
      <DataOverview summary={summary.data} />
      <PrivacyRights rights={summary.data.rightsAvailable} />
      <div className="grid gap-6 lg:grid-cols-2">
        <ExportData />
        <DeleteAccount summary={summary.data} />
      </div>
    </div>
  );
}
