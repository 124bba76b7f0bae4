import { useFormContext } from 'react-hook-form';
import { checkedFormSchema } from '../../forms/checked-form-schema';
import { useContractForm } from '../../forms/contract-form';
import { ContractFormRoot, useFieldControl } from '../../forms/form-field';
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
import { storeNameCheck } from './store-name';

const storeNameSchema = checkedFormSchema(storeNameCheck);

/**
 * The name with the .myshopify.com suffix beside it, as the field's hint. The message is an alert
 * (read out as it appears) and goes as soon as the name is edited, as the prompt has no other field.
 */
function StoreNameField() {
  const { register, clearErrors } = useFormContext<{ store: string }>();
  const { error, ...control } = useFieldControl('store', true);
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={control.id}>Store name</Label>
      <div className="flex items-center gap-2">
        <Input
          {...control}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="your-store"
          aria-required="true"
          {...register('store', { onChange: () => clearErrors('store') })}
        />
        <span id={`${control.id}-hint`} className="shrink-0 text-sm text-muted">
          .myshopify.com
        </span>
      </div>
      {error ? (
        <p id={`${control.id}-error`} role="alert" className="text-sm text-danger">
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
  const form = useContractForm(storeNameSchema, { store: '' });

  const cancel = () => {
    form.reset();
    onCancel();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !redirecting) cancel();
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
        {/* Portalled, not nested: the connect dialog's form must not see this submit. */}
        <ContractFormRoot
          form={form}
          onSubmit={({ store }) => onContinue(store)}
          nested
          className="grid gap-4"
        >
          <StoreNameField />
          <DialogFooter>
            <Button variant="outline" disabled={redirecting} onClick={cancel}>
              Cancel
            </Button>
            <Button type="submit" disabled={redirecting}>
              {redirecting ? 'Redirecting to Shopify...' : 'Continue to Shopify'}
            </Button>
          </DialogFooter>
        </ContractFormRoot>
      </DialogContent>
    </Dialog>
  );
}
