import { type ReactNode, useEffect, useMemo } from 'react';
import type { FieldValues } from 'react-hook-form';
import { type ContractForm, useContractForm } from '../../forms/contract-form';
import { ContractFormRoot, TextField } from '../../forms/form-field';
import { SelectField } from '../../forms/select-field';
import { getErrorMessage, isUnauthorizedError } from '../../lib/api';
import { useCan } from '../../lib/permissions';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { PermissionNote } from '../../ui/permission-note';
import { Skeleton } from '../../ui/skeleton';
import { useFinancials, useSaveFinancials, useSaveTarget, useTarget } from './api';
import { TARGET_COVERAGE_LABELS } from './format';
import {
  type FinancialsFormValues,
  financialsFormFrom,
  financialsFormSchema,
  type SaveFinancials,
  type SaveTarget,
  type TargetFormValues,
  targetFormFrom,
  targetFormSchema,
} from './records';

const COVERAGE_CHOICES = Object.entries(TARGET_COVERAGE_LABELS).map(([value, label]) => ({ value, label }));
const BASIS_CHOICES = [
  { value: 'headcount', label: 'Headcount (people)' },
  { value: 'fte', label: 'Full-time equivalents (FTE)' },
];

/** One of the panel's two forms: its title, its fields (read-only for a viewer) and its button. */
function RecordForm<Values extends FieldValues, Output>({
  form,
  onSubmit,
  title,
  description,
  saveLabel,
  isSaving,
  children,
}: {
  form: ContractForm<Values, Output>;
  onSubmit: (payload: Output) => void;
  title: string;
  description: string;
  saveLabel: string;
  isSaving: boolean;
  children: ReactNode;
}) {
  const canEdit = useCan('data.edit');
  const titleId = `${form.idPrefix}-title`;
  return (
    <ContractFormRoot form={form} onSubmit={onSubmit} className="grid gap-4" labelledBy={titleId}>
      {/* A viewer reads the figures; the disabled fieldset keeps them from being changed. */}
      <fieldset disabled={!canEdit} className="contents">
        <div className="grid gap-1">
          <h3 id={titleId} className="font-semibold text-ink">
            {title}
          </h3>
          <p className="text-sm text-muted">{description}</p>
        </div>
        {children}
      </fieldset>
      {canEdit ? (
        <div>
          <Button type="submit" disabled={isSaving}>
            {isSaving ? 'Saving...' : saveLabel}
          </Button>
        </div>
      ) : (
        <PermissionNote action="data.edit" />
      )}
    </ContractFormRoot>
  );
}

function TargetForm({ currentYear }: { currentYear: number }) {
  const query = useTarget();
  const mutation = useSaveTarget();
  const form = useContractForm<TargetFormValues, SaveTarget>(
    targetFormSchema,
    targetFormFrom(null, currentYear),
  );
  const { reset } = form;

  useEffect(() => {
    if (query.data !== undefined) reset(targetFormFrom(query.data, currentYear));
  }, [query.data, currentYear, reset]);

  const save = (payload: SaveTarget) =>
    mutation.mutate(payload, {
      onSuccess: () => toastSuccess('Reduction target saved'),
      onError: (error) => {
        if (isUnauthorizedError(error)) return;
        form.showServerErrors(error);
        toastError(`Failed to save target: ${getErrorMessage(error)}`);
      },
    });

  if (query.isPending) return <Skeleton className="h-56 w-full" />;
  return (
    <RecordForm
      form={form}
      onSubmit={save}
      title="Reduction target"
      description="Drawn as a straight path on the trend chart."
      saveLabel="Save target"
      isSaving={mutation.isPending}
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField name="baseYear" label="Base year" inputMode="numeric" />
        <TextField name="targetYear" label="Target year" inputMode="numeric" />
        <TextField name="reductionPercent" label="Reduction (%)" inputMode="decimal" placeholder="e.g. 42" />
      </div>
      <SelectField name="coverage" label="Coverage" choices={COVERAGE_CHOICES} />
    </RecordForm>
  );
}

function FinancialsForm({ year }: { year: number }) {
  const query = useFinancials(year);
  const mutation = useSaveFinancials();
  const schema = useMemo(() => financialsFormSchema(year), [year]);
  const form = useContractForm<FinancialsFormValues, SaveFinancials>(schema, financialsFormFrom(null));
  const { reset } = form;

  useEffect(() => {
    if (query.data !== undefined) reset(financialsFormFrom(query.data));
  }, [query.data, reset]);

  const save = (payload: SaveFinancials) =>
    mutation.mutate(payload, {
      onSuccess: () => toastSuccess(`Revenue and headcount for ${year} saved`),
      onError: (error) => {
        if (isUnauthorizedError(error)) return;
        form.showServerErrors(error);
        toastError(`Failed to save revenue and headcount: ${getErrorMessage(error)}`);
      },
    });

  if (query.isPending) return <Skeleton className="h-56 w-full" />;
  return (
    <RecordForm
      form={form}
      onSubmit={save}
      title={`Revenue and headcount for ${year}`}
      description="Used for the carbon intensity figures."
      saveLabel="Save figures"
      isSaving={mutation.isPending}
    >
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <TextField name="revenue" label="Revenue" inputMode="decimal" />
        <TextField
          name="currency"
          label="Currency"
          maxLength={3}
          className="uppercase placeholder:normal-case"
          placeholder="GBP"
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="employees" label="Employees" inputMode="decimal" />
        {/* VSME B1 lets the company choose the basis and XBRL tags the figure in it, so it is asked (decision 057). */}
        <SelectField
          name="employeesBasis"
          label="Counted as"
          placeholder="Choose how you counted"
          choices={BASIS_CHOICES}
          hint="Reports tag the figure this way: people at year end, or full-time equivalents."
        />
      </div>
    </RecordForm>
  );
}

/** The 'targets panel': the reduction target and the year's revenue and headcount. */
export function TargetsPanel({ year, currentYear }: { year: number; currentYear: number }) {
  return (
    <Card aria-labelledby="targets-panel-title">
      <CardHeader>
        <CardTitle id="targets-panel-title">Targets and company figures</CardTitle>
        <CardDescription>
          Set your reduction target and the figures intensity is measured against.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8 lg:grid-cols-2">
        <TargetForm currentYear={currentYear} />
        <FinancialsForm year={year} />
      </CardContent>
    </Card>
  );
}
