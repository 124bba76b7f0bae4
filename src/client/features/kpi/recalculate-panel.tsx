import { type FormEvent, useEffect, useId, useState } from 'react';
import type { Recalculation } from '../../../domain/contracts/ledger';
import { getErrorMessage, getFieldErrors, isUnauthorizedError } from '../../lib/api';
import { useCan } from '../../lib/permissions';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { PermissionNote } from '../../ui/permission-note';
import { Table, TableCaption, TableCell, TableHeaderCell } from '../../ui/table';
import { useRecalculateEmissions } from './api';
import { FormField } from './form-field';
import {
  defaultPeriod,
  describeChange,
  formatTonnes2,
  linesRecalculatedMessage,
  type PeriodField,
  type RecalculatePeriod,
  recalculationRows,
  validatePeriod,
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
  const mutation = useRecalculateEmissions();
  const canRecalculate = useCan('emissions.recalculate');
  const [values, setValues] = useState<RecalculatePeriod>(() => defaultPeriod(year));
  const [errors, setErrors] = useState<Partial<Record<PeriodField, string>>>({});
  const [pendingPeriod, setPendingPeriod] = useState<RecalculatePeriod | null>(null);
  const [result, setResult] = useState<Recalculation | null>(null);

  useEffect(() => {
    setValues(defaultPeriod(year));
    setErrors({});
    setResult(null);
  }, [year]);

  const set = (field: PeriodField) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validatePeriod(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = (['from', 'to'] as const).find((field) => checked.errors[field]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setErrors({});
    setPendingPeriod(checked.payload);
  };

  const onConfirm = () => {
    if (!pendingPeriod) return;
    mutation.mutate(pendingPeriod, {
      onSuccess: (answer) => {
        setResult(answer);
        toastSuccess(linesRecalculatedMessage(answer.linesRecalculated));
      },
      onError: (error) => {
        if (isUnauthorizedError(error)) return;
        setErrors(getFieldErrors(error) as Partial<Record<PeriodField, string>>);
        toastError(getErrorMessage(error));
      },
      onSettled: () => setPendingPeriod(null),
    });
  };

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
          <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-labelledby={`${id}-title`}>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                id={`${id}-from`}
                label="From"
                type="date"
                required
                value={values.from}
                error={errors.from}
                onChange={(event) => set('from')(event.target.value)}
              />
              <FormField
                id={`${id}-to`}
                label="To"
                type="date"
                required
                value={values.to}
                error={errors.to}
                onChange={(event) => set('to')(event.target.value)}
              />
            </div>
            <div>
              <Button type="submit" disabled={mutation.isPending}>
                {mutation.isPending ? 'Recalculating...' : 'Recalculate'}
              </Button>
            </div>
          </form>
        ) : null}
        {result ? <ResultTable result={result} /> : null}
      </CardContent>
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
    </Card>
  );
}
