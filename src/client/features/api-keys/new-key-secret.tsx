import { useId, useState } from 'react';
import {
  API_KEY_DISPLAY_PREFIX_LENGTH,
  type ApiKeySecret,
  maskApiKey,
} from '../../../domain/contracts/api-keys';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Button } from '../../ui/button';

/** The secret hidden behind dots as in the list, keeping its prefix (spec §2: masked or visible). */
const maskSecret = (secret: string) => maskApiKey(secret.slice(0, API_KEY_DISPLAY_PREFIX_LENGTH));

/**
 * The one time a key's secret is shown (after create or regenerate): masked by default, with a
 * toggle to reveal it and a copy button. Dismissing it forgets the secret in this page too.
 */
export function NewKeySecret({ created, onDone }: { created: ApiKeySecret; onDone: () => void }) {
  const id = useId();
  const [visible, setVisible] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.secret);
      toastSuccess('API key copied to the clipboard');
    } catch {
      toastError('Could not copy the key: show it, select it and copy it yourself.');
    }
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid gap-3 rounded-lg border border-brand-600 bg-brand-50 p-4"
    >
      <h3 id={`${id}-title`} className="font-semibold text-ink">
        Copy your new key “{created.key.name}” now
      </h3>
      <p className="text-sm text-slate-700">
        This is the only time the full key is shown. Store it in your secret manager; if you lose it,
        regenerate it.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          id={`${id}-key`}
          className="min-w-0 flex-1 rounded-md border border-border bg-surface px-3 py-2 font-mono text-sm break-all text-ink"
        >
          {visible ? created.secret : maskSecret(created.secret)}
        </code>
        <div className="flex gap-2">
          <Button
            variant="outline"
            aria-pressed={visible}
            aria-controls={`${id}-key`}
            onClick={() => setVisible((current) => !current)}
          >
            {visible ? 'Hide key' : 'Show key'}
          </Button>
          <Button variant="outline" onClick={() => void copy()}>
            Copy
          </Button>
        </div>
      </div>
      <div>
        <Button onClick={onDone}>I have stored the key</Button>
      </div>
    </section>
  );
}
