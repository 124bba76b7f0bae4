import { type FormEvent, useEffect, useId, useState } from 'react';
import { getErrorMessage, getFieldErrors, isUnauthorizedError } from '../../lib/api';
import { useCan } from '../../lib/permissions';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Label } from '../../ui/label';
import { PermissionNote } from '../../ui/permission-note';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/select';
import { Skeleton } from '../../ui/skeleton';
import { useFinancials, useSaveFinancials, useSaveTarget, useTarget } from './api';
import { EmployeesBasisField } from './employees-basis-field';
import { FormField } from './form-field';
import { TARGET_COVERAGE_LABELS } from './format';
import {
  type FinancialsField,
  type FinancialsFormValues,
  financialsFormFrom,
  type TargetField,
  type TargetFormValues,
  targetFormFrom,
  validateFinancialsForm,
  validateTargetForm,
} from './records';

function focusFirst(formId: string, fields: readonly string[], errors: Record<string, string | undefined>) {
  const first = fields.find((field) => errors[field]);
  if (first) document.getElementById(`${formId}-${first}`)?.focus();
}

function TargetForm({ currentYear }: { currentYear: number }) {
  const id = useId();
  const canEdit = useCan('data.edit');
  const query = useTarget();
  const mutation = useSaveTarget();
  const [values, setValues] = useState<TargetFormValues>(() => targetFormFrom(null, currentYear));
  const [errors, setErrors] = useState<Partial<Record<TargetField, string>>>({});

  useEffect(() => {
    if (query.data !== undefined) setValues(targetFormFrom(query.data, currentYear));
  }, [query.data, currentYear]);

  const set = (field: TargetField) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));
  const order: TargetField[] = ['baseYear', 'targetYear', 'reductionPercent', 'coverage'];

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validateTargetForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirst(id, order, result.errors);
      return;
    }
    setErrors({});
    mutation.mutate(result.payload, {
      onSuccess: () => toastSuccess('Reduction target saved'),
      onError: (error) => {
        if (isUnauthorizedError(error)) return;
        const found = getFieldErrors(error) as Partial<Record<TargetField, string>>;
        setErrors(found);
        toastError(`Failed to save target: ${getErrorMessage(error)}`);
      },
    });
  };

  if (query.isPending) return <Skeleton className="h-56 w-full" />;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-labelledby={`${id}-title`}>
      {/* A viewer reads the figures; the disabled fieldset keeps them from being changed. */}
      <fieldset disabled={!canEdit} className="contents">
        <div className="grid gap-1">
          <h3 id={`${id}-title`} className="font-semibold text-ink">
            Reduction target
          </h3>
          <p className="text-sm text-muted">Drawn as a straight path on the trend chart.</p>
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField
            id={`${id}-baseYear`}
            label="Base year"
            inputMode="numeric"
            value={values.baseYear}
            error={errors.baseYear}
            onChange={(event) => set('baseYear')(event.target.value)}
          />
          <FormField
            id={`${id}-targetYear`}
            label="Target year"
            inputMode="numeric"
            value={values.targetYear}
            error={errors.targetYear}
            onChange={(event) => set('targetYear')(event.target.value)}
          />
          <FormField
            id={`${id}-reductionPercent`}
            label="Reduction (%)"
            inputMode="decimal"
            value={values.reductionPercent}
            error={errors.reductionPercent}
            placeholder="e.g. 42"
            onChange={(event) => set('reductionPercent')(event.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-coverage`}>Coverage</Label>
          <Select
            value={values.coverage}
            onValueChange={(value) => {
              if (value === 'scope_1_2' || value === 'scope_1_2_3') set('coverage')(value);
            }}
          >
            <SelectTrigger id={`${id}-coverage`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {Object.entries(TARGET_COVERAGE_LABELS).map(([value, label]) => (
                <SelectItem key={value} value={value}>
                  {label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </fieldset>
      {canEdit ? (
        <div>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? 'Saving...' : 'Save target'}
          </Button>
        </div>
      ) : (
        <PermissionNote action="data.edit" />
      )}
    </form>
  );
}

function FinancialsForm({ year }: { year: number }) {
  const id = useId();
  const canEdit = useCan('data.edit');
  const query = useFinancials(year);
  const mutation = useSaveFinancials();
  const [values, setValues] = useState<FinancialsFormValues>(() => financialsFormFrom(null));
  const [errors, setErrors] = useState<Partial<Record<FinancialsField, string>>>({});

  useEffect(() => {
    if (query.data !== undefined) setValues(financialsFormFrom(query.data));
    setErrors({});
  }, [query.data]);

  const set = (field: FinancialsField) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validateFinancialsForm(year, values);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirst(id, ['revenue', 'currency', 'employees', 'employeesBasis'], result.errors);
      return;
    }
    setErrors({});
    mutation.mutate(result.payload, {
      onSuccess: () => toastSuccess(`Revenue and headcount for ${year} saved`),
      onError: (error) => {
        if (isUnauthorizedError(error)) return;
        setErrors(getFieldErrors(error) as Partial<Record<FinancialsField, string>>);
        toastError(`Failed to save revenue and headcount: ${getErrorMessage(error)}`);
      },
    });
  };

  if (query.isPending) return <Skeleton className="h-56 w-full" />;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-labelledby={`${id}-title`}>
      {/* A viewer reads the figures; the disabled fieldset keeps them from being changed. */}
      <fieldset disabled={!canEdit} className="contents">
        <div className="grid gap-1">
          <h3 id={`${id}-title`} className="font-semibold text-ink">
            Revenue and headcount for {year}
          </h3>
          <p className="text-sm text-muted">Used for the carbon intensity figures.</p>
        </div>
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
          <FormField
            id={`${id}-revenue`}
            label="Revenue"
            inputMode="decimal"
            value={values.revenue}
            error={errors.revenue}
            onChange={(event) => set('revenue')(event.target.value)}
          />
          <FormField
            id={`${id}-currency`}
            label="Currency"
            maxLength={3}
            className="uppercase placeholder:normal-case"
            placeholder="GBP"
            value={values.currency}
            error={errors.currency}
            onChange={(event) => set('currency')(event.target.value)}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id={`${id}-employees`}
            label="Employees"
            inputMode="decimal"
            value={values.employees}
            error={errors.employees}
            onChange={(event) => set('employees')(event.target.value)}
          />
          <EmployeesBasisField
            id={`${id}-employeesBasis`}
            value={values.employeesBasis}
            error={errors.employeesBasis}
            onChange={set('employeesBasis')}
          />
        </div>
      </fieldset>
      {canEdit ? (
        <div>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? 'Saving...' : 'Save figures'}
          </Button>
        </div>
      ) : (
        <PermissionNote action="data.edit" />
      )}
    </form>
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
