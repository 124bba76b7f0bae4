import { type FormEvent, useId, useRef, useState } from 'react';
import { can } from '../../../domain/account/permissions';
import {
  type CurrentUser,
  type Jurisdiction,
  JurisdictionSchema,
  type UpdateProfile,
  UpdateProfileSchema,
} from '../../../domain/contracts/auth';
import { getErrorBody, getErrorStatus, getFieldErrors, isUnauthorizedError } from '../../lib/api';
import { type FieldErrors as FormFieldErrors, focusFirstError, schemaErrors } from '../../lib/form-errors';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { FieldError, Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { PermissionNote } from '../../ui/permission-note';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/select';
import { useUpdateProfile } from './api';
import { PendingEmailChange } from './pending-email-change';
import { ProfilePhoto } from './profile-photo';

export const JURISDICTION_LABELS: Record<Jurisdiction, string> = {
  CSRD: 'EU: CSRD (Corporate Sustainability Reporting Directive)',
  SECR: 'UK: SECR (Streamlined Energy and Carbon Reporting)',
  SEC: 'US: SEC climate disclosure',
};

type Field = keyof UpdateProfile;
type FieldErrors = FormFieldErrors<Field>;
const FIELD_ORDER: Field[] = ['firstName', 'lastName', 'email', 'companyName', 'jurisdiction'];

function fromUser(user: CurrentUser): UpdateProfile {
  const { firstName, lastName, email, companyName, jurisdiction } = user;
  return { firstName, lastName, email, companyName, jurisdiction };
}

export function ProfileForm({ user }: { user: CurrentUser }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<UpdateProfile>(() => fromUser(user));
  const canEditCompany = can(user.role, 'company.edit');
  const [errors, setErrors] = useState<FieldErrors>({});
  const mutation = useUpdateProfile();

  const fieldId = (field: Field) => `${id}-${field}`;
  const errorId = (field: Field) => `${id}-${field}-error`;
  const set = (field: Field) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const focusFirst = (found: FieldErrors) => focusFirstError(formRef.current, FIELD_ORDER, found, fieldId);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = schemaErrors<Field>(UpdateProfileSchema, values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    mutation.mutate(values, {
      onSuccess: (result) => {
        // A new email waits for its link (decision 041): the field shows the address in force.
        if (result.emailChange) {
          setValues((current) => ({ ...current, email: result.email }));
          toastSuccess(result.emailChange.message);
        } else {
          toastSuccess('Profile updated successfully');
        }
      },
      onError: (error) => {
        // A lost session has its own toast and redirect (query client); don't replace it.
        if (isUnauthorizedError(error)) return;
        const serverErrors: FieldErrors = getFieldErrors(error);
        // 409 (email not set up here) or 422 (the link could not be sent): about the email field.
        const status = getErrorStatus(error);
        if ((status === 409 || status === 422) && !serverErrors.email) {
          serverErrors.email = getErrorBody(error)?.message || 'The email could not be changed.';
        }
        setErrors(serverErrors);
        const details = Object.values(serverErrors).filter(Boolean);
        toastError(
          details.length ? `Failed to update profile. ${details.join(' ')}` : 'Failed to update profile',
        );
        focusFirst(serverErrors);
      },
    });
  };

  const textField = (
    field: Exclude<Field, 'jurisdiction'>,
    label: string,
    type = 'text',
    autoComplete?: string,
  ) => (
    <div className="grid gap-1.5">
      <Label htmlFor={fieldId(field)}>{label}</Label>
      <Input
        id={fieldId(field)}
        name={field}
        type={type}
        autoComplete={autoComplete}
        value={values[field]}
        onChange={(event) => set(field)(event.target.value)}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? errorId(field) : undefined}
      />
      <FieldError id={errorId(field)}>{errors[field]}</FieldError>
    </div>
  );

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Profile information</CardTitle>
        <CardDescription>
          Your name and contact details, and the reporting regime your company follows.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <ProfilePhoto user={user} />
        <form ref={formRef} noValidate onSubmit={onSubmit} className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            {textField('firstName', 'First name', 'text', 'given-name')}
            {textField('lastName', 'Last name', 'text', 'family-name')}
          </div>
          {textField('email', 'Email', 'email', 'email')}
          <PendingEmailChange />
          {/* The company's fields are an admin's (company.edit); others see them read-only. */}
          <fieldset disabled={!canEditCompany} className="contents">
            {textField('companyName', 'Company name', 'text', 'organization')}
            <div className="grid gap-1.5">
              <Label htmlFor={fieldId('jurisdiction')}>Jurisdiction</Label>
              <Select
                name="jurisdiction"
                value={values.jurisdiction}
                onValueChange={(value) => set('jurisdiction')(JurisdictionSchema.parse(value))}
              >
                <SelectTrigger
                  id={fieldId('jurisdiction')}
                  aria-invalid={errors.jurisdiction ? true : undefined}
                  aria-describedby={errors.jurisdiction ? errorId('jurisdiction') : undefined}
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {JurisdictionSchema.options.map((option) => (
                    <SelectItem key={option} value={option}>
                      {JURISDICTION_LABELS[option]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FieldError id={errorId('jurisdiction')}>{errors.jurisdiction}</FieldError>
            </div>
          </fieldset>
          <PermissionNote action="company.edit" />
          <div>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
