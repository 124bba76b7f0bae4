import { type FormEvent, useId, useState } from 'react';
import { type ApiKeySecret, CreateApiKeySchema } from '../../../domain/contracts/api-keys';
import { type Role, RoleSchema } from '../../../domain/contracts/auth';
import { getErrorMessage, getFieldErrors, isUnauthorizedError } from '../../lib/api';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Button } from '../../ui/button';
import { FieldError, Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/select';
import { useCreateApiKey } from './api';

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  member: 'Member (read and write)',
  viewer: 'Viewer (read only)',
};

/** Name and role of a new key; the role list holds only roles up to the caller's own. */
export function CreateKeyForm({
  allowedRoles,
  onCreated,
}: {
  allowedRoles: Role[];
  onCreated: (created: ApiKeySecret) => void;
}) {
  const id = useId();
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>(allowedRoles[allowedRoles.length - 1] ?? 'viewer');
  const [error, setError] = useState<string | undefined>();
  const mutation = useCreateApiKey();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = CreateApiKeySchema.safeParse({ name, role });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      document.getElementById(`${id}-name`)?.focus();
      return;
    }
    setError(undefined);
    mutation.mutate(parsed.data, {
      onSuccess: (created) => {
        setName('');
        toastSuccess(`API key “${created.key.name}” created`);
        onCreated(created);
      },
      onError: (failure) => {
        if (isUnauthorizedError(failure)) return;
        const fieldError = getFieldErrors(failure).name;
        if (fieldError) setError(fieldError);
        toastError(`Failed to create the API key. ${getErrorMessage(failure)}`);
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-[1fr_16rem_auto] sm:items-start">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-name`}>Key name</Label>
        <Input
          id={`${id}-name`}
          value={name}
          maxLength={80}
          placeholder="e.g. Power BI export"
          onChange={(event) => setName(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-name-error` : undefined}
        />
        <FieldError id={`${id}-name-error`}>{error}</FieldError>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-role`}>Role</Label>
        <Select value={role} onValueChange={(value) => setRole(RoleSchema.parse(value))}>
          <SelectTrigger id={`${id}-role`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {allowedRoles.map((option) => (
              <SelectItem key={option} value={option}>
                {ROLE_LABELS[option]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <Button type="submit" className="sm:mt-6" disabled={mutation.isPending}>
        {mutation.isPending ? 'Creating...' : 'Create API Key'}
      </Button>
    </form>
  );
}
