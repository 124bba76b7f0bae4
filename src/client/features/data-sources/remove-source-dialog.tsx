import type { DataSource } from '../../../domain/contracts/data-sources';
import { Button } from '../../ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog';
import { deleteQuestion } from './connect';

/**
 * "Remove this data source?": a source with imported lines offers to keep or remove them. Loaded
 * the first time a Delete is pressed (decision 070).
 */
export function RemoveSourceDialog({
  open,
  onOpenChange,
  source,
  pending,
  onRemove,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  source: DataSource | null;
  pending: boolean;
  /** Removes the source, keeping its ledger lines or not. */
  onRemove: (keepLines: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Remove this data source?</DialogTitle>
          <DialogDescription>{source ? deleteQuestion(source) : ''}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          {source && source.lineCount > 0 ? (
            <>
              <Button variant="outline" onClick={() => onRemove(true)} disabled={pending}>
                Keep lines
              </Button>
              <Button
                className="bg-danger text-white hover:bg-red-700"
                onClick={() => onRemove(false)}
                disabled={pending}
              >
                {pending ? 'Deleting...' : 'Remove lines'}
              </Button>
            </>
          ) : (
            <Button
              className="bg-danger text-white hover:bg-red-700"
              onClick={() => onRemove(true)}
              disabled={pending}
            >
              {pending ? 'Deleting...' : 'Delete'}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
