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
  const [editing, setEditing] = useState<{ open: boolean; site: Site | null }>({ open: false, site: null });
  const [pendingDelete, setPendingDelete] = useState<Site | null>(null);
  const canEdit = useCan('data.edit');

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
          <SitesTable
            sites={query.data}
            onEdit={canEdit ? (site) => setEditing({ open: true, site }) : undefined}
            onDelete={canEdit ? setPendingDelete : undefined}
          />
        )}
      </CardContent>
      <DeferredDialog
        load={loadSiteDialog}
        open={editing.open}
        site={editing.site}
        onOpenChange={(open: boolean) => setEditing((current) => ({ ...current, open }))}
      />
      <DeleteSiteDialog site={pendingDelete} onClose={() => setPendingDelete(null)} />
    </Card>
  );
}

function SitesTable({
  sites,
  onEdit,
  onDelete,
}: {
  sites: readonly Site[];
  /** Absent without the right to edit. */
  onEdit?: (site: Site) => void;
  onDelete?: (site: Site) => void;
}) {
  return (
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
        {sites.map((site) => (
          <tr key={site.id}>
            <TableCell className="font-medium">{site.name}</TableCell>
            <TableCell>
              {countryName(site.country)} <span className="text-muted">({site.country})</span>
            </TableCell>
            <TableCell>{site.region || <span className="text-muted">—</span>}</TableCell>
            <TableCell>{site.postcode || <span className="text-muted">—</span>}</TableCell>
            <TableCell className="text-right whitespace-nowrap">
              {onEdit && onDelete ? (
                <>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Edit ${site.name}`}
                    onClick={() => onEdit(site)}
                  >
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-danger hover:bg-red-50"
                    aria-label={`Delete ${site.name}`}
                    onClick={() => onDelete(site)}
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
  );
}

/** Confirms, then deletes a site; the server refuses a site that still has lines (the toast says so). */
function DeleteSiteDialog({ site, onClose }: { site: Site | null; onClose: () => void }) {
  const remove = useDeleteSite();
  const confirmDelete = () => {
    if (!site) return;
    const name = site.name;
    remove.mutate(site.id, {
      onSuccess: () => {
        toastSuccess(`Site "${name}" deleted`);
        onClose();
      },
      onError: (error) => {
        onClose();
        if (!isUnauthorizedError(error)) toastError(describeSiteDeleteError(error));
      },
    });
  };
  return (
    <ConfirmDialog
      open={site !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
      title="Delete this site?"
      description={
        site ? `"${site.name}" will be deleted. A site that still has activity lines cannot be deleted.` : ''
      }
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={remove.isPending}
      onConfirm={confirmDelete}
    />
  );
}
