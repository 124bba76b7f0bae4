import { type ChangeEvent, type FormEvent, type ReactNode, useId, useState } from 'react';
import { ActivityCategorySchema, type SaveActivity } from '../../../domain/contracts/ledger';
import type { OcrUploadResult } from '../../../domain/contracts/receipts';
import { getErrorMessage, getFieldErrors } from '../../lib/api';
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/select';
import {
  type ActivityErrors,
  type ActivityField,
  type ActivityFormValues,
  todayIso,
  validateActivityForm,
} from '../ledger/activity-form';
import { useSites } from '../ledger/api';
import { CATEGORY_LABELS } from '../ledger/format';
import { type ProbableDuplicatesProblem, readProbableDuplicates } from '../ledger/probable-duplicates';
import { ReceiptDuplicatesPrompt } from '../ledger/probable-duplicates-prompt';
import { SiteSelect } from '../ledger/site-select';
import { useConfirmReceiptLine, useScanReceipt } from './receipt-api';
import { checkReceiptFile, draftFromScan, RECEIPT_ACCEPT, scannedMessage } from './receipt-draft';

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
      <DraftLineForm result={result} onDone={onDone} onAnother={onAnother} />
    </div>
  );
}

function DraftLineForm({
  result,
  onDone,
  onAnother,
}: {
  result: OcrUploadResult;
  onDone: () => void;
  onAnother: () => void;
}) {
  const sites = useSites();
  const siteList = sites.data ?? [];
  const [values, setValues] = useState<ActivityFormValues | null>(() =>
    draftFromScan(result, { siteId: siteList.length === 1 ? siteList[0]!.id : undefined, today: todayIso() }),
  );
  const [errors, setErrors] = useState<ActivityErrors>({});
  const [duplicates, setDuplicates] = useState<{
    problem: ProbableDuplicatesProblem;
    payload: SaveActivity;
  } | null>(null);
  const confirm = useConfirmReceiptLine();
  const formId = useId();

  if (!values) {
    return (
      <div className="grid gap-3">
        <p className="text-sm text-slate-700">
          No fuel, energy or hotel activity was found on this receipt, so there is no draft line. The file is
          kept; you can add a line by hand in the activity ledger.
        </p>
        <DialogFooter>
          <Button variant="outline" onClick={onAnother}>
            Scan another
          </Button>
          <Button onClick={onDone}>Done</Button>
        </DialogFooter>
      </div>
    );
  }
  const siteId = values.siteId || (siteList.length === 1 ? siteList[0]!.id : '');
  const set = (field: ActivityField, value: string) =>
    setValues((current) => (current ? { ...current, [field]: value } : current));
  const id = (field: ActivityField) => `${formId}-${field}`;
  const field = (name: ActivityField, label: string, control: ReactNode) => (
    <div className="grid gap-1">
      <Label htmlFor={id(name)}>{label}</Label>
      {control}
      <FieldError id={`${id(name)}-error`}>{errors[name]}</FieldError>
    </div>
  );
  const input = (
    name: 'date' | 'periodEnd' | 'quantity' | 'unit' | 'spend' | 'currency' | 'reference',
    type = 'text',
  ) => (
    <Input
      id={id(name)}
      type={type}
      value={values[name]}
      onChange={(event) => set(name, event.target.value)}
      aria-invalid={errors[name] ? true : undefined}
      aria-describedby={errors[name] ? `${id(name)}-error` : undefined}
    />
  );

  // A probable duplicate (decision 052) is answered with a choice, which sends the draft again.
  const send = (payload: SaveActivity) =>
    confirm.mutate(payload, {
      onSuccess: (line) => {
        setDuplicates(null);
        // Skipped as a duplicate (decision 052): the server answers { skipped: true }, nothing stored.
        if ('skipped' in line)
          toastSuccess('Nothing was added: the line is already in the ledger', 'Skipped');
        // Saved, but without a figure: said at once, with why (decision 051).
        else if (line.notCounted)
          toastSuccess(
            `${line.notCounted.message}. ${line.notCounted.fix.label}.`,
            'Line added, not counted',
          );
        else toastSuccess('The line is in the ledger with the receipt as its evidence', 'Line added');
        onDone();
      },
      onError: async (failure) => {
        const probable = await readProbableDuplicates(failure);
        setDuplicates(probable ? { problem: probable, payload } : null);
        if (probable) return;
        setErrors(getFieldErrors(failure) as ActivityErrors);
        toastError(getErrorMessage(failure));
      },
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateActivityForm({ ...values, siteId });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    send({ ...checked.payload, receiptFileId: result.ocrResult.evidenceId });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-labelledby={`${formId}-title`}>
      <h3 id={`${formId}-title`} className="text-sm font-semibold">
        Draft ledger line: check and correct it
      </h3>
      {sites.isSuccess && siteList.length === 0 ? (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          Add a site first (Activity ledger, Sites card): every line belongs to a site.
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {field(
          'siteId',
          'Site',
          <SiteSelect
            id={id('siteId')}
            value={siteId}
            sites={siteList}
            onChange={(value) => set('siteId', value)}
          />,
        )}
        {field(
          'category',
          'Category',
          <Select
            value={values.category}
            onValueChange={(value) => {
              const parsed = ActivityCategorySchema.safeParse(value);
              if (parsed.success)
                setValues((current) => (current ? { ...current, category: parsed.data } : current));
            }}
          >
            <SelectTrigger id={id('category')}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {ActivityCategorySchema.options.map((option) => (
                <SelectItem key={option} value={option}>
                  {CATEGORY_LABELS[option]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>,
        )}
        {field('date', 'Date', input('date', 'date'))}
        {field('periodEnd', 'Period end (optional)', input('periodEnd', 'date'))}
        {field('quantity', 'Quantity', input('quantity'))}
        {field('unit', 'Unit', input('unit'))}
        {field('reference', 'Reference', input('reference'))}
      </div>
      {duplicates ? (
        <ReceiptDuplicatesPrompt
          problem={duplicates.problem}
          pending={confirm.isPending}
          onKeep={() => send({ ...duplicates.payload, onDuplicate: 'keep' })}
          onReplace={(lineId) =>
            send({ ...duplicates.payload, onDuplicate: 'replace', replaceLineId: lineId })
          }
          onSkip={() => {
            toastSuccess('Nothing was added; the line already in your ledger stays', 'Skipped');
            onDone();
          }}
        />
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onAnother}>
          Scan another
        </Button>
        <Button type="submit" disabled={confirm.isPending}>
          {confirm.isPending ? 'Adding…' : 'Confirm and add to ledger'}
        </Button>
      </DialogFooter>
    </form>
  );
}
