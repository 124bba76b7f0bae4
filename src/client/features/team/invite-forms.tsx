import { type FormEvent, useId, useState } from 'react';
import { PASSWORD_HINT } from '../../../domain/account/password-policy';
import type { CurrentUser } from '../../../domain/contracts/auth';
import { type InviteLookup, InviteSignUpSchema } from '../../../domain/contracts/team';
import { getErrorMessage, getFieldErrors } from '../../lib/api';
import { type FieldErrors, issuesToErrors } from '../../lib/form-errors';
import { Button } from '../../ui/button';
import { FormAlert } from '../../ui/form-alert';
import { FieldError, Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { useSignInForInvite, useSignUpFromInvite } from './api';

type Fields = 'firstName' | 'lastName' | 'password';

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
  const id = useId();
  const [values, setValues] = useState({ firstName: '', lastName: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<Fields>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const mutation = useSignUpFromInvite();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = InviteSignUpSchema.safeParse({ token, ...values });
    if (!parsed.success) {
      setErrors(issuesToErrors<Fields>(parsed.error.issues));
      setAlert('Please correct the highlighted fields.');
      return;
    }
    setErrors({});
    setAlert(null);
    mutation.mutate(parsed.data, {
      onSuccess: onJoined,
      onError: (error) => {
        setErrors(getFieldErrors(error));
        setAlert(getErrorMessage(error));
      },
    });
  };

  const field = (name: Fields, label: string, type: string, autoComplete: string, hint?: string) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <Input
        id={`${id}-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        value={values[name]}
        onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={
          [hint ? `${id}-${name}-hint` : '', errors[name] ? `${id}-${name}-error` : '']
            .filter(Boolean)
            .join(' ') || undefined
        }
      />
      {hint ? (
        <p id={`${id}-${name}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-${name}-error`}>{errors[name]}</FieldError>
    </div>
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Create your account" className="grid gap-4">
      <FormAlert message={alert} />
      <div className="grid gap-4 sm:grid-cols-2">
        {field('firstName', 'First name', 'text', 'given-name')}
        {field('lastName', 'Last name', 'text', 'family-name')}
      </div>
      <InvitedEmail id={id} email={invite.email} />
      {field('password', 'Password', 'password', 'new-password', PASSWORD_HINT)}
      <Button type="submit" size="lg" disabled={mutation.isPending}>
        {mutation.isPending ? 'Creating account...' : `Create account and join ${invite.companyName}`}
      </Button>
    </form>
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
