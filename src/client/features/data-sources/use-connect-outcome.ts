import { useEffect } from 'react';
import { trackEvent } from '../../lib/analytics';
import { toastError, toastSuccess } from '../../stores/toasts';
import { connectFailedMessage, readConnectOutcome, withoutConnectOutcome } from './connect';

/**
 * Back from an OAuth connector (Shopify, QuickBooks, Xero) on /data-sources: the server's redirect
 * says `?connected=<type>` or `?connect_error=<reason>`. Shows the spec §8 toast once, records
 * data_source_connected, and takes the parameters out of the address bar (history.replaceState) so
 * a reload or a bookmark does not say it again.
 */
export function useConnectOutcome(): void {
  useEffect(() => {
    const outcome = readConnectOutcome(window.location.search);
    if (!outcome) return;
    window.history.replaceState(window.history.state, '', withoutConnectOutcome(window.location.href));
    if (outcome.kind === 'connected') {
      toastSuccess('Data source connected successfully');
      trackEvent('data_source_connected', { type: outcome.type });
    } else {
      toastError(connectFailedMessage(outcome.message));
    }
  }, []);
}
