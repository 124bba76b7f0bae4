import { type ChangeEvent, useId, useState } from 'react';
import type { OcrUploadResult } from '../../../domain/contracts/receipts';
import { getErrorMessage } from '../../lib/api';
import { toastError, toastSuccess } from '../../stores/toasts';
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
import { Progress } from '../../ui/progress';
import { useScanReceipt } from './receipt-api';
import { checkReceiptFile, RECEIPT_ACCEPT, scannedMessage } from './receipt-draft';
import { ReceiptDraftLine } from './receipt-draft-form';

/**
 * Upload Receipt: choose an image or PDF → the server reads it (OCR or the PDF's text) and keeps
 * the file → the fields it found and a draft ledger line → the person confirms or corrects the
 * draft, which becomes a ledger line with the receipt as evidence. Nothing enters the ledger
 * without the confirmation.
 */
export function ReceiptDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [result, setResult] = useState<OcrUploadResult | null>(null);
  const close = (next: boolean) => {
    if (!next) setResult(null);
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Upload Receipt</DialogTitle>
          <DialogDescription>
            Fuel receipts, energy bills and hotel bills: an image or a PDF under 10 MB. You check what was
            read before anything enters the ledger.
          </DialogDescription>
        </DialogHeader>
        {result ? (
          <ReceiptReview result={result} onDone={() => close(false)} onAnother={() => setResult(null)} />
        ) : (
          <ReceiptUpload onScanned={setResult} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ReceiptUpload({ onScanned }: { onScanned: (result: OcrUploadResult) => void }) {
  const inputId = useId();
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const scan = useScanReceipt();

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refusal = checkReceiptFile(file);
    setError(refusal);
    if (refusal) return;
    setProgress(0);
    scan.mutate(
      { file, onProgress: (fraction) => setProgress(Math.round(fraction * 100)) },
      {
        onSuccess: (answer) => {
          toastSuccess(scannedMessage(answer));
          onScanned(answer);
        },
        onError: (failure) => {
          const message = getErrorMessage(failure);
          setError(message);
          toastError('Failed to process receipt');
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <div className="grid gap-3">
      <Label htmlFor={inputId}>Receipt or bill (image or PDF)</Label>
      <Input
        id={inputId}
        type="file"
        accept={RECEIPT_ACCEPT}
        onChange={onFile}
        disabled={scan.isPending}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        className="h-auto py-2"
      />
      <FieldError id={`${inputId}-error`}>{error ?? undefined}</FieldError>
      {scan.isPending ? (
        <div className="grid gap-1" aria-live="polite">
          <Progress value={progress !== null && progress < 100 ? progress : 100} label="Receipt upload" />
          <p className="text-sm text-slate-700">
            {progress !== null && progress < 100 ? `Uploading… ${progress}%` : 'Reading the receipt…'}
          </p>
        </div>
      ) : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
      </DialogFooter>
    </div>
  );
}

const FACT_LABELS: [keyof OcrUploadResult['ocrResult']['receiptData'], string][] = [
  ['vendor', 'Vendor'],
  ['date', 'Date'],
  ['total', 'Total'],
  ['currency', 'Currency'],
  ['litres', 'Litres'],
  ['fuelType', 'Fuel'],
  ['kWh', 'kWh'],
  ['periodStart', 'Period from'],
  ['periodEnd', 'Period to'],
  ['supplier', 'Supplier'],
  ['greenTariff', 'Green tariff'],
  ['nights', 'Nights'],
];

function ReceiptReview({
  result,
  onDone,
  onAnother,
}: {
  result: OcrUploadResult;
  onDone: () => void;
  onAnother: () => void;
}) {
  const { receiptData } = result.ocrResult;
  const facts = FACT_LABELS.filter(([key]) => receiptData[key] !== null && receiptData[key] !== undefined);
  return (
    <div className="grid gap-4">
      <section aria-labelledby="receipt-found" className="grid gap-2">
        <h3 id="receipt-found" className="text-sm font-semibold">
          Found on the receipt
        </h3>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
          {facts.map(([key, label]) => (
            <div key={key}>
              <dt className="text-slate-600">{label}</dt>
              <dd className="font-medium">
                {typeof receiptData[key] === 'boolean'
                  ? receiptData[key]
                    ? 'Yes'
                    : 'No'
                  : String(receiptData[key])}
              </dd>
            </div>
          ))}
        </dl>
        {receiptData.notes.length > 0 ? (
          <ul className="list-disc pl-5 text-sm text-amber-900">
            {receiptData.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        ) : null}
        <a className="text-sm text-brand-700 underline" href={result.ocrResult.evidenceUrl}>
          Download the stored receipt
        </a>
      </section>
      <ReceiptDraftLine result={result} onDone={onDone} onAnother={onAnother} />
    </div>
  );
}
