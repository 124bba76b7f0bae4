// The delete-account dialog's form (decision 071): the understanding checkbox and the optional
// reason, checked with the DELETE's contract so the dialog refuses what the server would.
import { type DeleteAccount, DeleteAccountSchema } from '../../../domain/contracts/privacy';
import { type FormCheck, issuesToErrors } from '../../forms/checked-form-schema';

export interface DeleteAccountValues {
  understood: boolean;
  reason: string;
}

export const DELETE_ACCOUNT_START: DeleteAccountValues = { understood: false, reason: '' };

/** The request: `confirmed` is the checkbox; a blank reason is left out. */
export const deleteAccountCheck: FormCheck<DeleteAccountValues, DeleteAccount> = (values) => {
  const reason = values.reason.trim();
  const result = DeleteAccountSchema.safeParse({
    confirmed: values.understood,
    ...(reason ? { reason } : {}),
  });
  if (result.success) return { ok: true, payload: result.data };
  const { confirmed, reason: reasonError } = issuesToErrors<'confirmed' | 'reason'>(result.error.issues);
  return { ok: false, errors: { understood: confirmed, reason: reasonError } };
};
