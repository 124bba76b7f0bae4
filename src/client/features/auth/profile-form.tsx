import { can } from '../../../domain/account/permissions';
import {
  type CurrentUser,
  type Jurisdiction,
  JurisdictionSchema,
  type UpdateProfile,
  UpdateProfileSchema,
} from '../../../domain/contracts/auth';
import { useContractForm } from '../../forms/contract-form';
import { ContractFormRoot, TextField } from '../../forms/form-field';
import { SelectField } from '../../forms/select-field';
import { getErrorBody, getErrorStatus, getFieldErrors, isUnauthorizedError } from '../../lib/api';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { PermissionNote } from '../../ui/permission-note';
import { useUpdateProfile } from './api';
import { PendingEmailChange } from './pending-email-change';
import { ProfilePhoto } from './profile-photo';

export const JURISDICTION_LABELS: Record<Jurisdiction, string> = {
  CSRD: 'EU: CSRD (Corporate Sustainability Reporting Directive)',
  SECR: 'UK: SECR (Streamlined Energy and Carbon Reporting)',
  SEC: 'US: SEC climate disclosure',
};
const JURISDICTION_CHOICES = JurisdictionSchema.options.map((value) => ({
  value,
  label: JURISDICTION_LABELS[value],
}));

function fromUser(user: CurrentUser): UpdateProfile {
  const { firstName, lastName, email, companyName, jurisdiction } = user;
  return { firstName, lastName, email, companyName, jurisdiction };
}

/** The server's field messages, with a 409 (email not set up here) or 422 (link not sent) on the email. */
function profileServerErrors(error: unknown): Record<string, string> {
  const messages = getFieldErrors(error);
  const status = getErrorStatus(error);
  if ((status === 409 || status === 422) && !messages.email) {
    messages.email = getErrorBody(error)?.message || 'The email could not be changed.';
  }
  return messages;
}

/** Settings → Profile: the person's name and email, and (for an admin) the company's. Loaded after the page. */
export function ProfileForm({ user }: { user: CurrentUser }) {
  const form = useContractForm<UpdateProfile, UpdateProfile>(UpdateProfileSchema, fromUser(user));
  const canEditCompany = can(user.role, 'company.edit');
  const mutation = useUpdateProfile();
  const titleId = `${form.idPrefix}-title`;

  const save = (values: UpdateProfile) =>
    mutation.mutate(values, {
      onSuccess: (result) => {
        // A new email waits for its link (decision 041): the field shows the address in force.
        if (result.emailChange) {
          form.setValue('email', result.email);
          toastSuccess(result.emailChange.message);
        } else {
          toastSuccess('Profile updated successfully');
        }
      },
      onError: (error) => {
        // A lost session has its own toast and redirect (query client); don't replace it.
        if (isUnauthorizedError(error)) return;
        const messages = profileServerErrors(error);
        form.showFieldErrors(messages);
        const details = Object.values(messages).filter(Boolean);
        toastError(
          details.length ? `Failed to update profile. ${details.join(' ')}` : 'Failed to update profile',
        );
      },
    });

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Profile information</CardTitle>
        <CardDescription>
          Your name and contact details, and the reporting regime your company follows.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <ProfilePhoto user={user} />
        <ContractFormRoot form={form} onSubmit={save} className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField name="firstName" label="First name" autoComplete="given-name" />
            <TextField name="lastName" label="Last name" autoComplete="family-name" />
          </div>
          <TextField name="email" label="Email" type="email" autoComplete="email" />
          <PendingEmailChange />
          {/* The company's fields are an admin's (company.edit); others see them read-only. */}
          <fieldset disabled={!canEditCompany} className="contents">
            <TextField name="companyName" label="Company name" autoComplete="organization" />
            <SelectField name="jurisdiction" label="Jurisdiction" choices={JURISDICTION_CHOICES} />
          </fieldset>
          <PermissionNote action="company.edit" />
          <div>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </ContractFormRoot>
      </CardContent>
    </Card>
  );
}
