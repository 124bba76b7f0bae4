import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { CONSOLIDATION_LABELS, CONSOLIDATION_MEANINGS } from '../../../domain/company-profile/consolidation';
import { ConsolidationApproachSchema, MAX_BOUNDARY_LENGTH } from '../../../domain/contracts/company-profile';
import { useContractForm } from '../../forms/contract-form';
import { ContractFormRoot, TextareaField, TextField } from '../../forms/form-field';
import { SelectField } from '../../forms/select-field';
import { getFieldErrors, isUnauthorizedError } from '../../lib/api';
import { useCan } from '../../lib/permissions';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { PermissionNote } from '../../ui/permission-note';
import { Skeleton } from '../../ui/skeleton';
import { useCompanyProfile, useUpdateCompanyProfile } from './api';
import {
  type CompanyDetailsPayload,
  type CompanyDetailsValues,
  companyDetailsFrom,
  companyDetailsSchema,
} from './company-details';

const APPROACH_CHOICES = ConsolidationApproachSchema.options.map((value) => ({
  value,
  label: CONSOLIDATION_LABELS[value].replace(/^./, (letter) => letter.toUpperCase()),
}));

/**
 * Settings → Profile → Company details (decision 057): the identifiers XBRL names the company by
 * and the GHG Protocol boundary every report states. Asked once here; reports read them.
 */
export function CompanyDetailsCard() {
  const canEdit = useCan('company.edit');
  const query = useCompanyProfile();
  const mutation = useUpdateCompanyProfile();
  const form = useContractForm<CompanyDetailsValues, CompanyDetailsPayload>(
    companyDetailsSchema,
    companyDetailsFrom(undefined),
  );
  const { reset } = form;
  const titleId = `${form.idPrefix}-title`;

  useEffect(() => {
    if (query.data) reset(companyDetailsFrom(query.data));
  }, [query.data, reset]);

  const save = (payload: CompanyDetailsPayload) =>
    mutation.mutate(payload, {
      onSuccess: () => toastSuccess('Company details saved'),
      onError: (error) => {
        if (isUnauthorizedError(error)) return;
        form.showServerErrors(error);
        const details = Object.values(getFieldErrors(error)).filter(Boolean);
        toastError(
          details.length ? `Company details not saved. ${details.join(' ')}` : 'Company details not saved',
        );
      },
    });

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Company details</CardTitle>
        <CardDescription>
          The identifiers your XBRL reports name the company by, and the boundary every report states.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Skeleton className="h-56 w-full" />
        ) : (
          <ContractFormRoot form={form} onSubmit={save} className="grid gap-4">
            {/* The company's fields are an admin's (company.edit); others see them read-only. */}
            <fieldset disabled={!canEdit} className="contents">
              <IdentifierFields />
              <ApproachField />
              <TextareaField
                name="organisationalBoundary"
                label="Organisational boundary"
                maxLength={MAX_BOUNDARY_LENGTH}
                className="min-h-20"
                hint='Which entities and sites your reports cover, e.g. "Northwind Bakery Ltd and its two Bristol bakeries".'
              />
            </fieldset>
            {canEdit ? (
              <div>
                <Button type="submit" disabled={mutation.isPending}>
                  {mutation.isPending ? 'Saving...' : 'Save company details'}
                </Button>
              </div>
            ) : (
              <PermissionNote action="company.edit" />
            )}
          </ContractFormRoot>
        )}
      </CardContent>
    </Card>
  );
}

/** The identifiers XBRL names the company by. */
function IdentifierFields() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        name="lei"
        label="LEI (Legal Entity Identifier)"
        autoComplete="off"
        spellCheck={false}
        maxLength={40}
        className="font-mono uppercase"
        hint="20 letters and digits, from gleif.org. VSME and CSRD reports name the company by it."
      />
      <TextField
        name="companyNumber"
        label="UK company number"
        autoComplete="off"
        spellCheck={false}
        maxLength={40}
        className="font-mono uppercase"
        hint="Companies House, 8 characters (e.g. 01234567, SC123456). SECR reports name the company by it."
      />
    </div>
  );
}

/** The GHG Protocol approach, with what it counts said under it. */
function ApproachField() {
  const { control } = useFormContext<CompanyDetailsValues>();
  const approach = useWatch({ control, name: 'consolidationApproach' });
  return (
    <SelectField
      name="consolidationApproach"
      label="Consolidation approach (GHG Protocol)"
      placeholder="Not chosen yet"
      choices={APPROACH_CHOICES}
      hint={
        approach
          ? `Reports count ${CONSOLIDATION_MEANINGS[approach]}.`
          : 'Until you choose, reports say that no approach was chosen.'
      }
    />
  );
}
