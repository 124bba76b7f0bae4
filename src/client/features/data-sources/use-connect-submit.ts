import { useState } from 'react';
import type { CreateDataSource } from '../../../domain/contracts/data-sources';
import { trackEvent } from '../../lib/analytics';
import { isUnauthorizedError } from '../../lib/api';
import { toastError, toastSuccess } from '../../stores/toasts';
import { useConnectOdoo, useCreateDataSource, useStartOAuthConnect } from './api';
import { describeConnectError, describeOdooError, type OdooDetails, shopifyConnectPath } from './connect';

/** A full-page navigation: the OAuth flows leave the app and come back to /data-sources. */
function navigateTo(url: string) {
  window.location.assign(url);
}

/**
 * Shopify: the store-name prompt is open (spec §5) for the source's display name, then the browser
 * is leaving for Shopify.
 */
type StorePromptState = { step: 'closed' } | { step: 'open' | 'redirecting'; name: string };

/**
 * Sends the connect form's checked request the way its source type connects: Odoo tests its login
 * first, Shopify asks for the store name, QuickBooks and Xero leave for the provider, the rest are
 * created here. `onConnected` runs once a source is stored; `storePrompt` is the Shopify
 * store-name prompt's props.
 */
export function useConnectSubmit(onConnected: () => void) {
  const create = useCreateDataSource();
  const connectOdoo = useConnectOdoo();
  const startOAuth = useStartOAuthConnect();
  const [storePrompt, setStorePrompt] = useState<StorePromptState>({ step: 'closed' });
  const [leaving, setLeaving] = useState(false);
  const pending = create.isPending || connectOdoo.isPending || startOAuth.isPending || leaving;

  const onSubmit = (payload: CreateDataSource) => {
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
      setStorePrompt({ step: 'open', name: payload.name });
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
    open: storePrompt.step !== 'closed',
    redirecting: storePrompt.step === 'redirecting',
    onCancel: () => setStorePrompt({ step: 'closed' }),
    onContinue: (store: string) => {
      const name = storePrompt.step === 'closed' ? '' : storePrompt.name;
      setStorePrompt({ step: 'redirecting', name });
      navigateTo(shopifyConnectPath(store, name));
    },
  };

  return { onSubmit, pending, leaving, storePrompt: storePromptProps };
}
