// Receipt scanning calls (kept apart from api.ts, which the connectors work owns). The upload is a
// plain multipart request (spec §7: "plain request without the shared helper") with upload progress.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ActivityLine, SaveActivity } from '../../../domain/contracts/ledger';
import type { OcrUploadResult } from '../../../domain/contracts/receipts';
import { uploadForm } from '../../lib/upload';
import { activityKeys, createActivity, notCountedKeys } from '../ledger/api';

export interface ScanRequest {
  file: File;
  /** 0–1 as the file is sent. */
  onProgress?: (fraction: number) => void;
}

export function scanReceipt({ file, onProgress }: ScanRequest): Promise<OcrUploadResult> {
  const form = new FormData();
  form.append('receipt', file);
  return uploadForm<OcrUploadResult>('/api/integrations/ocr/upload', form, onProgress);
}

export function useScanReceipt() {
  return useMutation({ mutationFn: scanReceipt, meta: { ownErrorToast: true } });
}

/** Confirms the draft: a ledger line with the receipt as its evidence. */
export function useConfirmReceiptLine() {
  const queryClient = useQueryClient();
  return useMutation<ActivityLine, Error, SaveActivity>({
    mutationFn: createActivity,
    meta: { ownErrorToast: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: activityKeys.all() }),
        queryClient.invalidateQueries({ queryKey: notCountedKeys.all() }),
        queryClient.invalidateQueries({ queryKey: ['/api/metrics'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/dashboard/overview'] }),
      ]),
  });
}
