import { useEffect, useMemo } from 'react';
import type { Workforce } from '../../../domain/contracts/ledger';
import { useContractForm } from '../../forms/contract-form';
import { ContractFormRoot, TextField } from '../../forms/form-field';
import { getErrorMessage, isUnauthorizedError } from '../../lib/api';
import { useCan } from '../../lib/permissions';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { PermissionNote } from '../../ui/permission-note';
import { useSaveWorkforce } from './api';
import {
  type SaveWorkforce,
  type WorkforceField,
  type WorkforceFormValues,
  workforceFormFrom,
  workforceFormSchema,
} from './records';

const GROUPS: ReadonlyArray<{
  legend: string;
  fields: ReadonlyArray<{ field: WorkforceField; label: string }>;
}> = [
  {
    legend: 'Headcount by gender',
    fields: [
      { field: 'headcountFemale', label: 'Women' },
      { field: 'headcountMale', label: 'Men' },
      { field: 'headcountOther', label: 'Another gender or not stated' },
    ],
  },
  {
    legend: 'Leadership',
    fields: [
      { field: 'leadershipFemale', label: 'Women in leadership' },
      { field: 'leadershipTotal', label: 'Leadership total' },
    ],
  },
  {
    legend: 'Headcount by age',
    fields: [
      { field: 'ageUnder30', label: 'Under 30' },
      { field: 'age30To50', label: '30 to 50' },
      { field: 'ageOver50', label: 'Over 50' },
    ],
  },
];

export function WorkforceForm({ year, record }: { year: number; record: Workforce | null }) {
  const mutation = useSaveWorkforce();
  const canEdit = useCan('data.edit');
  const schema = useMemo(() => workforceFormSchema(year), [year]);
  const form = useContractForm<WorkforceFormValues, SaveWorkforce>(schema, workforceFormFrom(record));
  const { reset } = form;
  const titleId = `${form.idPrefix}-title`;

  useEffect(() => {
    reset(workforceFormFrom(record));
  }, [record, reset]);

  const save = (payload: SaveWorkforce) =>
    mutation.mutate(payload, {
      onSuccess: () => toastSuccess(`Workforce figures for ${year} saved`),
      onError: (error) => {
        if (isUnauthorizedError(error)) return;
        form.showServerErrors(error);
        toastError(`Failed to save workforce figures: ${getErrorMessage(error)}`);
      },
    });

  const input = (field: WorkforceField, label: string, hint?: string) => (
    <TextField
      key={field}
      name={field}
      label={label}
      hint={hint}
      inputMode={field === 'trainingHours' ? 'decimal' : 'numeric'}
    />
  );

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Workforce figures for {year}</CardTitle>
        <CardDescription>
          Headcount at the end of the year. Leave a figure blank if you do not track it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ContractFormRoot form={form} onSubmit={save} className="grid gap-5">
          {/* A viewer reads the figures; the disabled fieldset keeps them from being changed. */}
          <fieldset disabled={!canEdit} className="contents">
            {GROUPS.map((group) => (
              <fieldset key={group.legend} className="grid gap-3 sm:grid-cols-3">
                <legend className="mb-2 text-sm font-semibold text-ink">{group.legend}</legend>
                {group.fields.map(({ field, label }) => input(field, label))}
              </fieldset>
            ))}
            <div className="grid gap-3 sm:grid-cols-3">
              {input('trainingHours', 'Training hours (total)', 'All employees together, over the year')}
            </div>
          </fieldset>
          {canEdit ? (
            <div>
              <Button type="submit" disabled={mutation.isPending}>
                {mutation.isPending ? 'Saving...' : 'Save workforce figures'}
              </Button>
            </div>
          ) : (
            <PermissionNote action="data.edit" />
          )}
        </ContractFormRoot>
      </CardContent>
    </Card>
  );
}
