import { PASSWORD_HINT } from '../../../domain/account/password-policy';
import { type ChangePassword, ChangePasswordSchema } from '../../../domain/contracts/auth';
import { useContractForm } from '../../forms/contract-form';
import { ContractFormRoot, TextField } from '../../forms/form-field';
import { getErrorMessage, isUnauthorizedError } from '../../lib/api';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { useChangePassword } from './api';

const EMPTY: ChangePassword = { currentPassword: '', newPassword: '' };

/**
 * Settings → Profile "Change password" (decision 045). The current password is required; the new
 * one follows the policy (the contract's rules here, the rest answered by the server beside the
 * field). Other sessions of the person are signed out; this one stays. Loaded after the page
 * (profile-panel.tsx).
 */
export function ChangePasswordCard({ email }: { email: string }) {
  const form = useContractForm<ChangePassword, ChangePassword>(ChangePasswordSchema, EMPTY);
  const mutation = useChangePassword();
  const titleId = `${form.idPrefix}-title`;

  const change = (values: ChangePassword) =>
    mutation.mutate(values, {
      onSuccess: () => {
        form.reset(EMPTY);
        toastSuccess('Your other sessions have been signed out.', 'Password changed');
      },
      onError: (error) => {
        if (isUnauthorizedError(error)) return;
        form.showServerErrors(error);
        toastError(getErrorMessage(error));
      },
    });

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Change password</CardTitle>
        <CardDescription>
          Enter your current password, then the new one. Your other sessions are signed out; this one stays.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ContractFormRoot form={form} onSubmit={change} className="grid gap-4">
          {/* Tells password managers which account the new password belongs to. */}
          <input type="email" autoComplete="username" value={email} readOnly hidden />
          <TextField
            name="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
          />
          <TextField
            name="newPassword"
            label="New password"
            type="password"
            autoComplete="new-password"
            hint={PASSWORD_HINT}
          />
          <div>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? 'Changing...' : 'Change password'}
            </Button>
          </div>
        </ContractFormRoot>
      </CardContent>
    </Card>
  );
}
