import type { ReactNode } from 'react';
import { Button } from '../../ui/button';
import { DialogFooter } from '../../ui/dialog';
import { Skeleton } from '../../ui/skeleton';

// The frame the account-mapping and site-mapping dialogs share: loading rows, the scrolling
// two-column table (what the provider calls it → where it goes) and the Cancel / Save footer.

export function MappingLoading({ label }: { label: string }) {
  return (
    <div className="grid gap-2">
      <span className="sr-only">{label}</span>
      <Skeleton className="h-8 w-full" />
      <Skeleton className="h-8 w-full" />
    </div>
  );
}

export function MappingTable({ columns, children }: { columns: [string, string]; children: ReactNode }) {
  return (
    <div className="max-h-[60vh] overflow-y-auto">
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-border text-muted">
            <th scope="col" className="py-2 pr-3 font-medium">
              {columns[0]}
            </th>
            <th scope="col" className="py-2 font-medium">
              {columns[1]}
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** One row: the provider's name for it (a label for the control), "(suggested)" until a person chose. */
export function MappingRow({
  controlId,
  label,
  suggested,
  children,
}: {
  controlId: string;
  label: ReactNode;
  suggested: boolean;
  children: ReactNode;
}) {
  return (
    <tr className="border-b border-border last:border-0">
      <th scope="row" className="py-2 pr-3 font-normal text-ink">
        <label htmlFor={controlId}>{label}</label>
        {suggested ? <span className="ml-2 text-xs text-muted">(suggested)</span> : null}
      </th>
      <td className="py-2">{children}</td>
    </tr>
  );
}

export function MappingFooter({
  onCancel,
  onSave,
  saving,
  ready,
  saveLabel,
}: {
  onCancel: () => void;
  onSave: () => void;
  saving: boolean;
  ready: boolean;
  saveLabel: string;
}) {
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button onClick={onSave} disabled={saving || !ready}>
        {saving ? 'Saving...' : saveLabel}
      </Button>
    </DialogFooter>
  );
}
