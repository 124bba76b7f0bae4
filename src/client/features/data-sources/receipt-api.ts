// Receipt scanning calls (kept apart from api.ts, which the connectors work owns). The upload is a
// plain multipart request (spec §7: "plain request without the shared helper"), sent with
// XMLHttpRequest because only it reports upload progress.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ActivityLine, SaveActivity } from '../../../domain/contracts/ledger';
import type { OcrUploadResult } from '../../../domain/contracts/receipts';
import { createApiError } from '../../lib/api';
import { activityKeys, createActivity } from '../activities/api';

export interface ScanRequest {
  file: File;
  /** 0–1 as the file is sent. */
  onProgress?: (fraction: number) => void;
}

export function scanReceipt({ file, onProgress }: ScanRequest): Promise<OcrUploadResult> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('receipt', file);
    const request = new XMLHttpRequest();
    request.open('POST', '/api/integrations/ocr/upload');
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      const text = request.responseText;
      if (request.status < 200 || request.status >= 300) {
        reject(createApiError(request.status, text, request.statusText));
        return;
      }
      try {
        resolve(JSON.parse(text) as OcrUploadResult);
      } catch {
        reject(createApiError(502, '', 'The server sent an answer that could not be read.'));
      }
    };
    request.onerror = () =>
      reject(new Error('The file could not be sent. Check your connection and try again.'));
    request.send(form);
  });
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
        queryClient.invalidateQueries({ queryKey: ['/api/metrics'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/dashboard/overview'] }),
      ]),
  });
}
