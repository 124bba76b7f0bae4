/**
 * Saving files in the browser. A same-origin link with `download` saves instead of navigating; a
 * blob (the XBRL export answers a POST) gets a temporary object URL first.
 */
export function downloadUrl(url: string, fileName?: string | null): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** The object URL is revoked after the click has been handled, so the download can start. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  downloadUrl(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
