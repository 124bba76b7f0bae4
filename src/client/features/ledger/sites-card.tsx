import { useState } from 'react';
import type { Site } from '../../../domain/contracts/ledger';
import { getErrorMessage, isUnauthorizedError } from '../../lib/api';
import { useCan } from '../../lib/permissions';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DeferredDialog, loadOnce } from '../../ui/deferred-control';
import { PermissionNote } from '../../ui/permission-note';
import { Skeleton } from '../../ui/skeleton';
import { Table, TableCaption, TableCell, TableHeaderCell } from '../../ui/table';
import { useDeleteSite, useSites } from './api';
import { countryName, describeSiteDeleteError } from './sites';

const loadSiteDialog = loadOnce(() => import('./site-dialog').then((module) => module.SiteDialog));

export function SitesCard() {
  const query = useSites();
  const remove = useDeleteSite();
  const [editing, setEditing] = useState<{ open: boolean; site: Site | null }>({ open: false, site: null });
  const [pendingDelete, setPendingDelete] = useState<Site | null>(null);
  const canEdit = useCan('data.edit');

  const confirmDelete = () => {
    if (!pendingDelete) return;
    const name = pendingDelete.name;
    remove.mutate(pendingDelete.id, {
      onSuccess: () => {
        toastSuccess(`Site "${name}" deleted`);
        setPendingDelete(null);
      },
      onError: (error) => {
        setPendingDelete(null);
        if (!isUnauthorizedError(error)) toastError(describeSiteDeleteError(error));
      },
    });
  };

  return (
    <Card id="sites" aria-labelledby="sites-title" aria-busy={query.isPending || undefined}>
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1">
            <CardTitle id="sites-title">Sites</CardTitle>
            <CardDescription>Offices, shops and plants whose activity you report.</CardDescription>
          </div>
          {canEdit ? (
            <Button size="sm" onClick={() => setEditing({ open: true, site: null })}>
              Add site
            </Button>
          ) : (
            <PermissionNote action="data.edit" />
          )}
        </div>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <div className="grid gap-2">
            <span className="sr-only">Loading your sites</span>
            <Skeleton className="h-8 w-full" />
            <Skeleton className="h-8 w-full" />
          </div>
        ) : query.isError ? (
          <div role="alert" className="grid justify-items-start gap-2 text-sm">
            <p className="text-danger">Couldn't load your sites: {getErrorMessage(query.error)}</p>
            <Button size="sm" variant="outline" onClick={() => query.refetch()}>
              Retry
            </Button>
          </div>
        ) : query.data.length === 0 ? (
          <p className="text-sm text-muted">
            No sites yet. Add one before entering activity by hand; CSV imports name the site on each row.
          </p>
        ) : (
          <Table label="List of sites">
            <TableCaption className="sr-only">Your sites</TableCaption>
            <thead>
              <tr>
                <TableHeaderCell scope="col">Name</TableHeaderCell>
                <TableHeaderCell scope="col">Country</TableHeaderCell>
                <TableHeaderCell scope="col">Region</TableHeaderCell>
                <TableHeaderCell scope="col">Postcode</TableHeaderCell>
                <TableHeaderCell scope="col">
                  <span className="sr-only">Actions</span>
                </TableHeaderCell>
              </tr>
            </thead>
            <tbody>
              {query.data.map((site) => (
                <tr key={site.id}>
                  <TableCell className="font-medium">{site.name}</TableCell>
                  <TableCell>
                    {countryName(site.country)} <span className="text-muted">({site.country})</span>
                  </TableCell>
                  <TableCell>{site.region || <span className="text-muted">—</span>}</TableCell>
                  <TableCell>{site.postcode || <span className="text-muted">—</span>}</TableCell>
                  <TableCell className="text-right whitespace-nowrap">
                    {canEdit ? (
                      <>
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-label={`Edit ${site.name}`}
                          onClick={() => setEditing({ open: true, site })}
                        >
                          Edit
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          className="text-danger hover:bg-red-50"
                          aria-label={`Delete ${site.name}`}
                          onClick={() => setPendingDelete(site)}
                        >
                          Delete
                        </Button>
                      </>
                    ) : null}
                  </TableCell>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </CardContent>
      <DeferredDialog
        load={loadSiteDialog}
        open={editing.open}
        site={editing.site}
        onOpenChange={(open: boolean) => setEditing((current) => ({ ...current, open }))}
      />
      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setPendingDelete(null);
        }}
        title="Delete this site?"
        description={
          pendingDelete
            ? `"${pendingDelete.name}" will be deleted. A site that still has activity lines cannot be deleted.`
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
