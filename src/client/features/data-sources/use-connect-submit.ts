import { type FormEvent, useState } from 'react';
import { trackEvent } from '../../lib/analytics';
import { isUnauthorizedError } from '../../lib/api';
import { toastError, toastSuccess } from '../../stores/toasts';
import { useConnectOdoo, useCreateDataSource, useStartOAuthConnect } from './api';
import {
  type ConnectFormValues,
  describeConnectError,
  describeOdooError,
  type OdooDetails,
  shopifyConnectPath,
  validateConnectForm,
} from './connect';

/** A full-page navigation: the OAuth flows leave the app and come back to /data-sources. */
function navigateTo(url: string) {
  window.location.assign(url);
}

/** Shopify: the store-name prompt is open (spec §5), then the browser is leaving for Shopify. */
type StorePromptState = 'closed' | 'open' | 'redirecting';

/**
 * Submits the connect form the way its source type connects: Odoo tests its login first, Shopify
 * asks for the store name, QuickBooks and Xero leave for the provider, the rest are created here.
 * `onConnected` runs once a source is stored; `storePrompt` is the Shopify store-name prompt's props.
 */
export function useConnectSubmit(values: ConnectFormValues, onConnected: () => void) {
  const create = useCreateDataSource();
  const connectOdoo = useConnectOdoo();
  const startOAuth = useStartOAuthConnect();
  const [storePrompt, setStorePrompt] = useState<StorePromptState>('closed');
  const [leaving, setLeaving] = useState(false);
  const pending = create.isPending || connectOdoo.isPending || startOAuth.isPending || leaving;

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
            onConnected();
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
        onConnected();
      },
      onError: (error) => {
        // A lost session has its own toast and redirect (query client).
        if (!isUnauthorizedError(error)) toastError(describeConnectError(error));
      },
    });
  };

  const storePromptProps = {
    open: storePrompt !== 'closed',
    redirecting: storePrompt === 'redirecting',
    onCancel: () => setStorePrompt('closed'),
    onContinue: (store: string) => {
      setStorePrompt('redirecting');
      navigateTo(shopifyConnectPath(store, values.name.trim()));
    },
  };

  return { onSubmit, pending, leaving, storePrompt: storePromptProps };
}
