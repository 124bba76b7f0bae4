// The connect dialog's form (decision 071), apart from connect.ts so that only the dialog, which
// loads when first opened, carries it and the contract.
import { type CreateDataSource, CreateDataSourceSchema } from '../../../domain/contracts/data-sources';
import { type FormCheck, issuesToErrors } from '../../forms/checked-form-schema';
import { type ConnectFormValues, validateConnectForm } from './connect';

/**
 * spec §5's required fields first, with spec §8's messages (the dialog says them in a toast), then
 * the create request's contract. The message goes on the field that is missing.
 */
export const connectCheck: FormCheck<ConnectFormValues, CreateDataSource> = (values) => {
  const result = validateConnectForm(values);
  if (!result.ok) {
    const field = !values.type ? 'type' : !values.name.trim() ? 'name' : 'odoo';
    return { ok: false, errors: { [field]: result.message } };
  }
  const request = CreateDataSourceSchema.safeParse(result.payload);
  if (!request.success) return { ok: false, errors: issuesToErrors(request.error.issues) };
  return { ok: true, payload: request.data };
};

/** The message the toast says after a refused submit: the first field's, in the form's order. */
export function connectRefusal(errors: Partial<Record<string, { message?: unknown }>>): string | undefined {
  for (const field of ['type', 'name', 'config', 'odoo']) {
    const message = errors[field]?.message;
    if (typeof message === 'string' && message) return message;
  }
  return undefined;
}
