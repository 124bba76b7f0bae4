import { type FormEvent, useId, useRef, useState } from 'react';
import type { Regulator, Report } from '../../../domain/contracts/export';
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
import { Label } from '../../ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/select';
import { useSubmitFiling } from './api';
import { canSubmitFiling, frameworkLabel, periodLabel } from './export';
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
function RegulatorField({
  id,
  regulators,
  value,
  onChange,
}: {
  id: string;
  regulators: Regulator[];
  value: string;
  onChange: (code: string) => void;
}) {
  const regulator = regulators.find((candidate) => candidate.code === value);
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Regulator</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id}>
          <SelectValue placeholder="Choose a regulator" />
        </SelectTrigger>
        <SelectContent>
          {regulators.map((option) => (
            <SelectItem key={option.code} value={option.code}>
              {option.inForce ? option.name : `${option.name} (not in force)`}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
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

function FilingTypeField({
  id,
  regulator,
  value,
  onChange,
}: {
  id: string;
  regulator: Regulator;
  value: string;
  onChange: (type: string) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Filing type</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id}>
          <SelectValue placeholder="Choose a filing type" />
        </SelectTrigger>
        <SelectContent>
          {regulator.filingTypes.map((type) => (
            <SelectItem key={type} value={type}>
              {type}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

function FilingForm({ report, regulators, jurisdiction, onDone }: FilingFormProps) {
  const id = useId();
  const submitFiling = useSubmitFiling();
  const [regulatorCode, setRegulatorCode] = useState('');
  const [filingType, setFilingType] = useState('');
  const regulator = regulators.find((candidate) => candidate.code === regulatorCode);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmitFiling(regulatorCode, filingType, submitFiling.isPending)) return;
    submitFiling.mutate(
      { reportId: report.id, regulatorCode, jurisdiction, filingType },
      {
        onSuccess: ({ regulatorCode: code, confirmationNumber }) => {
          addToast({
            title: 'Sandbox filing recorded',
            description: `${code} sandbox confirmation number: ${confirmationNumber}`,
          });
          onDone();
        },
        onError: (error) => {
          if (isUnauthorizedError(error)) return;
          const message = getErrorBody(error)?.message;
          addToast({
            title: 'Filing Failed',
            description: typeof message === 'string' && message.trim() ? message : FILING_FALLBACK,
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-4">
      <RegulatorField
        id={`${id}-regulator`}
        regulators={regulators}
        value={regulatorCode}
        onChange={(code) => {
          setRegulatorCode(code);
          // Filing types belong to one regulator: a new regulator starts the choice again.
          setFilingType('');
        }}
      />
      {/* spec §2: the filing type appears only once a regulator is chosen. */}
      {regulator ? (
        <FilingTypeField
          id={`${id}-type`}
          regulator={regulator}
          value={filingType}
          onChange={setFilingType}
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
    </form>
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
