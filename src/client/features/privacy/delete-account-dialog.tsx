import { type FormEvent, useId, useState } from 'react';
import type { AccountDeletionImpact } from '../../../domain/contracts/privacy';
import { getErrorMessage } from '../../lib/api';
import { LOGIN_PATH } from '../../lib/session-loss';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Button } from '../../ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog';
import { Label } from '../../ui/label';
import { Textarea } from '../../ui/textarea';
import { useDeleteAccount } from './api';

/** spec §4, §9: after deletion the browser goes to login after 3 seconds. */
export const AFTER_DELETION_REDIRECT_MS = 3000;

function Consequences({ impact }: { impact: AccountDeletionImpact }) {
  return (
    <ul className="grid list-disc gap-1 pl-5 text-sm text-ink">
      <li>Your profile, sign-in methods and every session end now; you will be signed out.</li>
      {impact.companiesDeleted.map((company) => (
        <li key={company.id}>
          <strong>{company.name}</strong> will be deleted with all its data (ledger, reports, narratives,
          files), because you are its only member. This app’s access to its connected QuickBooks, Xero or
          Shopify accounts is revoked as well; should a provider not answer, remove the app there yourself.
        </li>
      ))}
      {impact.companiesKept.map((company) => (
        <li key={company.id}>
          <strong>{company.name}</strong> stays with its other members; your name is removed from what you did
          there.
        </li>
      ))}
      <li>This cannot be undone. Export your data first if you want a copy.</li>
    </ul>
  );
}

function UnderstoodCheckbox({
  id,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start gap-2.5">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-4 shrink-0 accent-red-700"
      />
      <Label htmlFor={id}>I understand that my account and personal data will be permanently deleted.</Label>
    </div>
  );
}

/** Optional, and never stored (the hint says so). */
function ReasonField({
  id,
  reason,
  disabled,
  onChange,
}: {
  id: string;
  reason: string;
  disabled: boolean;
  onChange: (reason: string) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Reason for leaving (optional)</Label>
      <Textarea
        id={id}
        value={reason}
        maxLength={1000}
        rows={3}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-hint`} className="text-xs text-muted">
        Not stored: it is not kept with your account or anywhere else.
      </p>
    </div>
  );
}

interface DeleteAccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  impact: AccountDeletionImpact;
}

/** The confirmation of spec §2/§5: understanding checkbox, optional reason, confirm disabled until ticked. */
export function DeleteAccountDialog({ open, onOpenChange, impact }: DeleteAccountDialogProps) {
  const id = useId();
  const [understood, setUnderstood] = useState(false);
  const [reason, setReason] = useState('');
  const deletion = useDeleteAccount();
  const done = deletion.isSuccess;
  const blocked = impact.blockedReason;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!understood || blocked || deletion.isPending || done) return;
    const trimmed = reason.trim();
    deletion.mutate(
      { confirmed: true, ...(trimmed ? { reason: trimmed } : {}) },
      {
        onSuccess: () => {
          toastSuccess('Account deleted successfully');
          setTimeout(() => {
            window.location.href = LOGIN_PATH;
          }, AFTER_DELETION_REDIRECT_MS);
        },
        onError: (error) => toastError(`Failed to delete account: ${getErrorMessage(error)}`),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !deletion.isPending && !done && onOpenChange(next)}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Delete your account?</DialogTitle>
            <DialogDescription>What happens when you confirm:</DialogDescription>
          </DialogHeader>
          <Consequences impact={impact} />
          {blocked ? (
            <p role="alert" className="rounded-md border border-danger/40 bg-red-50 p-3 text-sm text-red-900">
              {blocked}
            </p>
          ) : null}
          <UnderstoodCheckbox
            id={`${id}-understood`}
            checked={understood}
            disabled={done || Boolean(blocked)}
            onChange={setUnderstood}
          />
          <ReasonField id={`${id}-reason`} reason={reason} disabled={done} onChange={setReason} />
          {done ? (
            <p role="status" className="text-sm font-medium text-ink">
              Your account has been deleted. Taking you to the sign-in page…
            </p>
          ) : null}
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              disabled={deletion.isPending || done}
              onClick={() => onOpenChange(false)}
            >
              Cancel
            </Button>
            <Button
              type="submit"
              variant="destructive"
              disabled={!understood || Boolean(blocked) || deletion.isPending || done}
            >
              {deletion.isPending ? 'Deleting…' : 'Delete my account'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
