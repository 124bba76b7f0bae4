import { useId, useState } from 'react';
import type { z } from 'zod';
import { entitlementRefusal } from '../../../domain/account/plans';
import {
  type CreatedInvite,
  type CreateInvite,
  CreateInviteSchema,
  type Team,
} from '../../../domain/contracts/team';
import { useContractForm } from '../../forms/contract-form';
import { ContractFormRoot, TextField } from '../../forms/form-field';
import { SelectField } from '../../forms/select-field';
import { getErrorMessage, isUnauthorizedError } from '../../lib/api';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { useCreateInvite } from './api';
import { InviteLinkNotice } from './invite-link-notice';
import { ROLE_OPTIONS } from './roles';

type InviteValues = z.input<typeof CreateInviteSchema>;

/**
 * The invite's email and role, checked with the contract before sending (decision 071); the
 * server's answer on the email is shown under it. An invite without email delivery comes back with
 * its link (`created`).
 */
function useSendInvite() {
  const form = useContractForm<InviteValues, CreateInvite>(CreateInviteSchema, { email: '', role: 'member' });
  const [created, setCreated] = useState<(CreatedInvite & { email: string }) | null>(null);
  const mutation = useCreateInvite();

  const send = (invite: CreateInvite) =>
    mutation.mutate(invite, {
      onSuccess: (result) => {
        form.reset();
        if (result.link) {
          setCreated({ ...result, email: invite.email });
        } else {
          setCreated(null);
          toastSuccess(`An invitation email was sent to ${invite.email}.`, 'Invitation sent');
        }
      },
      onError: (error) => {
        if (isUnauthorizedError(error)) return;
        form.showServerErrors(error);
        toastError(getErrorMessage(error));
      },
    });

  return { form, send, created, dismissCreated: () => setCreated(null), isPending: mutation.isPending };
}

/** Settings → Team invite form (spec §2, §3, §5): email (email type), role (default member), 'Send Invitation'. */
export function InviteForm({ team }: { team: Team }) {
  const id = useId();
  const { form, send, created, dismissCreated, isPending } = useSendInvite();
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
        <ContractFormRoot
          form={form}
          onSubmit={send}
          className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start"
        >
          <TextField
            name="email"
            label="Email address"
            type="email"
            autoComplete="off"
            placeholder="colleague@example.com"
          />
          <SelectField
            name="role"
            label="Role"
            choices={ROLE_OPTIONS.map((option) => ({ value: option.value, label: option.label }))}
          />
          <Button type="submit" className="sm:mt-6" disabled={isPending}>
            {isPending ? 'Sending...' : 'Send Invitation'}
          </Button>
        </ContractFormRoot>
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
