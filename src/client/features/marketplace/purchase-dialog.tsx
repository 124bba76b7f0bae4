import { type FormEvent, useId, useRef, useState } from 'react';
import type { OffsetProject } from '../../../domain/contracts/marketplace';
import { getErrorBody, getFieldErrors, isUnauthorizedError } from '../../lib/api';
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

const PURCHASE_FALLBACK = 'Failed to purchase carbon offsets. Please try again.';

function PurchaseForm({ project, onDone }: { project: OffsetProject; onDone: () => void }) {
  const id = useId();
  const purchase = usePurchaseOffsets();
  // The text as typed; the quantity derived from it (spec §5: non-numeric input counts as 1).
  const [text, setText] = useState(() => String(initialQuantity(project.availableCredits)));
  const [fieldError, setFieldError] = useState<string | undefined>();
  // decision 053: claimed against the reporting year unless the buyer picks another offered year.
  const reporting = useReportingYear();
  const [claimYear, setClaimYear] = useState<number | null>(null);
  const chosenClaimYear = claimYear ?? reporting.data?.year;
  const quantity = parseQuantity(text);
  const total = totalCents(project.pricePerTon, quantity);
  const isShort = quantity > project.availableCredits;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canConfirmPurchase(quantity, purchase.isPending)) return;
    setFieldError(undefined);
    purchase.mutate(
      { projectId: project.id, quantity, claimYear: chosenClaimYear },
      {
        onSuccess: ({ transactionId }) => {
          addToast({ title: 'Purchase Successful!', description: `Transaction ID: ${transactionId}` });
          // spec §4: close and reset the quantity to 1.
          setText('1');
          onDone();
        },
        onError: (error) => {
          if (isUnauthorizedError(error)) return;
          setFieldError(getFieldErrors(error).quantity);
          const message = getErrorBody(error)?.message;
          addToast({
            title: 'Purchase Failed',
            description: typeof message === 'string' && message.trim() ? message : PURCHASE_FALLBACK,
            variant: 'destructive',
          });
        },
      },
    );
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <form onSubmit={submit} className="grid gap-4">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-quantity`}>Quantity (tCO2e)</Label>
        <Input
          id={`${id}-quantity`}
          type="number"
          inputMode="numeric"
          min={1}
          max={project.availableCredits}
          step={1}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onBlur={() => setText(String(quantity))}
          aria-describedby={fieldError ? `${hintId} ${errorId}` : hintId}
          aria-invalid={fieldError ? true : undefined}
        />
        <p id={hintId} className={isShort ? 'text-sm text-amber-900' : 'text-sm text-muted'}>
          {formatCount(project.availableCredits)} credits available
          {isShort ? ': the order will be refused if stock is short.' : '.'}
        </p>
        <FieldError id={errorId}>{fieldError}</FieldError>
      </div>
      {reporting.data ? (
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-claim-year`}>Claim against emissions of</Label>
          <Select value={String(chosenClaimYear)} onValueChange={(value) => setClaimYear(Number(value))}>
            <SelectTrigger id={`${id}-claim-year`} aria-describedby={`${id}-claim-hint`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {reporting.data.claimYears.map((year) => (
                <SelectItem key={year} value={String(year)}>
                  {String(year)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <p id={`${id}-claim-hint`} className="text-sm text-muted">
            The certificate says which year's emissions these credits are reported against.
          </p>
        </div>
      ) : null}
      <dl className="grid gap-2 rounded-md bg-canvas p-4 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-muted">Price</dt>
          <dd className="text-ink tabular-nums">{formatPricePerTonne(project.pricePerTon)}</dd>
        </div>
        <div className="flex justify-between gap-3 text-base font-semibold">
          <dt>Total</dt>
          <dd className="tabular-nums" aria-live="polite" data-testid="purchase-total">
            {total === null ? '—' : formatCents(total)}
          </dd>
        </div>
      </dl>
      <p className="text-sm text-slate-700">
        No payment provider is connected: the order is recorded with an invoice reference to pay, and its
        retirement certificate is available from your purchase history.
      </p>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={!canConfirmPurchase(quantity, purchase.isPending)}>
          {purchase.isPending ? 'Purchasing…' : 'Confirm purchase'}
        </Button>
      </DialogFooter>
    </form>
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
