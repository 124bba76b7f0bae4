import { type FormEvent, useId, useRef, useState } from 'react';
import { PASSWORD_HINT } from '../../../domain/account/password-policy';
import { type ChangePassword, ChangePasswordSchema } from '../../../domain/contracts/auth';
import { getErrorMessage, getFieldErrors, isUnauthorizedError } from '../../lib/api';
import { type FieldErrors as FormFieldErrors, focusFirstError, schemaErrors } from '../../lib/form-errors';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { FieldError, Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { useChangePassword } from './api';

type Field = keyof ChangePassword;
type FieldErrors = FormFieldErrors<Field>;
const FIELDS: Field[] = ['currentPassword', 'newPassword'];
const EMPTY: ChangePassword = { currentPassword: '', newPassword: '' };

/**
 * Settings → Profile "Change password" (decision 045). The current password is required; the new
 * one follows the policy (the contract's rules here, the rest answered by the server beside the
 * field). Other sessions of the person are signed out; this one stays.
 */
export function ChangePasswordCard({ email }: { email: string }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<ChangePassword>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const mutation = useChangePassword();

  const fieldId = (field: Field) => `${id}-${field}`;
  const focusFirst = (found: FieldErrors) => focusFirstError(formRef.current, FIELDS, found, fieldId);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = schemaErrors<Field>(ChangePasswordSchema, values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    mutation.mutate(values, {
      onSuccess: () => {
        setValues(EMPTY);
        toastSuccess('Your other sessions have been signed out.', 'Password changed');
      },
      onError: (error) => {
        if (isUnauthorizedError(error)) return;
        const serverErrors: FieldErrors = getFieldErrors(error);
        setErrors(serverErrors);
        toastError(getErrorMessage(error));
        focusFirst(serverErrors);
      },
    });
  };

  const passwordField = (field: Field, label: string, autoComplete: string, hint?: string) => {
    const describedBy = [hint ? `${fieldId(field)}-hint` : '', errors[field] ? `${fieldId(field)}-error` : '']
      .filter(Boolean)
      .join(' ');
    return (
      <div className="grid gap-1.5">
        <Label htmlFor={fieldId(field)}>{label}</Label>
        <Input
          id={fieldId(field)}
          name={field}
          type="password"
          autoComplete={autoComplete}
          value={values[field]}
          onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        {hint ? (
          <p id={`${fieldId(field)}-hint`} className="text-sm text-muted">
            {hint}
          </p>
        ) : null}
        <FieldError id={`${fieldId(field)}-error`}>{errors[field]}</FieldError>
      </div>
    );
  };

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Change password</CardTitle>
        <CardDescription>
          Enter your current password, then the new one. Your other sessions are signed out; this one stays.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form ref={formRef} noValidate onSubmit={onSubmit} className="grid gap-4">
          {/* Tells password managers which account the new password belongs to. */}
          <input type="email" autoComplete="username" value={email} readOnly hidden />
          {passwordField('currentPassword', 'Current password', 'current-password')}
          {passwordField('newPassword', 'New password', 'new-password', PASSWORD_HINT)}
          <div>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? 'Changing...' : 'Change password'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
