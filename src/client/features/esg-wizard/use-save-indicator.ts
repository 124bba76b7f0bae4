import type { Jurisdiction } from '../../../domain/contracts/auth';
import type { EsgProgressItem } from '../../../domain/contracts/esg-wizard';
import { trackEvent } from '../../lib/analytics';
import { isUnauthorizedError } from '../../lib/api';
import { toastError, toastSuccess } from '../../stores/toasts';
import { type UpdateProgressInput, useUpdateProgress } from './api';

export type IndicatorChange = Pick<UpdateProgressInput, 'value' | 'useLedger' | 'note'>;

/**
 * One indicator's writes (each row and dialog has its own, so their pending states and callbacks
 * stay apart), with the spec §8 toasts and the spec §7 usage event.
 */
export function useSaveIndicator(jurisdiction: Jurisdiction, item: EsgProgressItem) {
  const update = useUpdateProgress();
  const save = (change: IndicatorChange, onSaved?: () => void) => {
    update.mutate(
      { jurisdiction, indicator: item.indicator, ...change },
      {
        onSuccess: () => {
          toastSuccess('ESG indicator updated successfully', 'Progress Updated');
          trackEvent('esg_progress_updated', { jurisdiction, section: item.section });
          onSaved?.();
        },
        onError: (error) => {
          // A lost session has its own toast and redirect (query client).
          if (!isUnauthorizedError(error)) toastError('Failed to update progress');
        },
      },
    );
  };
  return {
    save,
    isPending: update.isPending,
    pendingChange: update.isPending ? update.variables : undefined,
  };
}
