import type { DataSource } from '../../../domain/contracts/data-sources';
import { trackEvent } from '../../lib/analytics';
import { isUnauthorizedError } from '../../lib/api';
import { addToast, toastError, toastSuccess } from '../../stores/toasts';
import { Button } from '../../ui/button';
import { useSyncDataSource, useTestDataSource } from './api';

/** Test asks the provider whether the connection answers; Sync imports now. Each says how it went. */
export function TestAndSyncButtons({ source }: { source: DataSource }) {
  const test = useTestDataSource();
  const sync = useSyncDataSource();

  const runTest = () =>
    test.mutate(source.id, {
      onSuccess: (result) => {
        if (result.connected) {
          addToast({ title: 'Connection Successful', description: 'Data source is working correctly' });
        } else {
          addToast({
            title: 'Connection Failed',
            description: result.error || 'The data source did not answer.',
            variant: 'destructive',
          });
        }
      },
      onError: (error) => {
        if (!isUnauthorizedError(error)) toastError('Failed to test connection');
      },
    });

  const runSync = () =>
    sync.mutate(source.id, {
      onSuccess: (outcome) => {
        const success = outcome.status === 'succeeded';
        trackEvent('data_source_sync', { type: source.type, success });
        if (success) {
          toastSuccess('Data source synced successfully');
          // What the sync left out (lines it could not place, credit beyond a month's spend):
          // said here, not only on the sync record (decision 028).
          if (outcome.error) addToast({ title: 'Not everything was imported', description: outcome.error });
        } else toastError(`Failed to sync data source: ${outcome.error ?? 'the sync did not finish'}`);
      },
      onError: (error) => {
        trackEvent('data_source_sync', { type: source.type, success: false });
        if (!isUnauthorizedError(error)) toastError('Failed to sync data source');
      },
    });

  return (
    <>
      <Button
        size="sm"
        variant="outline"
        onClick={runTest}
        disabled={test.isPending}
        aria-label={`Test ${source.name}`}
      >
        {test.isPending ? 'Testing...' : 'Test'}
      </Button>
      <Button
        size="sm"
        variant="outline"
        onClick={runSync}
        disabled={sync.isPending}
        aria-label={`Sync ${source.name}`}
      >
        {sync.isPending ? 'Syncing...' : 'Sync'}
      </Button>
    </>
  );
}
