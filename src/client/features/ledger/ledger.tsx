import { useEffect, useId, useState } from 'react';
import type { ActivityLine } from '../../../domain/contracts/ledger';
// The list the contract's enum is made of, without zod on the screen's first load (decision 070).
import { ACTIVITY_CATEGORIES } from '../../../domain/emissions/activity-variants';
import { getErrorMessage, isUnauthorizedError } from '../../lib/api';
import { useCan } from '../../lib/permissions';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DeferredDialog, loadOnce } from '../../ui/deferred-control';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { PermissionNote } from '../../ui/permission-note';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/select';
import { Skeleton } from '../../ui/skeleton';
import { Table, TableCaption, TableHeaderCell } from '../../ui/table';
import { type ActivityFilters, useActivities, useDeleteActivity, useSites } from './api';
import { CATEGORY_LABELS, categoryLabel, formatIsoDate, SCOPE_COLUMNS } from './format';
import { LedgerRow } from './ledger-row';
import { ledgerFiltersFromSearch } from './not-counted';
import { NotCountedCard } from './not-counted-notice';
import { describePageRange, pageCount } from './pagination';

const loadActivityDialog = loadOnce(() =>
  import('./activity-dialog').then((module) => module.ActivityDialog),
);

const ALL = 'all';
const NOT_COUNTED = 'not_counted';

export const LEDGER_PAGE_SIZE = 25;

function Filters({
  filters,
  onChange,
  sites,
}: {
  filters: ActivityFilters;
  onChange: (patch: Partial<ActivityFilters>) => void;
  sites: ReadonlyArray<{ id: string; name: string }>;
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
      <legend className="sr-only">Filter the ledger</legend>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-from`}>From</Label>
        <Input
          id={`${id}-from`}
          type="date"
          value={filters.from ?? ''}
          onChange={(event) => onChange({ from: event.target.value || undefined })}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-to`}>To</Label>
        <Input
          id={`${id}-to`}
          type="date"
          value={filters.to ?? ''}
          onChange={(event) => onChange({ to: event.target.value || undefined })}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-site`}>Site</Label>
        <Select
          value={filters.siteId ?? ALL}
          onValueChange={(value) => onChange({ siteId: value === ALL ? undefined : value })}
        >
          <SelectTrigger id={`${id}-site`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All sites</SelectItem>
            {sites.map((site) => (
              <SelectItem key={site.id} value={site.id}>
                {site.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-category`}>Category</Label>
        <Select
          value={filters.category ?? ALL}
          onValueChange={(value) => {
            onChange({ category: ACTIVITY_CATEGORIES.find((category) => category === value) });
          }}
        >
          <SelectTrigger id={`${id}-category`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All categories</SelectItem>
            {ACTIVITY_CATEGORIES.map((option) => (
              <SelectItem key={option} value={option}>
                {CATEGORY_LABELS[option]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-status`}>Status</Label>
        <Select
          value={filters.status ?? ALL}
          onValueChange={(value) => onChange({ status: value === NOT_COUNTED ? NOT_COUNTED : undefined })}
        >
          <SelectTrigger id={`${id}-status`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All lines</SelectItem>
            <SelectItem value={NOT_COUNTED}>Not counted</SelectItem>
          </SelectContent>
        </Select>
      </div>
    </fieldset>
  );
}

export function ActivityLedger() {
  const [filters, setFilters] = useState<ActivityFilters>({ page: 1, pageSize: LEDGER_PAGE_SIZE });
  // The filters a link asked for (the "not counted" notices link here), applied after hydration so
  // the server-rendered page and the first client render agree.
  useEffect(() => {
    const asked = ledgerFiltersFromSearch(window.location.search);
    if (asked.status) setFilters((current) => ({ ...current, ...asked, page: 1 }));
  }, []);
  const query = useActivities(filters);
  const sites = useSites();
  const remove = useDeleteActivity();
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
  const filtered = Boolean(
    filters.from || filters.to || filters.siteId || filters.category || filters.status,
  );

  const changeFilters = (patch: Partial<ActivityFilters>) =>
    setFilters((current) => ({ ...current, ...patch, page: 1 }));
  const goToPage = (page: number) => setFilters((current) => ({ ...current, page }));
  const toggle = (lineId: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(lineId)) next.delete(lineId);
      else next.add(lineId);
      return next;
    });

  const confirmDelete = () => {
    if (!pendingDelete) return;
    remove.mutate(pendingDelete.id, {
      onSuccess: () => {
        toastSuccess('Activity line deleted');
        setPendingDelete(null);
        // The last line of a page: go back one page rather than show an empty one.
        if (query.data?.items.length === 1 && filters.page > 1) goToPage(filters.page - 1);
      },
      onError: (error) => {
        setPendingDelete(null);
        if (!isUnauthorizedError(error))
          toastError(`Failed to delete activity line: ${getErrorMessage(error)}`);
      },
    });
  };

  return (
    <Card id="ledger" aria-labelledby="ledger-title">
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1">
            <CardTitle id="ledger-title">Activity ledger</CardTitle>
            <CardDescription>
              Every line of activity and the emissions calculated from it, in kilograms of CO2e by scope.
            </CardDescription>
          </div>
          {canEdit ? (
            <Button size="sm" onClick={() => setEditing({ open: true, line: null })}>
              Add line
            </Button>
          ) : (
            <PermissionNote action="data.edit" />
          )}
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Filters filters={filters} onChange={changeFilters} sites={siteList} />
        {filters.status === NOT_COUNTED ? (
          <NotCountedCard from={filters.from} to={filters.to} showLink={false} />
        ) : null}
        <div aria-busy={query.isFetching || undefined}>
          {query.isPending ? (
            <div className="grid gap-2">
              <span className="sr-only">Loading the ledger</span>
              <Skeleton className="h-9 w-full" />
              <Skeleton className="h-9 w-full" />
              <Skeleton className="h-9 w-full" />
            </div>
          ) : query.isError ? (
            <div role="alert" className="grid justify-items-start gap-2 text-sm">
              <p className="text-danger">Couldn't load the ledger: {getErrorMessage(query.error)}</p>
              <Button size="sm" variant="outline" onClick={() => query.refetch()}>
                Retry
              </Button>
            </div>
          ) : query.data.items.length === 0 ? (
            <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-muted">
              {filters.status === NOT_COUNTED && !filters.siteId && !filters.category
                ? 'Every line has figures: nothing is left out of the totals.'
                : filtered
                  ? 'No lines match these filters.'
                  : 'No activity yet. Import a CSV file or add a line by hand to see emissions here.'}
            </p>
          ) : (
            <Table label="Activity ledger lines">
              <TableCaption>
                {describePageRange(filters.page, filters.pageSize, total)}
                {filters.from || filters.to
                  ? `, dated ${filters.from ? `from ${formatIsoDate(filters.from)} ` : ''}${filters.to ? `to ${formatIsoDate(filters.to)}` : ''}`.trimEnd()
                  : ''}
                {filters.category ? `, ${categoryLabel(filters.category).toLowerCase()} only` : ''}
                {filters.status === NOT_COUNTED ? ', not counted only' : ''}. Emissions in kgCO2e.
              </TableCaption>
              <thead>
                <tr>
                  <TableHeaderCell scope="col">
                    <span className="sr-only">Details</span>
                  </TableHeaderCell>
                  <TableHeaderCell scope="col">Date</TableHeaderCell>
                  <TableHeaderCell scope="col">Site</TableHeaderCell>
                  <TableHeaderCell scope="col">Category</TableHeaderCell>
                  <TableHeaderCell scope="col" className="text-right">
                    Amount
                  </TableHeaderCell>
                  {SCOPE_COLUMNS.map((column) => (
                    <TableHeaderCell key={column.scope} scope="col" className="text-right">
                      {column.label}
                    </TableHeaderCell>
                  ))}
                  <TableHeaderCell scope="col">Source and quality</TableHeaderCell>
                  <TableHeaderCell scope="col">
                    <span className="sr-only">Actions</span>
                  </TableHeaderCell>
                </tr>
              </thead>
              <tbody>
                {query.data.items.map((line) => (
                  <LedgerRow
                    key={line.id}
                    line={line}
                    expanded={expanded.has(line.id)}
                    onToggle={() => toggle(line.id)}
                    onEdit={canEdit ? () => setEditing({ open: true, line }) : undefined}
                    onDelete={canEdit ? () => setPendingDelete(line) : undefined}
                  />
                ))}
              </tbody>
            </Table>
          )}
        </div>
        {pages > 1 ? (
          <nav
            aria-label="Ledger pages"
            className="flex flex-wrap items-center justify-between gap-2 text-sm"
          >
            <p className="text-muted">
              Page {filters.page} of {pages}
            </p>
            <div className="flex gap-2">
              <Button
                size="sm"
                variant="outline"
                disabled={filters.page <= 1 || query.isFetching}
                onClick={() => goToPage(filters.page - 1)}
              >
                Previous page
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={filters.page >= pages || query.isFetching}
                onClick={() => goToPage(filters.page + 1)}
              >
                Next page
              </Button>
            </div>
          </nav>
        ) : null}
      </CardContent>
      <DeferredDialog
        load={loadActivityDialog}
        open={editing.open}
        line={editing.line}
        sites={siteList}
        onOpenChange={(open: boolean) => setEditing((current) => ({ ...current, open }))}
      />
      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setPendingDelete(null);
        }}
        title="Delete this activity line?"
        description={
          pendingDelete
            ? `The ${categoryLabel(pendingDelete.category).toLowerCase()} line of ${formatIsoDate(pendingDelete.date)} at ${pendingDelete.siteName} and its emissions will be removed from the ledger.`
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
