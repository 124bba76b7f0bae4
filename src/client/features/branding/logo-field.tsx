import { type ChangeEvent, useRef } from 'react';
import {
  type Branding,
  LOGO_CONTENT_TYPES,
  LOGO_TOO_LARGE_MESSAGE,
  LOGO_TYPE_MESSAGE,
  MAX_LOGO_BYTES,
  MAX_LOGO_DIMENSION,
} from '../../../domain/contracts/branding';
import { getErrorMessage, isUnauthorizedError } from '../../lib/api';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Button } from '../../ui/button';
import { useRemoveLogo, useUploadLogo } from './api';

/**
 * The logo: a preview of what is stored (served by GET /api/company/branding/logo), upload and
 * remove. The browser checks type and size first to spare a round trip; the server checks again
 * from the bytes (src/server/features/branding/logo.ts).
 */
export function LogoField({ branding }: { branding: Branding }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadLogoWithToasts();
  const remove = useRemoveLogoWithToasts();
  const { logo } = branding;

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!(LOGO_CONTENT_TYPES as readonly string[]).includes(file.type)) return toastError(LOGO_TYPE_MESSAGE);
    if (file.size > MAX_LOGO_BYTES) return toastError(LOGO_TOO_LARGE_MESSAGE);
    upload(file);
  };

  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium text-ink">Logo</legend>
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex h-20 w-48 items-center justify-center rounded-md border border-slate-300 bg-white p-2">
          {logo ? (
            <img src={logo.url} alt="Current report logo" className="max-h-full max-w-full object-contain" />
          ) : (
            <span className="text-sm text-muted">No logo</span>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={upload.pending}
            onClick={() => input.current?.click()}
          >
            {upload.pending ? 'Uploading...' : logo ? 'Replace logo' : 'Upload logo'}
          </Button>
          {logo ? (
            <Button variant="ghost" size="sm" disabled={remove.pending} onClick={remove.run}>
              {remove.pending ? 'Removing...' : 'Remove logo'}
            </Button>
          ) : null}
        </div>
      </div>
      <p className="text-sm text-muted">
        PNG or JPEG, up to 256 KB and {MAX_LOGO_DIMENSION} pixels on each side. It appears on the report
        cover.
        {logo ? ` Now: ${logo.width}×${logo.height} pixels.` : ''}
      </p>
      <input
        ref={input}
        type="file"
        accept={LOGO_CONTENT_TYPES.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-label="Choose a logo file"
        onChange={onChoose}
      />
    </fieldset>
  );
}

const fail = (action: string) => (error: unknown) => {
  if (!isUnauthorizedError(error)) toastError(`Failed to ${action} the logo. ${getErrorMessage(error)}`);
};

function useUploadLogoWithToasts() {
  const mutation = useUploadLogo();
  const run = (file: File) =>
    mutation.mutate(file, { onSuccess: () => toastSuccess('Logo uploaded'), onError: fail('upload') });
  return Object.assign(run, { pending: mutation.isPending });
}

function useRemoveLogoWithToasts() {
  const mutation = useRemoveLogo();
  return {
    pending: mutation.isPending,
    run: () =>
      mutation.mutate(undefined, { onSuccess: () => toastSuccess('Logo removed'), onError: fail('remove') }),
  };
}
