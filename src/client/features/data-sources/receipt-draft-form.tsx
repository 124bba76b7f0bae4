/**
 * The receipt's draft ledger line, which the person checks and corrects before anything enters
 * the ledger (receipt-dialog.tsx), on the one form approach (decision 071).
 */
import { useEffect, useId, useState } from 'react';
import type { SaveActivity, Site } from '../../../domain/contracts/ledger';
import type { OcrUploadResult } from '../../../domain/contracts/receipts';
import { useContractForm } from '../../forms/contract-form';
import { ContractFormRoot, TextField } from '../../forms/form-field';
import { SelectField } from '../../forms/select-field';
import { getErrorMessage } from '../../lib/api';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Button } from '../../ui/button';
import { DialogFooter } from '../../ui/dialog';
import { CATEGORY_CHOICES, SiteField } from '../ledger/activity-fields';
import { type ActivityFormValues, activityFormSchema, todayIso } from '../ledger/activity-form';
import { useSites } from '../ledger/api';
import { type ProbableDuplicatesProblem, readProbableDuplicates } from '../ledger/probable-duplicates';
import { ReceiptDuplicatesPrompt } from '../ledger/probable-duplicates-prompt';
import { useConfirmReceiptLine } from './receipt-api';
import { draftFromScan } from './receipt-draft';

/** A new line: no stored settings to keep (activity-form.ts). */
const draftLineSchema = activityFormSchema({ keepUnknownExtras: false });

/** The draft line the scan suggested, or why there is none. */
export function ReceiptDraftLine({
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
  // Read once, when the scan arrives: from then on the person's corrections belong to the form.
  const [draft] = useState(() =>
    draftFromScan(result, { siteId: siteList.length === 1 ? siteList[0]!.id : undefined, today: todayIso() }),
  );
  if (!draft) return <NoDraftLine onDone={onDone} onAnother={onAnother} />;
  return (
    <DraftLineForm
      draft={draft}
      sites={siteList}
      hasNoSites={sites.isSuccess && siteList.length === 0}
      receiptFileId={result.ocrResult.evidenceId}
      onDone={onDone}
      onAnother={onAnother}
    />
  );
}

function NoDraftLine({ onDone, onAnother }: { onDone: () => void; onAnother: () => void }) {
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

function DraftLineForm({
  draft,
  sites,
  hasNoSites,
  receiptFileId,
  onDone,
  onAnother,
}: {
  draft: ActivityFormValues;
  sites: readonly Site[];
  hasNoSites: boolean;
  receiptFileId: string;
  onDone: () => void;
  onAnother: () => void;
}) {
  const titleId = useId();
  const form = useContractForm(draftLineSchema, draft);
  const { getValues, setValue } = form;
  const onlySiteId = sites.length === 1 ? sites[0]!.id : '';
  // Sites that arrive after the scan: a company's only site is the line's site.
  useEffect(() => {
    if (onlySiteId && !getValues('siteId')) setValue('siteId', onlySiteId);
  }, [onlySiteId, getValues, setValue]);
  const confirm = useSendDraftLine({
    onDone,
    onRefused: (failure) => {
      form.clearErrors();
      form.showServerErrors(failure);
    },
  });

  return (
    <ContractFormRoot
      form={form}
      onSubmit={(payload) => confirm.send({ ...payload, receiptFileId })}
      className="grid gap-4"
      labelledBy={titleId}
    >
      <h3 id={titleId} className="text-sm font-semibold">
        Draft ledger line: check and correct it
      </h3>
      {hasNoSites ? (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          Add a site first (Activity ledger, Sites card): every line belongs to a site.
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <SiteField sites={sites} />
        <SelectField name="category" label="Category" choices={CATEGORY_CHOICES} />
        <TextField name="date" label="Date" type="date" />
        <TextField name="periodEnd" label="Period end (optional)" type="date" />
        <TextField name="quantity" label="Quantity" />
        <TextField name="unit" label="Unit" />
        <TextField name="reference" label="Reference" />
      </div>
      {confirm.duplicates ? (
        <ReceiptDuplicatesPrompt
          problem={confirm.duplicates.problem}
          pending={confirm.isPending}
          onKeep={() => confirm.answerDuplicates({ onDuplicate: 'keep' })}
          onReplace={(lineId) => confirm.answerDuplicates({ onDuplicate: 'replace', replaceLineId: lineId })}
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
    </ContractFormRoot>
  );
}

/**
 * Sends the checked line. A probable duplicate (decision 052) is answered with a choice, which
 * sends the same line again with it; any other refusal goes to `onRefused` and a toast.
 */
function useSendDraftLine({
  onDone,
  onRefused,
}: {
  onDone: () => void;
  onRefused: (failure: unknown) => void;
}) {
  const confirm = useConfirmReceiptLine();
  const [duplicates, setDuplicates] = useState<{
    problem: ProbableDuplicatesProblem;
    payload: SaveActivity;
  } | null>(null);

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
        onRefused(failure);
        toastError(getErrorMessage(failure));
      },
    });

  const answerDuplicates = (choice: Pick<SaveActivity, 'onDuplicate' | 'replaceLineId'>) => {
    if (duplicates) send({ ...duplicates.payload, ...choice });
  };

  return { send, answerDuplicates, duplicates, isPending: confirm.isPending };
}
