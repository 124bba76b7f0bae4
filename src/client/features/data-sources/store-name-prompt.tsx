import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { normalizeStoreName, STORE_NAME_MESSAGE } from './connect';

/** The name with the .myshopify.com suffix beside it; the suffix describes the field until an error does. */
function StoreNameField({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-store`}>Store name</Label>
      <div className="flex items-center gap-2">
        <Input
          id={`${id}-store`}
          value={value}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="your-store"
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-suffix`}
          onChange={(event) => onChange(event.target.value)}
        />
        <span id={`${id}-suffix`} className="shrink-0 text-sm text-muted">
          .myshopify.com
        </span>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * spec §5: Shopify asks for the store name without .myshopify.com "via a prompt". A modal dialog
 * instead of window.prompt: keyboard and screen-reader friendly, with the suffix shown next to the
 * field. Cancel, Escape or the close button do nothing else (`onCancel`).
 */
export function StoreNamePrompt({
  open,
  redirecting,
  onCancel,
  onContinue,
}: {
  open: boolean;
  redirecting: boolean;
  onCancel: () => void;
  onContinue: (store: string) => void;
}) {
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();

  const reset = () => {
    setValue('');
    setError(undefined);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The connect dialog's form must not see this submit (the prompt is portalled, not nested).
    event.stopPropagation();
    const store = normalizeStoreName(value);
    if (!store) {
      setError(STORE_NAME_MESSAGE);
      return;
    }
    onContinue(store);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !redirecting) {
          reset();
          onCancel();
        }
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Shopify store name</DialogTitle>
          <DialogDescription>
            Enter your store's name without .myshopify.com. You will then authorise ESG Pilot on Shopify to
            read your orders, and come back here.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <StoreNameField
            id={id}
            value={value}
            error={error}
            onChange={(next) => {
              setValue(next);
              setError(undefined);
            }}
          />
          <DialogFooter>
            <Button
              variant="outline"
              disabled={redirecting}
              onClick={() => {
                reset();
                onCancel();
              }}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={redirecting}>
              {redirecting ? 'Redirecting to Shopify...' : 'Continue to Shopify'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
