import { useRef } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import type { OffsetProject, PurchaseRequest } from '../../../domain/contracts/marketplace';
import { checkedFormSchema } from '../../forms/checked-form-schema';
import { type ContractForm, useContractForm } from '../../forms/contract-form';
import { ContractFormRoot, FormField, useFieldControl } from '../../forms/form-field';
import { getErrorBody, isUnauthorizedError } from '../../lib/api';
import { addToast } from '../../stores/toasts';
import { Button } from '../../ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog';
import { FieldError, Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/select';
import { useReportingYear } from '../reporting-year/api';
import { usePurchaseOffsets } from './api';
import {
  canConfirmPurchase,
  formatCents,
  formatCount,
  formatPricePerTonne,
  initialQuantity,
  parseQuantity,
  totalCents,
} from './marketplace';
import { type PurchaseValues, purchaseCheck } from './purchase-check';

const PURCHASE_FALLBACK = 'Failed to purchase carbon offsets. Please try again.';

/** The quantity as typed, the credits available (amber when short) and the refusal, if any. */
function QuantityField({ availableCredits }: { availableCredits: number }) {
  const { register, setValue, watch } = useFormContext<PurchaseValues>();
  const { error, ...control } = useFieldControl('quantity', true);
  const text = watch('quantity');
  const isShort = parseQuantity(text) > availableCredits;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={control.id}>Quantity (tCO2e)</Label>
      <Input
        {...control}
        type="number"
        inputMode="numeric"
        min={1}
        max={availableCredits}
        step={1}
        {...register('quantity', {
          // spec §5: the field shows the quantity it stands for once the person leaves it.
          onBlur: () => setValue('quantity', String(parseQuantity(text))),
        })}
      />
      <p id={`${control.id}-hint`} className={isShort ? 'text-sm text-amber-900' : 'text-sm text-muted'}>
        {formatCount(availableCredits)} credits available
        {isShort ? ': the order will be refused if stock is short.' : '.'}
      </p>
      <FieldError id={`${control.id}-error`}>{error}</FieldError>
    </div>
  );
}

/** decision 053: which year's emissions the credits are claimed against ('' is the reporting year). */
function ClaimYearField({ years, reportingYear }: { years: readonly number[]; reportingYear: number }) {
  const { control } = useFormContext<PurchaseValues>();
  return (
    <FormField
      name="claimYear"
      label="Claim against emissions of"
      hint="The certificate says which year's emissions these credits are reported against."
    >
      {(a11y) => (
        <Controller
          control={control}
          name="claimYear"
          render={({ field }) => (
            <Select value={field.value || String(reportingYear)} onValueChange={field.onChange}>
              <SelectTrigger ref={field.ref} {...a11y}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {years.map((option) => (
                  <SelectItem key={option} value={String(option)}>
                    {String(option)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      )}
    </FormField>
  );
}

function PurchaseTotal({
  pricePerTon,
  total,
}: {
  pricePerTon: OffsetProject['pricePerTon'];
  total: ReturnType<typeof totalCents>;
}) {
  return (
    <dl className="grid gap-2 rounded-md bg-canvas p-4 text-sm">
      <div className="flex justify-between gap-3">
        <dt className="text-muted">Price</dt>
        <dd className="text-ink tabular-nums">{formatPricePerTonne(pricePerTon)}</dd>
      </div>
      <div className="flex justify-between gap-3 text-base font-semibold">
        <dt>Total</dt>
        <dd className="tabular-nums" aria-live="polite" data-testid="purchase-total">
          {total === null ? '—' : formatCents(total)}
        </dd>
      </div>
    </dl>
  );
}

/** Sends the order; the server's refusal goes on its field and, in its words, in a toast. */
function usePurchase(form: ContractForm<PurchaseValues, PurchaseRequest>, onDone: () => void) {
  const purchase = usePurchaseOffsets();
  const submit = (request: PurchaseRequest) =>
    purchase.mutate(request, {
      onSuccess: ({ transactionId }) => {
        addToast({ title: 'Purchase Successful!', description: `Transaction ID: ${transactionId}` });
        // spec §4: close and reset the quantity to 1.
        form.setValue('quantity', '1');
        onDone();
      },
      onError: (error) => {
        if (isUnauthorizedError(error)) return;
        form.showServerErrors(error);
        const message = getErrorBody(error)?.message;
        addToast({
          title: 'Purchase Failed',
          description: typeof message === 'string' && message.trim() ? message : PURCHASE_FALLBACK,
          variant: 'destructive',
        });
      },
    });
  return { submit, isPending: purchase.isPending };
}

/** The order, checked with the contract (decision 071). */
function PurchaseForm({ project, onDone }: { project: OffsetProject; onDone: () => void }) {
  const form = useContractForm<PurchaseValues, PurchaseRequest>(
    checkedFormSchema(purchaseCheck(project.id)),
    {
      quantity: String(initialQuantity(project.availableCredits)),
      claimYear: '',
    },
  );
  const { submit, isPending } = usePurchase(form, onDone);
  const reporting = useReportingYear();
  const quantity = parseQuantity(form.watch('quantity'));

  return (
    <ContractFormRoot form={form} onSubmit={submit} className="grid gap-4">
      <QuantityField availableCredits={project.availableCredits} />
      {reporting.data ? (
        <ClaimYearField years={reporting.data.claimYears} reportingYear={reporting.data.year} />
      ) : null}
      <PurchaseTotal pricePerTon={project.pricePerTon} total={totalCents(project.pricePerTon, quantity)} />
      <p className="text-sm text-slate-700">
        No payment provider is connected: the order is recorded with an invoice reference to pay, and its
        retirement certificate is available from your purchase history.
      </p>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={!canConfirmPurchase(quantity, isPending)}>
          {isPending ? 'Purchasing…' : 'Confirm purchase'}
        </Button>
      </DialogFooter>
    </ContractFormRoot>
  );
}

/** spec §4/§5 purchase dialog; open while a project is chosen. */
export function PurchaseDialog({ project, onClose }: { project: OffsetProject | null; onClose: () => void }) {
  // The dialog has no Radix trigger (one dialog serves every card), so focus goes back by hand.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog
      open={project !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {project ? (
        <DialogContent
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>Purchase carbon credits</DialogTitle>
            <DialogDescription>
              {project.name}, {project.location}. Vintage {project.vintageYear}, {project.registry}.
            </DialogDescription>
          </DialogHeader>
          {/* Keyed so each opening starts from the preset quantity of that project (spec §4). */}
          <PurchaseForm key={project.id} project={project} onDone={onClose} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
