import type { AuditLogEntry } from '../../../domain/contracts/audit';
import { Table, TableCaption, TableCell, TableHeaderCell } from '../../ui/table';
import { actionLabel, formatDateTime } from './format';

/** One page of entries: when, who, what and where from. */
export function AuditTable({ entries }: { entries: readonly AuditLogEntry[] }) {
  return (
    <Table label="Audit log entries">
      <TableCaption className="sr-only">Audit log entries, newest first</TableCaption>
      <thead>
        <tr>
          <TableHeaderCell scope="col">#</TableHeaderCell>
          <TableHeaderCell scope="col">When</TableHeaderCell>
          <TableHeaderCell scope="col">Action</TableHeaderCell>
          <TableHeaderCell scope="col">Entity</TableHeaderCell>
          <TableHeaderCell scope="col">User</TableHeaderCell>
          <TableHeaderCell scope="col">IP address</TableHeaderCell>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id}>
            <TableCell className="text-muted tabular-nums">{entry.seq}</TableCell>
            <TableCell className="whitespace-nowrap">
              <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
            </TableCell>
            <TableCell className="font-medium">{actionLabel(entry.action)}</TableCell>
            <TableCell>
              {actionLabel(entry.entityType)}
              {entry.entityId ? (
                <span className="block max-w-40 truncate font-mono text-xs text-muted" title={entry.entityId}>
                  {entry.entityId}
                </span>
              ) : null}
            </TableCell>
            <TableCell>
              {entry.actorName ?? <span className="text-muted">System or deleted user</span>}
            </TableCell>
            <TableCell className="font-mono text-xs">{entry.ip ?? '–'}</TableCell>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
