import type { ConfirmDialogProps } from './confirm-dialog-radix';
import { DeferredDialog, loadOnce } from './deferred-control';

export type { ConfirmDialogProps };

const loadConfirmDialog = loadOnce(() =>
  import('./confirm-dialog-radix').then((module) => module.RadixConfirmDialog),
);

/**
 * A destructive confirmation whose Radix AlertDialog code downloads the first time it opens, not
 * with every screen that offers a delete or a recalculation (decision 070).
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return <DeferredDialog load={loadConfirmDialog} {...props} />;
}
