import { Table, TableCaption, TableCell, TableHeaderCell } from '../../ui/table';
import type { RowError } from './import';

/** More than this many bad rows are summarised, not listed. */
export const ROW_ERROR_LIMIT = 50;

export function RowErrorsTable({ errors, total }: { errors: readonly RowError[]; total: number }) {
  const shown = errors.slice(0, ROW_ERROR_LIMIT);
  const more = Math.max(total, errors.length) - shown.length;
  return (
    <div className="grid gap-1">
      <Table label="Rows that need fixing" className="bg-surface">
        <TableCaption>
          Rows that need fixing (line numbers as in your file, the header being line 1)
        </TableCaption>
        <thead>
          <tr>
            <TableHeaderCell scope="col" className="w-20">
              Line
            </TableHeaderCell>
            <TableHeaderCell scope="col">Problem</TableHeaderCell>
          </tr>
        </thead>
        <tbody>
          {shown.map((error) => (
            <tr key={`${error.line}-${error.message}`}>
              <TableCell className="tabular-nums">{error.line}</TableCell>
              <TableCell>{error.message}</TableCell>
            </tr>
          ))}
        </tbody>
      </Table>
      {more > 0 ? <p className="text-sm text-slate-800">…and {more} more.</p> : null}
    </div>
  );
}
