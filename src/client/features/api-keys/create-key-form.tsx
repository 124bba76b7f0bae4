import { type ApiKeySecret, type CreateApiKey, CreateApiKeySchema } from '../../../domain/contracts/api-keys';
import type { Role } from '../../../domain/contracts/auth';
import { useContractForm } from '../../forms/contract-form';
import { ContractFormRoot, TextField } from '../../forms/form-field';
import { SelectField } from '../../forms/select-field';
import { getErrorMessage, isUnauthorizedError } from '../../lib/api';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Button } from '../../ui/button';
import { useCreateApiKey } from './api';

const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  member: 'Member (read and write)',
  viewer: 'Viewer (read only)',
};

/**
 * Name and role of a new key, checked with the contract (decision 071); the role list holds only
 * roles up to the caller's own.
 */
export function CreateKeyForm({
  allowedRoles,
  onCreated,
}: {
  allowedRoles: Role[];
  onCreated: (created: ApiKeySecret) => void;
}) {
  const form = useContractForm(CreateApiKeySchema, {
    name: '',
    role: allowedRoles[allowedRoles.length - 1] ?? 'viewer',
  });
  const mutation = useCreateApiKey();

  const onSubmit = (body: CreateApiKey) =>
    mutation.mutate(body, {
      onSuccess: (created) => {
        form.setValue('name', '');
        toastSuccess(`API key “${created.key.name}” created`);
        onCreated(created);
      },
      onError: (failure) => {
        if (isUnauthorizedError(failure)) return;
        form.showServerErrors(failure);
        toastError(`Failed to create the API key. ${getErrorMessage(failure)}`);
      },
    });

  return (
    <ContractFormRoot
      form={form}
      onSubmit={onSubmit}
      className="grid gap-4 sm:grid-cols-[1fr_16rem_auto] sm:items-start"
    >
      <TextField name="name" label="Key name" maxLength={80} placeholder="e.g. Power BI export" />
      <SelectField
        name="role"
        label="Role"
        choices={allowedRoles.map((option) => ({ value: option, label: ROLE_LABELS[option] }))}
      />
      <Button type="submit" className="sm:mt-6" disabled={mutation.isPending}>
        {mutation.isPending ? 'Creating...' : 'Create API Key'}
      </Button>
    </ContractFormRoot>
  );
}
