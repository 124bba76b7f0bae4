import { toastError, toastSuccess } from '../../stores/toasts';
import { Button } from '../../ui/button';
import { useCancelEmailChange, useEmailChange } from './api';

/**
 * Under the email field: the new address waiting for its link (decision 041), and a way to
 * withdraw it. Until the link is opened, the address above stays the one that signs in.
 */
export function PendingEmailChange() {
  const status = useEmailChange();
  const cancel = useCancelEmailChange();
  const pending = status.data?.pending;
  if (!pending) return null;
  return (
    <div role="status" className="grid gap-2 rounded-md border border-border bg-canvas p-3 text-sm">
      <p className="text-ink">
        Pending: <strong>{pending.newEmail}</strong> (confirmation sent). Your email changes when you open the
        link we sent there.
      </p>
      <div>
        <Button
          variant="outline"
          size="sm"
          disabled={cancel.isPending}
          onClick={() =>
            cancel.mutate(undefined, {
              onSuccess: () => toastSuccess('Email change cancelled'),
              onError: () => toastError('Could not cancel the email change'),
            })
          }
        >
          {cancel.isPending ? 'Cancelling...' : 'Cancel change'}
        </Button>
      </div>
    </div>
  );
}
