import { useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { Regulator, Report, SubmitFiling } from '../../../domain/contracts/export';
import { checkedFormSchema } from '../../forms/checked-form-schema';
import { useContractForm } from '../../forms/contract-form';
import { ContractFormRoot } from '../../forms/form-field';
import { SelectField } from '../../forms/select-field';
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
import { useSubmitFiling } from './api';
import { canSubmitFiling, frameworkLabel, periodLabel } from './export';
import { FILING_START, type FilingValues, filingCheck } from './filing-form';
import { SandboxNote } from './filings-list';
import { RegulatorDates } from './regulators-list';

const FILING_FALLBACK = 'Failed to submit filing. Please try again.';

interface FilingFormProps {
  report: Report;
  regulators: Regulator[];
  /** spec §7: the user's jurisdiction, or US. */
  jurisdiction: string;
  onDone: () => void;
}

/** The regulators, then the chosen one's accepted formats, notes when not in force, and dates. */
function RegulatorField({ regulators }: { regulators: Regulator[] }) {
  const { setValue } = useFormContext<FilingValues>();
  const code = useWatch<FilingValues, 'regulatorCode'>({ name: 'regulatorCode' });
  const regulator = regulators.find((candidate) => candidate.code === code);
  return (
    <div className="grid gap-1.5">
      <SelectField
        name="regulatorCode"
        label="Regulator"
        placeholder="Choose a regulator"
        choices={regulators.map((option) => ({
          value: option.code,
          label: option.inForce ? option.name : `${option.name} (not in force)`,
        }))}
        // Filing types belong to one regulator: a new regulator starts the choice again.
        onPicked={() => setValue('filingType', '')}
      />
      {regulator ? (
        <p className="text-sm text-muted">
          Accepts {regulator.supportedFormats.map((format) => format.toUpperCase()).join(', ')}.
          {regulator.inForce ? null : ` ${regulator.notes}`}
        </p>
      ) : null}
      {regulator ? <RegulatorDates regulator={regulator} /> : null}
    </div>
  );
}

function FilingForm({ report, regulators, jurisdiction, onDone }: FilingFormProps) {
  const submitFiling = useSubmitFiling();
  const form = useContractForm(checkedFormSchema(filingCheck(report.id, jurisdiction)), FILING_START);
  const [regulatorCode, filingType] = useWatch({
    control: form.control,
    name: ['regulatorCode', 'filingType'],
  });
  const regulator = regulators.find((candidate) => candidate.code === regulatorCode);

  const submit = (request: SubmitFiling) => {
    if (submitFiling.isPending) return;
    submitFiling.mutate(request, {
      onSuccess: ({ regulatorCode: code, confirmationNumber }) => {
        addToast({
          title: 'Sandbox filing recorded',
          description: `${code} sandbox confirmation number: ${confirmationNumber}`,
        });
        onDone();
      },
      onError: (error) => {
        if (isUnauthorizedError(error)) return;
        if (form.showServerErrors(error)) return;
        const message = getErrorBody(error)?.message;
        addToast({
          title: 'Filing Failed',
          description: typeof message === 'string' && message.trim() ? message : FILING_FALLBACK,
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <ContractFormRoot form={form} onSubmit={submit} className="grid gap-4">
      <RegulatorField regulators={regulators} />
      {/* spec §2: the filing type appears only once a regulator is chosen. */}
      {regulator ? (
        <SelectField
          name="filingType"
          label="Filing type"
          placeholder="Choose a filing type"
          choices={regulator.filingTypes.map((type) => ({ value: type, label: type }))}
        />
      ) : null}
      <SandboxNote />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        {/* spec §5: enabled only with a regulator and a filing type, and no filing in flight. */}
        <Button type="submit" disabled={!canSubmitFiling(regulatorCode, filingType, submitFiling.isPending)}>
          {submitFiling.isPending ? 'Recording…' : 'Submit sandbox filing'}
        </Button>
      </DialogFooter>
    </ContractFormRoot>
  );
}

/**
 * spec §4 filing dialog: opens with a chosen report; closing, cancelling or success clear the
 * report, and the form (regulator and filing type) is unmounted with it, so each opening starts
 * empty.
 */
export function FilingDialog({
  report,
  regulators,
  jurisdiction,
  onClose,
}: {
  report: Report | null;
  regulators: Regulator[];
  jurisdiction: string;
  onClose: () => void;
}) {
  // One dialog serves every report (no Radix trigger), so focus goes back to the opener by hand.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog
      open={report !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {report ? (
        <DialogContent
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (opener.current?.isConnected) opener.current.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>File with Regulator (sandbox filing)</DialogTitle>
            <DialogDescription>
              {report.title}: {frameworkLabel(report.framework)}, {periodLabel(report.period)}.
            </DialogDescription>
          </DialogHeader>
          <FilingForm
            key={report.id}
            report={report}
            regulators={regulators}
            jurisdiction={jurisdiction}
            onDone={onClose}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
