/**
 * The five questions of "Does this apply to us?" and the verdicts they give, on the one form
 * approach (decision 071). Loaded when the check is first opened (applicability-check.tsx).
 */
import { useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import {
  APPLICABILITY_CURRENCIES,
  assessApplicability,
  type Obligation,
} from '../../../domain/esg/applicability';
import { useContractForm } from '../../forms/contract-form';
import { ContractFormRoot, FormField, TextField, useFieldControl } from '../../forms/form-field';
import { Button } from '../../ui/button';
import { FieldError, Input } from '../../ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/select';
import {
  type ApplicabilityFormValues,
  applicabilityFormSchema,
  emptyApplicabilityForm,
  isApplicabilityCurrency,
} from './applicability-form';
import { ApplicabilityResults } from './applicability-results';

export function ApplicabilityQuestions({ jurisdiction }: { jurisdiction: string }) {
  const form = useContractForm(applicabilityFormSchema, emptyApplicabilityForm(jurisdiction));
  const [obligations, setObligations] = useState<Obligation[] | null>(null);
  return (
    <>
      <ContractFormRoot
        form={form}
        onSubmit={(input) => setObligations(assessApplicability(input))}
        onInvalid={() => setObligations(null)}
        className="grid gap-4 sm:grid-cols-2"
      >
        <TextField
          name="employees"
          label="Employees (average in the last financial year)"
          inputMode="numeric"
        />
        <CountryField />
        <AmountField
          name="turnover"
          label="Turnover (last financial year)"
          hint="e.g. 4,500,000 or 4.5m"
          currency="turnoverCurrency"
          currencyLabel="Turnover currency"
        />
        <AmountField
          name="balanceSheet"
          label="Balance sheet total"
          hint="Total assets at the year end"
          currency="balanceSheetCurrency"
          currencyLabel="Balance sheet currency"
        />
        <ListedField />
        <div className="sm:col-span-2">
          <Button type="submit" variant="secondary">
            Check
          </Button>
        </div>
      </ContractFormRoot>
      {obligations ? (
        <ApplicabilityResults id={`${form.idPrefix}-results`} obligations={obligations} />
      ) : null}
    </>
  );
}

/** The country code, shown in capitals as it is typed. */
function CountryField() {
  const { register } = useFormContext<ApplicabilityFormValues>();
  const country = register('country');
  return (
    <FormField
      name="country"
      label="Country of incorporation"
      hint="Two-letter ISO code, e.g. GB, DE, FR or US."
    >
      {(control) => (
        <Input
          {...control}
          maxLength={2}
          autoComplete="country"
          {...country}
          onChange={(event) => {
            event.target.value = event.target.value.toUpperCase();
            return country.onChange(event);
          }}
        />
      )}
    </FormField>
  );
}

/** An amount as typed ('4.5m'), with its currency chosen beside it. */
function AmountField({
  name,
  label,
  hint,
  currency,
  currencyLabel,
}: {
  name: 'turnover' | 'balanceSheet';
  label: string;
  hint: string;
  currency: 'turnoverCurrency' | 'balanceSheetCurrency';
  currencyLabel: string;
}) {
  const { control, register } = useFormContext<ApplicabilityFormValues>();
  return (
    <FormField name={name} label={label} hint={hint}>
      {(a11y) => (
        <div className="flex gap-2">
          <Input inputMode="decimal" {...a11y} {...register(name)} />
          <div className="w-24 shrink-0">
            <Controller
              control={control}
              name={currency}
              render={({ field }) => (
                <Select
                  value={field.value}
                  onValueChange={(value) => {
                    if (isApplicabilityCurrency(value)) field.onChange(value);
                  }}
                >
                  <SelectTrigger ref={field.ref} onBlur={field.onBlur} aria-label={currencyLabel}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {APPLICABILITY_CURRENCIES.map((code) => (
                      <SelectItem key={code} value={code}>
                        {code}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </div>
        </div>
      )}
    </FormField>
  );
}

/** Listed or not: two radios in a group, the group described by its message. */
function ListedField() {
  const { register } = useFormContext<ApplicabilityFormValues>();
  const { id, error, 'aria-invalid': invalid } = useFieldControl('listed');
  return (
    <fieldset className="grid gap-1.5 sm:col-span-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-ink">
        Are your shares or bonds listed on a stock market?
      </legend>
      <div className="flex gap-6 pt-1">
        {(['yes', 'no'] as const).map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm text-ink">
            <input
              type="radio"
              value={option}
              {...register('listed')}
              // The first radio takes the focus when the answer is missing (decision 071).
              aria-invalid={invalid}
              className="size-4 accent-brand-700"
            />
            {option === 'yes' ? 'Yes, listed' : 'No, not listed'}
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </fieldset>
  );
}
