import { useEffect, useId, useState } from 'react';
import type { Recalculation } from '../../../domain/contracts/ledger';
import { useContractForm } from '../../forms/contract-form';
import { ContractFormRoot, TextField } from '../../forms/form-field';
import { getErrorMessage, isUnauthorizedError } from '../../lib/api';
import { useCan } from '../../lib/permissions';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { PermissionNote } from '../../ui/permission-note';
import { Table, TableCaption, TableCell, TableHeaderCell } from '../../ui/table';
import { useRecalculateEmissions } from './api';
import {
  defaultPeriod,
  describeChange,
  formatTonnes2,
  linesRecalculatedMessage,
  type RecalculatePeriod,
  recalculatePeriodFormSchema,
  recalculationRows,
} from './recalculate';

function ResultTable({ result }: { result: Recalculation }) {
  return (
    <div className="grid gap-2">
      <p className="text-sm text-muted">
        {linesRecalculatedMessage(result.linesRecalculated)} dated {result.from} to {result.to}.
      </p>
      <Table label="Recalculation before and after">
        <TableCaption>Before and after, tCO2e</TableCaption>
        <thead>
          <tr>
            <TableHeaderCell scope="col">Scope</TableHeaderCell>
            <TableHeaderCell scope="col" className="text-right">
              Before
            </TableHeaderCell>
            <TableHeaderCell scope="col" className="text-right">
              After
            </TableHeaderCell>
            <TableHeaderCell scope="col" className="text-right">
              Change
            </TableHeaderCell>
          </tr>
        </thead>
        <tbody>
          {recalculationRows(result).map((row) => (
            <tr key={row.key}>
              <th scope="row" className="border-b border-border px-3 py-2 text-left font-medium text-ink">
                {row.label}
              </th>
              <TableCell className="text-right tabular-nums">{formatTonnes2(row.before)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatTonnes2(row.after)}</TableCell>
              <TableCell className="text-right tabular-nums">{describeChange(row.change)}</TableCell>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

/** The explicit, audited recalculation of a period with the current factor library. */
export function RecalculatePanel({ year }: { year: number }) {
  const id = useId();
  const canRecalculate = useCan('emissions.recalculate');
  const [result, setResult] = useState<{ year: number; recalculation: Recalculation } | null>(null);
  // A result belongs to the year it was run for: choosing another year clears it (React's
  // "adjusting state when a prop changes", without an effect).
  if (result && result.year !== year) setResult(null);

  return (
    <Card id="recalculate" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Recalculate with the current factor library</CardTitle>
        <CardDescription>
          Stored figures never change by themselves: this recomputes every line in the period with today's
          emission factors and records an audit entry.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <PermissionNote action="emissions.recalculate" />
        {canRecalculate ? (
          <RecalculateForm
            year={year}
            labelledBy={`${id}-title`}
            onRecalculated={(recalculation) => setResult({ year, recalculation })}
          />
        ) : null}
        {result?.year === year ? <ResultTable result={result.recalculation} /> : null}
      </CardContent>
    </Card>
  );
}

/** The period (the whole reporting year unless changed), then a confirmation before anything runs. */
function RecalculateForm({
  year,
  labelledBy,
  onRecalculated,
}: {
  year: number;
  labelledBy: string;
  onRecalculated: (result: Recalculation) => void;
}) {
  const form = useContractForm(recalculatePeriodFormSchema, defaultPeriod(year));
  const mutation = useRecalculateEmissions();
  const [pendingPeriod, setPendingPeriod] = useState<RecalculatePeriod | null>(null);
  const { reset } = form;

  useEffect(() => {
    reset(defaultPeriod(year));
  }, [year, reset]);

  const onConfirm = () => {
    if (!pendingPeriod) return;
    mutation.mutate(pendingPeriod, {
      onSuccess: (answer) => {
        onRecalculated(answer);
        toastSuccess(linesRecalculatedMessage(answer.linesRecalculated));
      },
      onError: (error) => {
        if (isUnauthorizedError(error)) return;
        form.clearErrors();
        form.showServerErrors(error);
        toastError(getErrorMessage(error));
      },
      onSettled: () => setPendingPeriod(null),
    });
  };

  return (
    <>
      <ContractFormRoot
        form={form}
        onSubmit={setPendingPeriod}
        className="grid gap-4"
        labelledBy={labelledBy}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="from" label="From" type="date" required />
          <TextField name="to" label="To" type="date" required />
        </div>
        <div>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? 'Recalculating...' : 'Recalculate'}
          </Button>
        </div>
      </ContractFormRoot>
      <ConfirmDialog
        open={pendingPeriod != null}
        onOpenChange={(open) => {
          if (!open && !mutation.isPending) setPendingPeriod(null);
        }}
        title="Recalculate this period?"
        description={
          pendingPeriod
            ? `Every line dated ${pendingPeriod.from} to ${pendingPeriod.to} will be recalculated with today's factors, replacing its stored results, and an audit entry is recorded.`
            : ''
        }
        confirmLabel="Recalculate"
        pendingLabel="Recalculating..."
        pending={mutation.isPending}
        onConfirm={onConfirm}
      />
    </>
  );
}
