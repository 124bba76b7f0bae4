import { useEffect, useState } from 'react';
import type { ActivityLine } from '../../../domain/contracts/ledger';
import { getErrorMessage, isUnauthorizedError } from '../../lib/api';
import { useCan } from '../../lib/permissions';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DeferredDialog, loadOnce } from '../../ui/deferred-control';
import { PermissionNote } from '../../ui/permission-note';
import { Skeleton } from '../../ui/skeleton';
import { type ActivityFilters, useActivities, useDeleteActivity, useSites } from './api';
import { categoryLabel, formatIsoDate } from './format';
import { LedgerFilters, NOT_COUNTED } from './ledger-filters';
import { LedgerPageNav, LedgerTable } from './ledger-table';
import { ledgerFiltersFromSearch } from './not-counted';
import { NotCountedCard } from './not-counted-notice';
import { pageCount } from './pagination';

const loadActivityDialog = loadOnce(() =>
  import('./activity-dialog').then((module) => module.ActivityDialog),
);

export const LEDGER_PAGE_SIZE = 25;

/** The ledger's filters and page; a filter change goes back to the first page. */
function useLedgerFilters() {
  const [filters, setFilters] = useState<ActivityFilters>({ page: 1, pageSize: LEDGER_PAGE_SIZE });
  // The filters a link asked for (the "not counted" notices link here), applied after hydration so
  // the server-rendered page and the first client render agree.
  useEffect(() => {
    const asked = ledgerFiltersFromSearch(window.location.search);
    if (asked.status) setFilters((current) => ({ ...current, ...asked, page: 1 }));
  }, []);
  const changeFilters = (patch: Partial<ActivityFilters>) =>
    setFilters((current) => ({ ...current, ...patch, page: 1 }));
  const goToPage = (page: number) => setFilters((current) => ({ ...current, page }));
  return { filters, changeFilters, goToPage };
}

export function ActivityLedger() {
  const { filters, changeFilters, goToPage } = useLedgerFilters();
  const query = useActivities(filters);
  const sites = useSites();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<{ open: boolean; line: ActivityLine | null }>({
    open: false,
    line: null,
  });
  const [pendingDelete, setPendingDelete] = useState<ActivityLine | null>(null);
  const canEdit = useCan('data.edit');

  const siteList = sites.data ?? [];
  const total = query.data?.total ?? 0;
  const pages = pageCount(total, filters.pageSize);

  const toggle = (line: ActivityLine) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(line.id)) next.delete(line.id);
      else next.add(line.id);
      return next;
    });

  return (
    <Card id="ledger" aria-labelledby="ledger-title">
      <LedgerHeader onAdd={canEdit ? () => setEditing({ open: true, line: null }) : undefined} />
      <CardContent className="grid gap-4">
        <LedgerFilters filters={filters} onChange={changeFilters} sites={siteList} />
        {filters.status === NOT_COUNTED ? (
          <NotCountedCard from={filters.from} to={filters.to} showLink={false} />
        ) : null}
        <div aria-busy={query.isFetching || undefined}>
          {query.isPending ? (
            <LedgerLoading />
          ) : query.isError ? (
            <div role="alert" className="grid justify-items-start gap-2 text-sm">
              <p className="text-danger">Couldn't load the ledger: {getErrorMessage(query.error)}</p>
              <Button size="sm" variant="outline" onClick={() => query.refetch()}>
                Retry
              </Button>
            </div>
          ) : query.data.items.length === 0 ? (
            <EmptyLedger filters={filters} />
          ) : (
            <LedgerTable
              lines={query.data.items}
              filters={filters}
              total={total}
              expanded={expanded}
              onToggle={toggle}
              onEdit={canEdit ? (line) => setEditing({ open: true, line }) : undefined}
              onDelete={canEdit ? setPendingDelete : undefined}
            />
          )}
        </div>
        {pages > 1 ? (
          <LedgerPageNav page={filters.page} pages={pages} isFetching={query.isFetching} onGoTo={goToPage} />
        ) : null}
      </CardContent>
      <DeferredDialog
        load={loadActivityDialog}
        open={editing.open}
        line={editing.line}
        sites={siteList}
        onOpenChange={(open: boolean) => setEditing((current) => ({ ...current, open }))}
      />
      <DeleteLineDialog
        line={pendingDelete}
        onClose={() => setPendingDelete(null)}
        // The last line of a page: go back one page rather than show an empty one.
        onDeleted={() => {
          if (query.data?.items.length === 1 && filters.page > 1) goToPage(filters.page - 1);
        }}
      />
    </Card>
  );
}

/** Title and "Add line", or why this person cannot add one. */
function LedgerHeader({ onAdd }: { onAdd?: () => void }) {
  return (
    <CardHeader>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle id="ledger-title">Activity ledger</CardTitle>
          <CardDescription>
            Every line of activity and the emissions calculated from it, in kilograms of CO2e by scope.
          </CardDescription>
        </div>
        {onAdd ? (
          <Button size="sm" onClick={onAdd}>
            Add line
          </Button>
        ) : (
          <PermissionNote action="data.edit" />
        )}
      </div>
    </CardHeader>
  );
}

function LedgerLoading() {
  return (
    <div className="grid gap-2">
      <span className="sr-only">Loading the ledger</span>
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-9 w-full" />
    </div>
  );
}

/** No lines: says whether the filters hid them, nothing is left out, or there is nothing yet. */
function EmptyLedger({ filters }: { filters: ActivityFilters }) {
  const filtered = Boolean(
    filters.from || filters.to || filters.siteId || filters.category || filters.status,
  );
  return (
    <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-muted">
      {filters.status === NOT_COUNTED && !filters.siteId && !filters.category
        ? 'Every line has figures: nothing is left out of the totals.'
        : filtered
          ? 'No lines match these filters.'
          : 'No activity yet. Import a CSV file or add a line by hand to see emissions here.'}
    </p>
  );
}

/** Confirms, then deletes one line; closes on success or failure (the failure is a toast). */
function DeleteLineDialog({
  line,
  onClose,
  onDeleted,
}: {
  line: ActivityLine | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteActivity();
  const confirmDelete = () => {
    if (!line) return;
    remove.mutate(line.id, {
      onSuccess: () => {
        toastSuccess('Activity line deleted');
        onClose();
        onDeleted();
      },
      onError: (error) => {
        onClose();
        if (!isUnauthorizedError(error))
          toastError(`Failed to delete activity line: ${getErrorMessage(error)}`);
      },
    });
  };
  return (
    <ConfirmDialog
      open={line !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
      title="Delete this activity line?"
      description={
        line
          ? `The ${categoryLabel(line.category).toLowerCase()} line of ${formatIsoDate(line.date)} at ${line.siteName} and its emissions will be removed from the ledger.`
          : ''
      }
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={remove.isPending}
      onConfirm={confirmDelete}
    />
  );
}
