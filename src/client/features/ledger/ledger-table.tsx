import type { ActivityLine } from '../../../domain/contracts/ledger';
import { Button } from '../../ui/button';
import { Table, TableCaption, TableHeaderCell } from '../../ui/table';
import type { ActivityFilters } from './api';
import { categoryLabel, formatIsoDate, SCOPE_COLUMNS } from './format';
import { NOT_COUNTED } from './ledger-filters';
import { LedgerRow } from './ledger-row';
import { describePageRange } from './pagination';

/** One page of ledger lines; the caption says which lines and which filters. */
export function LedgerTable({
  lines,
  filters,
  total,
  expanded,
  onToggle,
  onEdit,
  onDelete,
}: {
  lines: readonly ActivityLine[];
  filters: ActivityFilters;
  total: number;
  expanded: ReadonlySet<string>;
  onToggle: (line: ActivityLine) => void;
  /** Absent without the right to edit. */
  onEdit?: (line: ActivityLine) => void;
  onDelete?: (line: ActivityLine) => void;
}) {
  return (
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
        {lines.map((line) => (
          <LedgerRow
            key={line.id}
            line={line}
            expanded={expanded.has(line.id)}
            onToggle={() => onToggle(line)}
            onEdit={onEdit ? () => onEdit(line) : undefined}
            onDelete={onDelete ? () => onDelete(line) : undefined}
          />
        ))}
      </tbody>
    </Table>
  );
}

/** Previous / next page, off at either end and while a page loads. */
export function LedgerPageNav({
  page,
  pages,
  isFetching,
  onGoTo,
}: {
  page: number;
  pages: number;
  isFetching: boolean;
  onGoTo: (page: number) => void;
}) {
  return (
    <nav aria-label="Ledger pages" className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <p className="text-muted">
        Page {page} of {pages}
      </p>
      <div className="flex gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={page <= 1 || isFetching}
          onClick={() => onGoTo(page - 1)}
        >
          Previous page
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={page >= pages || isFetching}
          onClick={() => onGoTo(page + 1)}
        >
          Next page
        </Button>
      </div>
    </nav>
  );
}
