import { useFormContext, useWatch } from 'react-hook-form';
import type { AccountDeletionImpact, DeleteAccount } from '../../../domain/contracts/privacy';
import { checkedFormSchema } from '../../forms/checked-form-schema';
import { useContractForm } from '../../forms/contract-form';
import { ContractFormRoot, TextareaField, useFieldControl } from '../../forms/form-field';
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
import { FieldError } from '../../ui/input';
import { Label } from '../../ui/label';
import { useDeleteAccount } from './api';
import { DELETE_ACCOUNT_START, type DeleteAccountValues, deleteAccountCheck } from './delete-account';

const deleteAccountSchema = checkedFormSchema(deleteAccountCheck);

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

function UnderstoodCheckbox({ disabled }: { disabled: boolean }) {
  const { register } = useFormContext<DeleteAccountValues>();
  const { error, ...control } = useFieldControl('understood');
  return (
    <div className="grid gap-1.5">
      <div className="flex items-start gap-2.5">
        <input
          {...control}
          type="checkbox"
          disabled={disabled}
          className="mt-0.5 size-4 shrink-0 accent-red-700"
          {...register('understood')}
        />
        <Label htmlFor={control.id}>
          I understand that my account and personal data will be permanently deleted.
        </Label>
      </div>
      <FieldError id={`${control.id}-error`}>{error}</FieldError>
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
  const form = useContractForm(deleteAccountSchema, DELETE_ACCOUNT_START);
  const understood = useWatch({ control: form.control, name: 'understood' });
  const deletion = useDeleteAccount();
  const done = deletion.isSuccess;
  const blocked = impact.blockedReason;

  const submit = (request: DeleteAccount) => {
    if (blocked || deletion.isPending || done) return;
    deletion.mutate(request, {
      onSuccess: () => {
        toastSuccess('Account deleted successfully');
        setTimeout(() => {
          window.location.href = LOGIN_PATH;
        }, AFTER_DELETION_REDIRECT_MS);
      },
      onError: (error) => toastError(`Failed to delete account: ${getErrorMessage(error)}`),
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !deletion.isPending && !done && onOpenChange(next)}>
      <DialogContent>
        <ContractFormRoot form={form} onSubmit={submit} className="grid gap-4">
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
          <UnderstoodCheckbox disabled={done || Boolean(blocked)} />
          {/* Optional, and never stored (the hint says so). */}
          <TextareaField
            name="reason"
            label="Reason for leaving (optional)"
            hint="Not stored: it is not kept with your account or anywhere else."
            maxLength={1000}
            rows={3}
            disabled={done}
          />
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
        </ContractFormRoot>
      </DialogContent>
    </Dialog>
  );
}
