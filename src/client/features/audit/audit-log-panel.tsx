import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { getErrorBody, getErrorMessage, getErrorStatus } from '../../lib/api';
import { $currentUser } from '../../stores/user';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Skeleton } from '../../ui/skeleton';
import { type AuditFilters, EMPTY_FILTERS, useAuditLogFilters, useAuditLogs } from './api';
import { AuditFiltersForm } from './audit-filters';
import { AuditTable } from './audit-table';
import { VerifyIntegrity } from './verify-result';

function Notice({ children }: { children: string }) {
  return (
    <Card className="p-6">
      <p className="text-sm text-muted">{children}</p>
    </Card>
  );
}

/** Settings → Audit Log (spec §2): the latest 10 entries, paging, filters and the integrity check. */
export function AuditLogPanel() {
  const session = useStore($currentUser, { ssr: 'initial' });
  if (session.status !== 'authenticated') {
    return (
      <Card aria-busy="true" className="grid gap-3 p-6">
        <span className="sr-only">Loading the audit log</span>
        <Skeleton className="h-6 w-40" />
        <Skeleton className="h-24 w-full" />
      </Card>
    );
  }
  if (session.user.role !== 'admin') return <Notice>Only admins can see the audit log.</Notice>;
  return <AuditLog />;
}

function AuditLog() {
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<AuditFilters>(EMPTY_FILTERS);
  const query = useAuditLogs(page, filters);
  const filterOptions = useAuditLogFilters();

  if (query.isError && getErrorBody(query.error)?.code === 'plan_required') {
    return <Notice>{getErrorMessage(query.error)}</Notice>;
  }
  if (query.isError && getErrorStatus(query.error) === 403) {
    return <Notice>Only admins can see the audit log.</Notice>;
  }
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <Card aria-labelledby="audit-log-title" aria-busy={query.isFetching || undefined}>
      <CardHeader>
        <CardTitle id="audit-log-title">Audit log</CardTitle>
        <CardDescription>
          Every change made in your company, newest first. Entries are kept for one year and cannot be edited
          or deleted; each one is linked to the one before it, so any change is detectable.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <VerifyIntegrity />
        <AuditFiltersForm
          options={filterOptions.data}
          value={filters}
          onApply={(next) => {
            setFilters(next);
            setPage(1);
          }}
        />
        {query.isPending ? (
          <div className="grid gap-2">
            <span className="sr-only">Loading the audit log</span>
            <Skeleton className="h-8 w-full" />
            <Skeleton className="h-8 w-full" />
            <Skeleton className="h-8 w-full" />
          </div>
        ) : query.isError ? (
          <div role="alert" className="grid justify-items-start gap-2 text-sm">
            <p className="text-danger">Couldn't load the audit log: {getErrorMessage(query.error)}</p>
            <Button size="sm" variant="outline" onClick={() => query.refetch()}>
              Retry
            </Button>
          </div>
        ) : data && data.entries.length > 0 ? (
          <>
            <AuditTable entries={data.entries} />
            <nav
              aria-label="Audit log pages"
              className="flex flex-wrap items-center justify-between gap-2 text-sm"
            >
              <p className="text-muted" aria-live="polite">
                Page {data.page} of {pages} · {data.total} {data.total === 1 ? 'entry' : 'entries'}
              </p>
              <div className="flex gap-2">
                <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  Previous
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={page >= pages}
                  onClick={() => setPage(page + 1)}
                >
                  Next
                </Button>
              </div>
            </nav>
          </>
        ) : (
          <p className="text-sm text-muted">No entries match these filters.</p>
        )}
      </CardContent>
    </Card>
  );
}
