import { type FormEvent, useId, useState } from 'react';
import type { z } from 'zod';
import { PASSWORD_HINT } from '../../../domain/account/password-policy';
import type { CurrentUser } from '../../../domain/contracts/auth';
import { type InviteLookup, InviteSignUpSchema } from '../../../domain/contracts/team';
import { useContractForm } from '../../forms/contract-form';
import { ContractFormRoot, TextField } from '../../forms/form-field';
import { getErrorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { FormAlert } from '../../ui/form-alert';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { useSignInForInvite, useSignUpFromInvite } from './api';

function InvitedEmail({ id, email }: { id: string; email: string }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-email`}>Email</Label>
      <Input id={`${id}-email`} type="email" value={email} readOnly aria-describedby={`${id}-email-hint`} />
      <p id={`${id}-email-hint`} className="text-sm text-muted">
        The invitation is for this address.
      </p>
    </div>
  );
}

const InviteSignUpFormSchema = InviteSignUpSchema.omit({ token: true });
type InviteSignUpValues = z.infer<typeof InviteSignUpFormSchema>;

/** A new account for the invited address; it joins the inviting company instead of creating one. */
export function InviteSignUpForm({
  token,
  invite,
  onJoined,
}: {
  token: string;
  invite: InviteLookup;
  onJoined: (user: CurrentUser) => void;
}) {
  const form = useContractForm<InviteSignUpValues, InviteSignUpValues>(InviteSignUpFormSchema, {
    firstName: '',
    lastName: '',
    password: '',
  });
  const [alert, setAlert] = useState<string | null>(null);
  const mutation = useSignUpFromInvite();

  const signUp = (values: InviteSignUpValues) => {
    setAlert(null);
    mutation.mutate(
      { token, ...values },
      {
        onSuccess: onJoined,
        onError: (error) => {
          form.showServerErrors(error);
          setAlert(getErrorMessage(error));
        },
      },
    );
  };

  return (
    <ContractFormRoot
      form={form}
      onSubmit={signUp}
      onInvalid={() => setAlert('Please correct the highlighted fields.')}
      label="Create your account"
      className="grid gap-4"
    >
      <FormAlert message={alert} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="firstName" label="First name" autoComplete="given-name" />
        <TextField name="lastName" label="Last name" autoComplete="family-name" />
      </div>
      <InvitedEmail id={form.idPrefix} email={invite.email} />
      <TextField
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_HINT}
      />
      <Button type="submit" size="lg" disabled={mutation.isPending}>
        {mutation.isPending ? 'Creating account...' : `Create account and join ${invite.companyName}`}
      </Button>
    </ContractFormRoot>
  );
}

/** Sign in with the invited address; the page then offers 'Join {company}'. */
export function InviteSignInForm({
  invite,
  onSignedIn,
}: {
  invite: InviteLookup;
  onSignedIn: (user: CurrentUser) => void;
}) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const mutation = useSignInForInvite();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) {
      setAlert('Password is required');
      return;
    }
    setAlert(null);
    mutation.mutate(
      { email: invite.email, password },
      { onSuccess: onSignedIn, onError: (error) => setAlert(getErrorMessage(error)) },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Sign in" className="grid gap-4">
      <FormAlert message={alert} />
      <InvitedEmail id={id} email={invite.email} />
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-password`}>Password</Label>
        <Input
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      <Button type="submit" size="lg" disabled={mutation.isPending}>
        {mutation.isPending ? 'Signing in...' : 'Sign in'}
      </Button>
    </form>
  );
}
