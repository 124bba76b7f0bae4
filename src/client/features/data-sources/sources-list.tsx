import { useState } from 'react';
import type { DataSource } from '../../../domain/contracts/data-sources';
import { getErrorMessage, isUnauthorizedError } from '../../lib/api';
import { useCan } from '../../lib/permissions';
import { addToast, toastError } from '../../stores/toasts';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { DeferredDialog, loadOnce } from '../../ui/deferred-control';
import { PermissionNote } from '../../ui/permission-note';
import { Skeleton } from '../../ui/skeleton';
import { useDataSources, useDeleteDataSource, useSiteMappings } from './api';
import {
  canTestAndSync,
  formatLastSync,
  hasAccountMapping,
  removedToast,
  SOURCE_TYPE_NAMES,
  sourceStatusBadge,
} from './connect';
import { SourceIcon } from './source-icon';
import { TestAndSyncButtons } from './test-and-sync';

// The dialogs' code, with Radix Dialog's focus trap, loads the first time each opens (decision 070).
const loadAccountMappingDialog = loadOnce(() =>
  import('./account-mapping-dialog').then((module) => module.AccountMappingDialog),
);
const loadRemoveSourceDialog = loadOnce(() =>
  import('./remove-source-dialog').then((module) => module.RemoveSourceDialog),
);
const loadSiteMappingDialog = loadOnce(() =>
  import('./site-mapping-dialog').then((module) => module.SiteMappingDialog),
);

/** Sources whose sync maps accounts, and tracking options to sites (decisions 016, 025). */
function SourceRow({ source, onDelete }: { source: DataSource; onDelete: (source: DataSource) => void }) {
  const [mappingOpen, setMappingOpen] = useState(false);
  const canManage = useCan('sources.manage');
  const canDelete = useCan('sources.delete');
  const [sitesOpen, setSitesOpen] = useState(false);
  const mapped = hasAccountMapping(source.type);
  // The Sites button appears once a sync has met tracking options.
  const siteMappings = useSiteMappings(source.id, mapped);
  const hasTracking = (siteMappings.data?.length ?? 0) > 0;
  const status = sourceStatusBadge(source.status);
  const typeName = SOURCE_TYPE_NAMES[source.type] ?? source.type;

  return (
    <li className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0">
      <SourceIcon type={source.type} />
      <div className="grid min-w-40 flex-1 gap-0.5">
        <h3 className="font-medium text-ink">{source.name}</h3>
        <p className="text-sm text-muted">
          {typeName} · {formatLastSync(source.lastSyncAt)}
        </p>
        {source.status === 'error' && source.statusReason ? (
          <p className="text-sm text-danger">{source.statusReason}</p>
        ) : null}
      </div>
      <Badge tone={status.tone}>{status.label}</Badge>
      <div className="flex flex-wrap gap-2">
        {canManage && canTestAndSync(source.type) ? <TestAndSyncButtons source={source} /> : null}
        {canManage && mapped ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() => setMappingOpen(true)}
            aria-label={`Account mapping of ${source.name}`}
          >
            Account mapping
          </Button>
        ) : null}
        {canManage && hasTracking ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() => setSitesOpen(true)}
            aria-label={`Sites of ${source.name}`}
          >
            Sites
          </Button>
        ) : null}
        {canDelete ? (
          <Button
            size="sm"
            variant="ghost"
            className="text-danger hover:bg-red-50"
            onClick={() => onDelete(source)}
            aria-label={`Delete ${source.name}`}
          >
            Delete
          </Button>
        ) : null}
      </div>
      {canManage && mapped ? (
        <DeferredDialog
          load={loadAccountMappingDialog}
          source={source}
          open={mappingOpen}
          onOpenChange={setMappingOpen}
        />
      ) : null}
      {canManage && hasTracking ? (
        <DeferredDialog
          load={loadSiteMappingDialog}
          source={source}
          open={sitesOpen}
          onOpenChange={setSitesOpen}
        />
      ) : null}
    </li>
  );
}

export function SourcesList({ onConnect }: { onConnect: () => void }) {
  const query = useDataSources();
  const remove = useDeleteDataSource();
  const [pendingDelete, setPendingDelete] = useState<DataSource | null>(null);
  const canManage = useCan('sources.manage');

  const confirmDelete = (keepLines: boolean) => {
    if (!pendingDelete) return;
    remove.mutate(
      { id: pendingDelete.id, keepLines },
      {
        onSuccess: (result) => {
          addToast(removedToast(result));
          setPendingDelete(null);
        },
        onError: (error) => {
          setPendingDelete(null);
          if (!isUnauthorizedError(error)) toastError('Failed to remove data source');
        },
      },
    );
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
            {canManage ? <Button onClick={onConnect}>Connect Your First Source</Button> : null}
          </div>
        ) : (
          <ul className="divide-y divide-border">
            {query.data.map((source) => (
              <SourceRow key={source.id} source={source} onDelete={setPendingDelete} />
            ))}
          </ul>
        )}
        {/* A viewer reads the note above the list; a member learns here why Delete is missing. */}
        {canManage && query.data?.length ? <PermissionNote action="sources.delete" className="mt-3" /> : null}
      </CardContent>
      <DeferredDialog
        load={loadRemoveSourceDialog}
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setPendingDelete(null);
        }}
        source={pendingDelete}
        pending={remove.isPending}
        onRemove={confirmDelete}
      />
    </Card>
  );
}
