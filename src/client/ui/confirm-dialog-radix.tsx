import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';
import { buttonClasses } from './button';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** Label of the confirming button, e.g. 'Delete'. */
  confirmLabel: string;
  /** Shown on the confirming button while the action runs. */
  pendingLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
}

/**
 * A destructive confirmation (Radix AlertDialog: focus starts on Cancel, Escape cancels, focus
 * returns to the opener). The dialog stays open while `pending`; the caller closes it when done.
 * Screens use `ConfirmDialog` (confirm-dialog.tsx), which loads this on first use.
 */
export function RadixConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending = false,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <AlertDialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <AlertDialogPrimitive.Content className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border border-border bg-surface p-6 shadow-lg">
          <AlertDialogPrimitive.Title className="text-lg font-semibold text-ink">
            {title}
          </AlertDialogPrimitive.Title>
          <AlertDialogPrimitive.Description className="text-sm text-muted">
            {description}
          </AlertDialogPrimitive.Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogPrimitive.Cancel className={buttonClasses('outline')}>
              Cancel
            </AlertDialogPrimitive.Cancel>
            <button
              type="button"
              className={buttonClasses('destructive')}
              disabled={pending}
              onClick={onConfirm}
            >
              {pending ? (pendingLabel ?? confirmLabel) : confirmLabel}
            </button>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
