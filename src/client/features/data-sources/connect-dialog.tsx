import type { ComponentProps, ReactNode } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import type { ConnectorAvailability } from '../../../domain/contracts/data-sources';
import { checkedFormSchema } from '../../forms/checked-form-schema';
import { useContractForm } from '../../forms/contract-form';
import { ContractFormRoot, useFieldId } from '../../forms/form-field';
import { toastError } from '../../stores/toasts';
import { Button } from '../../ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog';
import { InfoIcon } from '../../ui/icons';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/select';
import { useConnectorAvailability } from './api';
import {
  CONNECT_TYPE_OPTIONS,
  type ConnectFormValues,
  connectOptionLabel,
  EMPTY_CONNECT_FORM,
  isDataSourceType,
  OAUTH_PROVIDER_NAMES,
  type OdooDetails,
  unavailableReason,
} from './connect';
import { connectCheck, connectRefusal } from './connect-form';
import { StoreNamePrompt } from './store-name-prompt';
import { useConnectSubmit } from './use-connect-submit';

const connectSchema = checkedFormSchema(connectCheck);

function Note({ children, tone = 'info' }: { children: ReactNode; tone?: 'info' | 'warning' }) {
  return (
    <div
      className={
        tone === 'warning'
          ? 'flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900'
          : 'flex gap-2 rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900'
      }
    >
      <InfoIcon className="mt-0.5 shrink-0" />
      <div className="grid gap-1">{children}</div>
    </div>
  );
}

export function ConnectDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useContractForm(connectSchema, EMPTY_CONNECT_FORM);
  const id = form.idPrefix;
  const type = useWatch({ control: form.control, name: 'type' });
  const availability = useConnectorAvailability(open).data;
  /** Not set up on this server: said before Connect is clicked, and Connect is off (decision 054). */
  const notSetUp = unavailableReason(type, availability);

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) form.reset(EMPTY_CONNECT_FORM);
  };
  const { onSubmit, pending, leaving, storePrompt } = useConnectSubmit(() => close(false));
  // spec §8: a refused connect says why in a toast.
  const onInvalid = (errors: Partial<Record<string, { message?: unknown }>>) => {
    const message = connectRefusal(errors);
    if (message) toastError(message);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Connect a data source</DialogTitle>
          <DialogDescription>
            Choose where your activity data comes from and give it a name.
          </DialogDescription>
        </DialogHeader>
        <ContractFormRoot form={form} onSubmit={onSubmit} onInvalid={onInvalid} className="grid gap-4">
          <SourceTypeSelect availability={availability} />

          <SourceNameField />

          <SourceTypeNotes id={id} type={type} notSetUp={notSetUp} />

          {type === 'odoo' ? <OdooFields /> : null}

          <DialogFooter>
            <Button variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button
              type="submit"
              disabled={pending || notSetUp !== null}
              aria-describedby={notSetUp ? `${id}-not-set-up` : undefined}
            >
              {leaving ? 'Redirecting...' : pending ? 'Connecting...' : 'Connect Data Source'}
            </Button>
          </DialogFooter>
        </ContractFormRoot>
      </DialogContent>
      <StoreNamePrompt {...storePrompt} />
    </Dialog>
  );
}

/** The source types, each saying when it is not set up on this server. */
function SourceTypeSelect({ availability }: { availability: readonly ConnectorAvailability[] | undefined }) {
  const id = useFieldId('type');
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Source type</Label>
      <Controller<ConnectFormValues, 'type'>
        name="type"
        render={({ field }) => (
          <Select
            value={field.value || undefined}
            onValueChange={(value) => {
              if (isDataSourceType(value)) field.onChange(value);
            }}
          >
            <SelectTrigger id={id} ref={field.ref} onBlur={field.onBlur} aria-required="true">
              <SelectValue placeholder="Select a source type" />
            </SelectTrigger>
            <SelectContent>
              {CONNECT_TYPE_OPTIONS.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {connectOptionLabel(option, availability)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </div>
  );
}

function SourceNameField() {
  const { register } = useFormContext<ConnectFormValues>();
  const id = useFieldId('name');
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Display Name</Label>
      <Input
        id={id}
        maxLength={100}
        placeholder="e.g. Utility bills 2025"
        aria-required="true"
        {...register('name')}
      />
    </div>
  );
}

/**
 * What happens after Connect for the chosen type, or why it cannot connect on this server. The Odoo
 * fields follow these notes; Odoo has no note of its own, so the order on screen stays the same.
 */
function SourceTypeNotes({
  id,
  type,
  notSetUp,
}: {
  id: string;
  type: ConnectFormValues['type'];
  notSetUp: string | null;
}) {
  return (
    <>
      {notSetUp ? (
        <Note tone="warning">
          <p id={`${id}-not-set-up`}>{notSetUp}</p>
        </Note>
      ) : null}

      {type === 'shopify' && !notSetUp ? (
        <Note>
          <p>
            Next you will be asked for your store name, then redirected to Shopify to authorise ESG Pilot to
            read your store's orders, and brought back here. Shipping charges become spend-based freight
            estimates; order totals give your revenue.
          </p>
        </Note>
      ) : null}

      {(type === 'quickbooks' || type === 'xero') && !notSetUp ? (
        <Note>
          <p>
            You will be redirected to {OAUTH_PROVIDER_NAMES[type]} to sign in and authorise ESG Pilot to read
            your bills, then brought back here. The first sync starts on its own.
          </p>
        </Note>
      ) : null}
    </>
  );
}

/** spec §7: the Odoo server, database and login, tested before anything is stored. */
function OdooFields() {
  const { register } = useFormContext<ConnectFormValues>();
  const id = useFieldId('odoo');
  const odooField = (field: keyof OdooDetails, label: string, props: ComponentProps<'input'> = {}) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-${field}`}>{label}</Label>
      <Input id={`${id}-${field}`} aria-required="true" {...props} {...register(`odoo.${field}`)} />
    </div>
  );
  return (
    <fieldset className="grid gap-3 rounded-md border border-border p-4">
      <legend className="px-1 text-sm font-semibold text-ink">Odoo connection details</legend>
      {odooField('baseUrl', 'Server URL', {
        type: 'url',
        placeholder: 'https://yourcompany.odoo.com',
      })}
      {odooField('database', 'Database name')}
      {odooField('username', 'Username', { autoComplete: 'off' })}
      {odooField('apiKey', 'API key', { type: 'password', autoComplete: 'off' })}
      <p className="text-sm text-muted">
        The login is tested before anything is saved; the API key is stored encrypted. Vendor bills are
        imported as spend-based estimates, which you can refine per account after the first sync.
      </p>
    </fieldset>
  );
}
