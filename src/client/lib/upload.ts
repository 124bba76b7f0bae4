import { createApiError } from './api';

/**
 * POSTs a multipart form and reads the JSON answer, reporting upload progress (0–1). Sent with
 * XMLHttpRequest because fetch cannot report upload progress; errors become the same `ApiError`
 * as every other call (`status: body`), so callers handle them alike.
 */
export function uploadForm<T>(
  path: string,
  form: FormData,
  onProgress?: (fraction: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
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
        resolve(JSON.parse(text) as T);
      } catch {
        reject(createApiError(502, '', 'The server sent an answer that could not be read.'));
      }
    };
    request.onerror = () =>
      reject(new Error('The file could not be sent. Check your connection and try again.'));
    request.send(form);
  });
}
