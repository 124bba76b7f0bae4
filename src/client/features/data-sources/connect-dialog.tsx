import { type ComponentProps, type FormEvent, type ReactNode, useId, useState } from 'react';
import { trackEvent } from '../../lib/analytics';
import { isUnauthorizedError } from '../../lib/api';
import { toastError, toastSuccess } from '../../stores/toasts';
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
import { useConnectOdoo, useConnectorAvailability, useCreateDataSource, useStartOAuthConnect } from './api';
import {
  CONNECT_TYPE_OPTIONS,
  type ConnectFormValues,
  connectOptionLabel,
  describeConnectError,
  describeOdooError,
  EMPTY_CONNECT_FORM,
  isDataSourceType,
  OAUTH_PROVIDER_NAMES,
  type OdooDetails,
  shopifyConnectPath,
  unavailableReason,
  validateConnectForm,
} from './connect';
import { StoreNamePrompt } from './store-name-prompt';

/** A full-page navigation: the OAuth flows leave the app and come back to /data-sources. */
function navigateTo(url: string) {
  window.location.assign(url);
}

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
  const create = useCreateDataSource();
  const connectOdoo = useConnectOdoo();
  const startOAuth = useStartOAuthConnect();
  /** Shopify: the store-name prompt is open (spec §5), then the browser is leaving for Shopify. */
  const [storePrompt, setStorePrompt] = useState<'closed' | 'open' | 'redirecting'>('closed');
  const [leaving, setLeaving] = useState(false);
  const pending = create.isPending || connectOdoo.isPending || startOAuth.isPending || leaving;
  const type = values.type;
  const availability = useConnectorAvailability(open).data;
  /** Not set up on this server: said before Connect is clicked, and Connect is off (decision 054). */
  const notSetUp = unavailableReason(type, availability);

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) setValues(EMPTY_CONNECT_FORM);
  };

  const setOdooDetail = (field: keyof OdooDetails) => (value: string) =>
    setValues((current) => ({ ...current, odoo: { ...current.odoo, [field]: value } }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validateConnectForm(values);
    if (!result.ok) {
      toastError(result.message);
      return;
    }
    const { payload } = result;
    if (payload.type === 'odoo') {
      // spec §7: Odoo connects through its own endpoint, which tests the login before storing.
      const details = payload.config as unknown as OdooDetails;
      connectOdoo.mutate(
        { ...details, name: payload.name },
        {
          onSuccess: () => {
            toastSuccess('Odoo ERP connected successfully');
            trackEvent('data_source_connected', { type: 'odoo' });
            close(false);
          },
          onError: (error) => {
            if (!isUnauthorizedError(error)) toastError(describeOdooError(error));
          },
        },
      );
      return;
    }
    if (payload.type === 'shopify') {
      setStorePrompt('open');
      return;
    }
    if (payload.type === 'quickbooks' || payload.type === 'xero') {
      // The server records the flow and answers the provider's authorisation URL to go to.
      startOAuth.mutate(
        { type: payload.type, name: payload.name },
        {
          onSuccess: ({ authorizationUrl }) => {
            setLeaving(true);
            navigateTo(authorizationUrl);
          },
          onError: (error) => {
            if (!isUnauthorizedError(error)) toastError(describeConnectError(error));
          },
        },
      );
      return;
    }
    create.mutate(payload, {
      onSuccess: () => {
        toastSuccess('Data source connected successfully');
        trackEvent('data_source_connected', { type: payload.type });
        close(false);
      },
      onError: (error) => {
        // A lost session has its own toast and redirect (query client).
        if (!isUnauthorizedError(error)) toastError(describeConnectError(error));
      },
    });
  };

  const odooField = (field: keyof OdooDetails, label: string, props: ComponentProps<'input'> = {}) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-${field}`}>{label}</Label>
      <Input
        id={`${id}-${field}`}
        value={values.odoo[field]}
        onChange={(event) => setOdooDetail(field)(event.target.value)}
        aria-required="true"
        {...props}
      />
    </div>
  );

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
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-type`}>Source type</Label>
            <Select
              value={type || undefined}
              onValueChange={(value) => {
                if (isDataSourceType(value)) setValues((current) => ({ ...current, type: value }));
              }}
            >
              <SelectTrigger id={`${id}-type`} aria-required="true">
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

          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-name`}>Display Name</Label>
            <Input
              id={`${id}-name`}
              value={values.name}
              maxLength={100}
              placeholder="e.g. Utility bills 2025"
              aria-required="true"
              onChange={(event) => setValues((current) => ({ ...current, name: event.target.value }))}
            />
          </div>

          {notSetUp ? (
            <Note tone="warning">
              <p id={`${id}-not-set-up`}>{notSetUp}</p>
            </Note>
          ) : null}

          {type === 'shopify' && !notSetUp ? (
            <Note>
              <p>
                Next you will be asked for your store name, then redirected to Shopify to authorise ESG Pilot
                to read your store's orders, and brought back here. Shipping charges become spend-based
                freight estimates; order totals give your revenue.
              </p>
            </Note>
          ) : null}

          {(type === 'quickbooks' || type === 'xero') && !notSetUp ? (
            <Note>
              <p>
                You will be redirected to {OAUTH_PROVIDER_NAMES[type]} to sign in and authorise ESG Pilot to
                read your bills, then brought back here. The first sync starts on its own.
              </p>
            </Note>
          ) : null}

          {type === 'odoo' ? (
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
                The login is tested before anything is saved; the API key is stored encrypted. Vendor bills
                are imported as spend-based estimates, which you can refine per account after the first sync.
              </p>
            </fieldset>
          ) : null}

          {type === 'csv' ? (
            <Note>
              <p>
                A CSV source groups the files you upload. After connecting it, choose it in the CSV import
                below.
              </p>
            </Note>
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
      <StoreNamePrompt
        open={storePrompt !== 'closed'}
        redirecting={storePrompt === 'redirecting'}
        onCancel={() => setStorePrompt('closed')}
        onContinue={(store) => {
          setStorePrompt('redirecting');
          navigateTo(shopifyConnectPath(store, values.name.trim()));
        }}
      />
    </Dialog>
  );
}
