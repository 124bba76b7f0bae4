import { Button } from '../../ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog';

/**
 * Receipt scanning (text recognition) is not built yet. Rather than take a file the server cannot
 * read, the 'Upload Receipt' button opens this explanation with what to do today.
 */
export function ReceiptDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Receipt scanning is not available yet</DialogTitle>
          <DialogDescription>
            Reading fuel, travel and utility receipts with text recognition arrives in a later release.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2 text-sm text-slate-700">
          <p>Until then you can:</p>
          <ul className="grid list-disc gap-1 pl-5">
            <li>
              add the receipt as a line in the activity ledger, with a link to the scanned copy as evidence;
            </li>
            <li>or collect several receipts in a spreadsheet and import it with the CSV template.</li>
          </ul>
          <p>When scanning arrives it will accept images and PDF files smaller than 10 MB.</p>
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button>OK</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
