import { useState } from 'react';
import type { DataSource } from '../../../domain/contracts/data-sources';
import { getErrorMessage, isUnauthorizedError } from '../../lib/api';
import { addToast, toastError, toastSuccess } from '../../stores/toasts';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Skeleton } from '../../ui/skeleton';
import { useDataSources, useDeleteDataSource, useSyncDataSource, useTestDataSource } from './api';
import { canTestAndSync, formatLastSync, SOURCE_TYPE_NAMES, sourceStatusBadge } from './connect';
import { SourceIcon } from './source-icon';

function SourceRow({ source, onDelete }: { source: DataSource; onDelete: (source: DataSource) => void }) {
  const test = useTestDataSource();
  const sync = useSyncDataSource();
  const status = sourceStatusBadge(source.status);
  const typeName = SOURCE_TYPE_NAMES[source.type] ?? source.type;

  const runTest = () =>
    test.mutate(source.id, {
      onSuccess: (result) => {
        if (result.connected) {
          addToast({ title: 'Connection Successful', description: 'Data source is working correctly' });
        } else {
          addToast({
            title: 'Connection Failed',
            description: result.error || 'The data source did not answer.',
            variant: 'destructive',
          });
        }
      },
      onError: (error) => {
        if (!isUnauthorizedError(error)) toastError('Failed to test connection');
      },
    });

  const runSync = () =>
    sync.mutate(source.id, {
      onSuccess: () => toastSuccess('Data source synced successfully'),
      onError: (error) => {
        if (!isUnauthorizedError(error)) toastError('Failed to sync data source');
      },
    });

  return (
    <li className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0">
      <SourceIcon type={source.type} />
      <div className="grid min-w-40 flex-1 gap-0.5">
        <h3 className="font-medium text-ink">{source.name}</h3>
        <p className="text-sm text-muted">
          {typeName} · {formatLastSync(source.lastSyncAt)}
        </p>
      </div>
      <Badge tone={status.tone}>{status.label}</Badge>
      <div className="flex flex-wrap gap-2">
        {canTestAndSync(source.type) ? (
          <>
            <Button
              size="sm"
              variant="outline"
              onClick={runTest}
              disabled={test.isPending}
              aria-label={`Test ${source.name}`}
            >
              {test.isPending ? 'Testing...' : 'Test'}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={runSync}
              disabled={sync.isPending}
              aria-label={`Sync ${source.name}`}
            >
              {sync.isPending ? 'Syncing...' : 'Sync'}
            </Button>
          </>
        ) : null}
        <Button
          size="sm"
          variant="ghost"
          className="text-danger hover:bg-red-50"
          onClick={() => onDelete(source)}
          aria-label={`Delete ${source.name}`}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}

export function SourcesList({ onConnect }: { onConnect: () => void }) {
  const query = useDataSources();
  const remove = useDeleteDataSource();
  const [pendingDelete, setPendingDelete] = useState<DataSource | null>(null);

  const confirmDelete = () => {
    if (!pendingDelete) return;
    remove.mutate(pendingDelete.id, {
      onSuccess: () => {
        toastSuccess('Data source removed successfully');
        setPendingDelete(null);
      },
      onError: (error) => {
        setPendingDelete(null);
        if (!isUnauthorizedError(error)) toastError('Failed to remove data source');
      },
    });
  };

  return (
    <Card aria-labelledby="connected-sources-title" aria-busy={query.isPending || undefined}>
      <CardHeader>
        <CardTitle id="connected-sources-title">Connected Sources</CardTitle>
        <CardDescription>Where your activity data comes from.</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <div className="grid gap-3">
            <span className="sr-only">Loading your data sources</span>
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : query.isError ? (
          <div role="alert" className="grid justify-items-start gap-2 text-sm">
            <p className="text-danger">Couldn't load your data sources: {getErrorMessage(query.error)}</p>
            <Button size="sm" variant="outline" onClick={() => query.refetch()}>
              Retry
            </Button>
          </div>
        ) : query.data.length === 0 ? (
          <div className="grid justify-items-center gap-3 rounded-md border border-dashed border-slate-300 p-8 text-center">
            <p className="font-medium text-ink">No data sources yet</p>
            <p className="max-w-md text-sm text-muted">
              Connect a source to bring in activity data such as energy bills, fuel and travel, or import a
              CSV file below.
            </p>
            <Button onClick={onConnect}>Connect Your First Source</Button>
          </div>
        ) : (
          <ul className="divide-y divide-border">
            {query.data.map((source) => (
              <SourceRow key={source.id} source={source} onDelete={setPendingDelete} />
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setPendingDelete(null);
        }}
        title="Remove this data source?"
        description={
          pendingDelete
            ? `"${pendingDelete.name}" will be removed. Activity lines already imported from it stay in the ledger.`
            : ''
        }
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </Card>
  );
}
