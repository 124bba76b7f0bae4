import { type ComponentProps, type ReactNode, useId, useState } from 'react';
import type { ConnectorAvailability, DataSourceType } from '../../../domain/contracts/data-sources';
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
import { StoreNamePrompt } from './store-name-prompt';
import { useConnectSubmit } from './use-connect-submit';

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
  const id = useId();
  const [values, setValues] = useState<ConnectFormValues>(EMPTY_CONNECT_FORM);
  const type = values.type;
  const availability = useConnectorAvailability(open).data;
  /** Not set up on this server: said before Connect is clicked, and Connect is off (decision 054). */
  const notSetUp = unavailableReason(type, availability);

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) setValues(EMPTY_CONNECT_FORM);
  };
  const { onSubmit, pending, leaving, storePrompt } = useConnectSubmit(values, () => close(false));

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Connect a data source</DialogTitle>
          <DialogDescription>
            Choose where your activity data comes from and give it a name.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <SourceTypeSelect
            id={`${id}-type`}
            type={type}
            availability={availability}
            onChange={(value) => setValues((current) => ({ ...current, type: value }))}
          />

          <SourceNameField
            id={`${id}-name`}
            name={values.name}
            onChange={(name) => setValues((current) => ({ ...current, name }))}
          />

          <SourceTypeNotes id={id} type={type} notSetUp={notSetUp} />

          {type === 'odoo' ? (
            <OdooFields
              id={id}
              details={values.odoo}
              onChange={(field, value) =>
                setValues((current) => ({ ...current, odoo: { ...current.odoo, [field]: value } }))
              }
            />
          ) : null}

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
        </form>
      </DialogContent>
      <StoreNamePrompt {...storePrompt} />
    </Dialog>
  );
}

/** The source types, each saying when it is not set up on this server. */
function SourceTypeSelect({
  id,
  type,
  availability,
  onChange,
}: {
  id: string;
  type: ConnectFormValues['type'];
  availability: readonly ConnectorAvailability[] | undefined;
  onChange: (type: DataSourceType) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Source type</Label>
      <Select
        value={type || undefined}
        onValueChange={(value) => {
          if (isDataSourceType(value)) onChange(value);
        }}
      >
        <SelectTrigger id={id} aria-required="true">
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
    </div>
  );
}

function SourceNameField({
  id,
  name,
  onChange,
}: {
  id: string;
  name: string;
  onChange: (name: string) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Display Name</Label>
      <Input
        id={id}
        value={name}
        maxLength={100}
        placeholder="e.g. Utility bills 2025"
        aria-required="true"
        onChange={(event) => onChange(event.target.value)}
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
function OdooFields({
  id,
  details,
  onChange,
}: {
  id: string;
  details: OdooDetails;
  onChange: (field: keyof OdooDetails, value: string) => void;
}) {
  const odooField = (field: keyof OdooDetails, label: string, props: ComponentProps<'input'> = {}) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-${field}`}>{label}</Label>
      <Input
        id={`${id}-${field}`}
        value={details[field]}
        onChange={(event) => onChange(field, event.target.value)}
        aria-required="true"
        {...props}
      />
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
