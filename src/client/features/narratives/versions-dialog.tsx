import { useState } from 'react';
import type { Narrative, NarrativeVersion } from '../../../domain/contracts/narratives';
import { getErrorMessage, isUnauthorizedError } from '../../lib/api';
import { useCan } from '../../lib/permissions';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog';
import { Skeleton } from '../../ui/skeleton';
import { useRestoreVersion, useVersions } from './api';
import {
  failureText,
  formatDate,
  frameworkShortLabel,
  sectionLabel,
  statusLabel,
  statusTone,
} from './narratives';

function VersionRow({
  version,
  isCurrent,
  onRestore,
}: {
  version: NarrativeVersion;
  isCurrent: boolean;
  /** Absent for a role that may not edit narratives. */
  onRestore?: () => void;
}) {
  return (
    <li className="grid gap-2 rounded-md border border-border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-sm font-semibold text-ink">Version {version.version}</h3>
          <Badge tone={statusTone(version.status)}>{statusLabel(version.status)}</Badge>
          {isCurrent ? <Badge tone="info">Current</Badge> : null}
        </div>
        {isCurrent || !onRestore ? null : (
          <Button
            size="sm"
            variant="outline"
            onClick={onRestore}
            aria-label={`Restore version ${version.version}`}
          >
            Restore
          </Button>
        )}
      </div>
      <p className="text-xs text-muted">
        Saved {formatDate(version.savedAt, true)}
        {version.savedBy ? ` by ${version.savedBy}` : ''} · {version.aiGenerated ? 'AI Generated' : 'Manual'}
      </p>
      <details className="text-sm">
        <summary className="cursor-pointer rounded-sm text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600">
          Show text
        </summary>
        <p className="mt-2 break-words whitespace-pre-wrap text-slate-800">{version.content}</p>
      </details>
    </li>
  );
}

function VersionList({ narrative }: { narrative: Narrative }) {
  const versions = useVersions(narrative.id);
  const restore = useRestoreVersion();
  const [chosen, setChosen] = useState<number | null>(null);
  const canRestore = useCan('narratives.edit');

  if (versions.isError && !versions.data) {
    return (
      <div role="alert" className="grid justify-items-start gap-2 text-sm">
        <p className="font-medium text-ink">Couldn't load the versions.</p>
        <p className="text-muted">{getErrorMessage(versions.error)}</p>
        <Button variant="outline" size="sm" onClick={() => versions.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  if (!versions.data) {
    return (
      <div aria-busy="true" className="grid gap-2">
        <p className="sr-only" role="status">
          Loading versions
        </p>
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
    );
  }
  // Newest first: the first one is the text in use.
  const current = versions.data[0]?.version;
  const confirm = () => {
    if (chosen === null) return;
    restore.mutate(
      { id: narrative.id, version: chosen },
      {
        onSuccess: (restored) => {
          toastSuccess(`Version ${chosen} restored as version ${restored.version}`);
          setChosen(null);
        },
        onError: (error) => {
          if (!isUnauthorizedError(error)) toastError(failureText('Failed to restore version', error));
        },
      },
    );
  };

  return (
    <>
      <ol aria-label="Saved versions" className="grid gap-2">
        {versions.data.map((version) => (
          <VersionRow
            key={version.version}
            version={version}
            isCurrent={version.version === current}
            onRestore={canRestore ? () => setChosen(version.version) : undefined}
          />
        ))}
      </ol>
      <ConfirmDialog
        open={chosen !== null}
        onOpenChange={(open) => {
          if (!open && !restore.isPending) setChosen(null);
        }}
        title={`Restore version ${chosen ?? ''}?`}
        description="Its text becomes a new version, marked Reviewed. Every earlier version is kept."
        confirmLabel="Restore"
        pendingLabel="Restoring…"
        pending={restore.isPending}
        onConfirm={confirm}
      />
    </>
  );
}

/** Every saved version of a narrative (version, status, date, who) with 'Restore'. */
export function VersionsDialog({ narrative, onClose }: { narrative: Narrative | null; onClose: () => void }) {
  return (
    <Dialog
      open={narrative !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {narrative ? (
        <DialogContent className="max-w-2xl">
          <DialogHeader>
            <DialogTitle>Versions</DialogTitle>
            <DialogDescription>
              {sectionLabel(narrative.section)} · {frameworkShortLabel(narrative.framework)}. Every saved
              version, newest first.
            </DialogDescription>
          </DialogHeader>
          <VersionList narrative={narrative} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
