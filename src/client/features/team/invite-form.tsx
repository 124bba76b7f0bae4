import { type FormEvent, useId, useRef, useState } from 'react';
import { entitlementRefusal } from '../../../domain/account/plans';
import type { Role } from '../../../domain/contracts/auth';
import { type CreatedInvite, CreateInviteSchema, type Team } from '../../../domain/contracts/team';
import { getErrorMessage, getFieldErrors, isUnauthorizedError } from '../../lib/api';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { FieldError, Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/select';
import { useCreateInvite } from './api';
import { InviteLinkNotice } from './invite-link-notice';
import { ROLE_OPTIONS } from './roles';

/**
 * The invite's email and role, checked with the contract before sending; the server's answer on the
 * email is shown under it. An invite without email delivery comes back with its link (`created`).
 */
function useSendInvite() {
  const emailRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('member');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [created, setCreated] = useState<(CreatedInvite & { email: string }) | null>(null);
  const mutation = useCreateInvite();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = CreateInviteSchema.safeParse({ email, role });
    if (!parsed.success) {
      setEmailError(parsed.error.issues.find((issue) => issue.path[0] === 'email')?.message);
      emailRef.current?.focus();
      return;
    }
    setEmailError(undefined);
    mutation.mutate(parsed.data, {
      onSuccess: (result) => {
        setEmail('');
        setRole('member');
        if (result.link) {
          setCreated({ ...result, email: parsed.data.email });
        } else {
          setCreated(null);
          toastSuccess(`An invitation email was sent to ${parsed.data.email}.`, 'Invitation sent');
        }
      },
      onError: (error) => {
        if (isUnauthorizedError(error)) return;
        const fieldError = getFieldErrors(error).email;
        if (fieldError) {
          setEmailError(fieldError);
          emailRef.current?.focus();
        }
        toastError(getErrorMessage(error));
      },
    });
  };

  return {
    emailRef,
    email,
    setEmail,
    role,
    setRole,
    emailError,
    created,
    dismissCreated: () => setCreated(null),
    onSubmit,
    isPending: mutation.isPending,
  };
}

function RoleSelect({ id, role, onChange }: { id: string; role: Role; onChange: (role: Role) => void }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Role</Label>
      <Select name="role" value={role} onValueChange={(value) => onChange(value as Role)}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {ROLE_OPTIONS.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** Settings → Team invite form (spec §2, §3, §5): email (email type), role (default member), 'Send Invitation'. */
export function InviteForm({ team }: { team: Team }) {
  const id = useId();
  const {
    emailRef,
    email,
    setEmail,
    role,
    setRole,
    emailError,
    created,
    dismissCreated,
    onSubmit,
    isPending,
  } = useSendInvite();
  const seatsUsed = team.members.length + team.invites.length;
  const planFull = team.maxUsers !== null && seatsUsed >= team.maxUsers;

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Invite a team member</CardTitle>
        <CardDescription>
          They get a link that works once and expires after 7 days.
          {team.emailConfigured
            ? ' The link is emailed to them.'
            : ' Email is not configured on this server, so you will copy the link and send it yourself.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {planFull ? (
          <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            {entitlementRefusal(team.plan, 'unlimitedUsers')}
          </p>
        ) : null}
        <form
          noValidate
          onSubmit={onSubmit}
          className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
        >
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-email`}>Email address</Label>
            <Input
              ref={emailRef}
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="off"
              placeholder="colleague@example.com"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? `${id}-email-error` : undefined}
            />
          </div>
          <RoleSelect id={`${id}-role`} role={role} onChange={setRole} />
          <Button type="submit" disabled={isPending}>
            {isPending ? 'Sending...' : 'Send Invitation'}
          </Button>
          {emailError ? (
            <div className="sm:col-span-3">
              <FieldError id={`${id}-email-error`}>{emailError}</FieldError>
            </div>
          ) : null}
        </form>
        <p className="text-sm text-muted">
          {ROLE_OPTIONS.map((option) => `${option.label}: ${option.description}`).join('. ')}.
        </p>
        {created?.link ? (
          <InviteLinkNotice
            email={created.email}
            link={created.link}
            expiresAt={created.invite.expiresAt}
            emailFailed={created.delivery === 'email_failed'}
            onDismiss={dismissCreated}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
