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

/** The quantity as typed, the credits available (amber when short) and the server's refusal. */
function QuantityField({
  id,
  text,
  availableCredits,
  fieldError,
  onChange,
  onBlur,
}: {
  id: string;
  text: string;
  availableCredits: number;
  fieldError: string | undefined;
  onChange: (text: string) => void;
  onBlur: () => void;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const isShort = parseQuantity(text) > availableCredits;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-quantity`}>Quantity (tCO2e)</Label>
      <Input
        id={`${id}-quantity`}
        type="number"
        inputMode="numeric"
        min={1}
        max={availableCredits}
        step={1}
        value={text}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        aria-describedby={fieldError ? `${hintId} ${errorId}` : hintId}
        aria-invalid={fieldError ? true : undefined}
      />
      <p id={hintId} className={isShort ? 'text-sm text-amber-900' : 'text-sm text-muted'}>
        {formatCount(availableCredits)} credits available
        {isShort ? ': the order will be refused if stock is short.' : '.'}
      </p>
      <FieldError id={errorId}>{fieldError}</FieldError>
    </div>
  );
}

/** decision 053: which year's emissions the credits are claimed against. */
function ClaimYearField({
  id,
  years,
  year,
  onChange,
}: {
  id: string;
  years: readonly number[];
  year: number | undefined;
  onChange: (year: number) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-claim-year`}>Claim against emissions of</Label>
      <Select value={String(year)} onValueChange={(value) => onChange(Number(value))}>
        <SelectTrigger id={`${id}-claim-year`} aria-describedby={`${id}-claim-hint`}>
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
      <p id={`${id}-claim-hint`} className="text-sm text-muted">
        The certificate says which year's emissions these credits are reported against.
      </p>
    </div>
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

  return (
    <form onSubmit={submit} className="grid gap-4">
      <QuantityField
        id={id}
        text={text}
        availableCredits={project.availableCredits}
        fieldError={fieldError}
        onChange={setText}
        onBlur={() => setText(String(quantity))}
      />
      {reporting.data ? (
        <ClaimYearField
          id={id}
          years={reporting.data.claimYears}
          year={chosenClaimYear}
          onChange={setClaimYear}
        />
      ) : null}
      <PurchaseTotal pricePerTon={project.pricePerTon} total={total} />
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
