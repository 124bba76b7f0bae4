import { Collapsible } from 'radix-ui';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import {
  APPLICABILITY_CURRENCIES,
  type ApplicabilityCurrency,
  assessApplicability,
  type Obligation,
} from '../../../domain/esg/applicability';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { ChevronDownIcon } from '../../ui/icons';
import { FieldError, Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/select';
import {
  type ApplicabilityField,
  type ApplicabilityFormValues,
  defaultCurrency,
  EMPTY_APPLICABILITY_FORM,
  isApplicabilityCurrency,
  readApplicabilityForm,
  VERDICT_LABELS,
} from './applicability-form';
import { formatDate } from './wizard';

const VERDICT_TONES: Record<Obligation['verdict'], BadgeTone> = {
  applies: 'danger',
  does_not_apply: 'neutral',
  voluntary: 'info',
  not_in_force: 'warning',
};

function Field({
  label,
  id,
  error,
  hint,
  children,
}: {
  label: string;
  id: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

function ObligationItem({ obligation }: { obligation: Obligation }) {
  return (
    <li className="grid gap-2 rounded-md border border-border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-sm font-semibold text-ink">{obligation.name}</h4>
        <Badge tone={VERDICT_TONES[obligation.verdict]}>{VERDICT_LABELS[obligation.verdict]}</Badge>
      </div>
      <ul className="grid list-disc gap-1 pl-5 text-sm text-slate-700">
        {obligation.reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted">
        <span>Facts checked {formatDate(obligation.asOf)}.</span>
        {obligation.sources.map((source) => (
          <a
            key={source.url}
            href={source.url}
            target="_blank"
            rel="noreferrer"
            className="text-brand-700 underline underline-offset-2"
          >
            {source.title}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ))}
      </p>
    </li>
  );
}

/** "Does this apply to us?": a pure check of the regimes from size, listing and country. */
export function ApplicabilityCheck({ jurisdiction }: { jurisdiction: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<ApplicabilityFormValues>(() => ({
    ...EMPTY_APPLICABILITY_FORM,
    turnoverCurrency: defaultCurrency(jurisdiction),
    balanceSheetCurrency: defaultCurrency(jurisdiction),
  }));
  const [errors, setErrors] = useState<Partial<Record<ApplicabilityField, string>>>({});
  const [obligations, setObligations] = useState<Obligation[] | null>(null);

  const set = (field: keyof ApplicabilityFormValues) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = readApplicabilityForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      setObligations(null);
      return;
    }
    setErrors({});
    setObligations(assessApplicability(result.input));
  };

  const fieldProps = (field: ApplicabilityField, hint = false) => ({
    id: `${id}-${field}`,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby':
      [hint ? `${id}-${field}-hint` : '', errors[field] ? `${id}-${field}-error` : '']
        .filter(Boolean)
        .join(' ') || undefined,
  });

  const currencySelect = (field: 'turnoverCurrency' | 'balanceSheetCurrency', label: string) => (
    <div className="w-24 shrink-0">
      <Select
        value={values[field]}
        onValueChange={(value) => {
          if (isApplicabilityCurrency(value)) set(field)(value);
        }}
      >
        <SelectTrigger aria-label={label}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {APPLICABILITY_CURRENCIES.map((currency: ApplicabilityCurrency) => (
            <SelectItem key={currency} value={currency}>
              {currency}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );

  return (
    <Card aria-labelledby={`${id}-title`}>
      <Collapsible.Root open={open} onOpenChange={setOpen}>
        <CardHeader>
          <CardTitle id={`${id}-title`}>
            <Collapsible.Trigger className="flex w-full items-center justify-between gap-2 rounded-md text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
              Does this apply to us?
              <ChevronDownIcon
                className={open ? 'rotate-180 transition-transform' : 'transition-transform'}
              />
            </Collapsible.Trigger>
          </CardTitle>
          <CardDescription>
            Optional. Answer five questions about your company to see which reporting rules reach it. Nothing
            is sent or stored.
          </CardDescription>
        </CardHeader>
        <Collapsible.Content>
          <CardContent className="grid gap-5">
            <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
              <Field
                label="Employees (average in the last financial year)"
                id={`${id}-employees`}
                error={errors.employees}
              >
                <Input
                  inputMode="numeric"
                  value={values.employees}
                  onChange={(e) => set('employees')(e.target.value)}
                  {...fieldProps('employees')}
                />
              </Field>
              <Field
                label="Country of incorporation"
                id={`${id}-country`}
                error={errors.country}
                hint="Two-letter ISO code, e.g. GB, DE, FR or US."
              >
                <Input
                  maxLength={2}
                  autoComplete="country"
                  value={values.country}
                  onChange={(e) => set('country')(e.target.value.toUpperCase())}
                  {...fieldProps('country', true)}
                />
              </Field>
              <Field
                label="Turnover (last financial year)"
                id={`${id}-turnover`}
                error={errors.turnover}
                hint="e.g. 4,500,000 or 4.5m"
              >
                <div className="flex gap-2">
                  <Input
                    inputMode="decimal"
                    value={values.turnover}
                    onChange={(e) => set('turnover')(e.target.value)}
                    {...fieldProps('turnover', true)}
                  />
                  {currencySelect('turnoverCurrency', 'Turnover currency')}
                </div>
              </Field>
              <Field
                label="Balance sheet total"
                id={`${id}-balanceSheet`}
                error={errors.balanceSheet}
                hint="Total assets at the year end"
              >
                <div className="flex gap-2">
                  <Input
                    inputMode="decimal"
                    value={values.balanceSheet}
                    onChange={(e) => set('balanceSheet')(e.target.value)}
                    {...fieldProps('balanceSheet', true)}
                  />
                  {currencySelect('balanceSheetCurrency', 'Balance sheet currency')}
                </div>
              </Field>
              <fieldset
                className="grid gap-1.5 sm:col-span-2"
                aria-describedby={errors.listed ? `${id}-listed-error` : undefined}
              >
                <legend className="text-sm font-medium text-ink">
                  Are your shares or bonds listed on a stock market?
                </legend>
                <div className="flex gap-6 pt-1">
                  {(['yes', 'no'] as const).map((option) => (
                    <label key={option} className="flex items-center gap-2 text-sm text-ink">
                      <input
                        type="radio"
                        name={`${id}-listed`}
                        value={option}
                        checked={values.listed === option}
                        onChange={() => set('listed')(option)}
                        className="size-4 accent-brand-700"
                      />
                      {option === 'yes' ? 'Yes, listed' : 'No, not listed'}
                    </label>
                  ))}
                </div>
                <FieldError id={`${id}-listed-error`}>{errors.listed}</FieldError>
              </fieldset>
              <div className="sm:col-span-2">
                <Button type="submit" variant="secondary">
                  Check
                </Button>
              </div>
            </form>
            {obligations ? (
              <section aria-labelledby={`${id}-results`} className="grid gap-3">
                <h3 id={`${id}-results`} className="text-sm font-semibold text-ink">
                  What applies to your company
                </h3>
                <ul className="grid gap-3">
                  {obligations.map((obligation) => (
                    <ObligationItem key={obligation.id} obligation={obligation} />
                  ))}
                </ul>
                <p className="text-xs text-muted">
                  A first reading of the rules, not legal advice. Group structures and subsidiaries can change
                  the answer.
                </p>
              </section>
            ) : null}
          </CardContent>
        </Collapsible.Content>
      </Collapsible.Root>
    </Card>
  );
}
