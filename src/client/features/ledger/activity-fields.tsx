/**
 * The sections of the ledger line dialog (activity-dialog.tsx), each reading the form from
 * react-hook-form's context. Which fields show follows the category and the amount kind.
 */
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { ActivityCategorySchema, type Site } from '../../../domain/contracts/ledger';
import { FormField, TextField, useFieldId } from '../../forms/form-field';
import { SelectField } from '../../forms/select-field';
import { type ActivityFormValues, UNIT_SUGGESTIONS } from './activity-form';
import { CATEGORY_LABELS, DATA_QUALITY } from './format';
import { SiteSelect } from './site-select';
import { variantField, variantOptions } from './variants';

export const CATEGORY_CHOICES = ActivityCategorySchema.options.map((value) => ({
  value,
  label: CATEGORY_LABELS[value],
}));
const DATA_QUALITY_CHOICES = Object.entries(DATA_QUALITY).map(([value, quality]) => ({
  value,
  label: `${quality.label}: ${quality.description.toLowerCase()}`,
}));

/** The line's site, chosen from the company's sites (the receipt's draft line uses it too). */
export function SiteField({ sites }: { sites: readonly Site[] }) {
  const { control } = useFormContext<ActivityFormValues>();
  return (
    <FormField name="siteId" label="Site">
      {(a11y) => (
        <Controller
          control={control}
          name="siteId"
          render={({ field }) => (
            <SiteSelect
              ref={field.ref}
              value={field.value}
              sites={sites}
              onChange={field.onChange}
              {...a11y}
            />
          )}
        />
      )}
    </FormField>
  );
}

/** Site, category, dates and the kind of activity (whose choices follow the category). */
export function WhereAndWhenFields({ sites }: { sites: readonly Site[] }) {
  const { control, setValue } = useFormContext<ActivityFormValues>();
  const [category, variantValue] = useWatch({ control, name: ['category', 'variant'] });
  const variant = variantField(category);
  const onCategoryPicked = (picked: string, previous: unknown) => {
    const parsed = ActivityCategorySchema.safeParse(picked);
    if (!parsed.success) return;
    if (parsed.data !== previous) setValue('variant', '');
    const unit = UNIT_SUGGESTIONS[parsed.data]?.[0];
    if (unit) setValue('unit', unit);
  };
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SiteField sites={sites} />
      <SelectField name="category" label="Category" choices={CATEGORY_CHOICES} onPicked={onCategoryPicked} />
      <TextField name="date" label="Date" type="date" required />
      <TextField
        name="periodEnd"
        label="Period end (optional)"
        type="date"
        hint="For a bill that covers a span of days."
      />
      {variant.kind === 'select' ? (
        <div className="sm:col-span-2">
          <SelectField
            name="variant"
            label={variant.required ? 'Kind' : 'Kind (optional)'}
            emptyLabel={variant.required ? 'Choose…' : 'Not specified'}
            isRequired={variant.required}
            choices={variantOptions(variant, variantValue)}
          />
        </div>
      ) : null}
      {variant.kind === 'text' ? (
        <div className="sm:col-span-2">
          <TextField
            name="variant"
            label="Kind (optional)"
            maxLength={60}
            placeholder={variant.placeholder}
            hint={variant.hint}
          />
        </div>
      ) : null}
    </div>
  );
}

/** What was used (quantity and unit) or what was spent (amount and currency). */
export function AmountFields() {
  const { control, register } = useFormContext<ActivityFormValues>();
  const [category, amountKind] = useWatch({ control, name: ['category', 'amountKind'] });
  const unitListId = `${useFieldId('unit')}-list`;
  const units = UNIT_SUGGESTIONS[category] ?? [];
  return (
    <fieldset className="grid gap-3 rounded-md border border-border p-4">
      <legend className="px-1 text-sm font-semibold text-ink">Amount</legend>
      <div className="flex flex-wrap gap-4 text-sm">
        {(['quantity', 'spend'] as const).map((kind) => (
          <label key={kind} className="inline-flex items-center gap-2">
            <input
              type="radio"
              value={kind}
              {...register('amountKind')}
              className="size-4 accent-brand-700"
            />
            {kind === 'quantity' ? 'Quantity used' : 'Amount spent'}
          </label>
        ))}
      </div>
      {amountKind === 'quantity' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="quantity" label="Quantity" inputMode="decimal" required />
          <TextField
            name="unit"
            label="Unit"
            list={unitListId}
            maxLength={30}
            required
            hint={units.length > 0 ? `Usually ${units.join(', ')}` : undefined}
          />
          <datalist id={unitListId}>
            {units.map((unit) => (
              <option key={unit} value={unit} />
            ))}
          </datalist>
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="spend" label="Amount spent" inputMode="decimal" required />
          <TextField
            name="currency"
            label="Currency"
            maxLength={3}
            className="uppercase placeholder:normal-case"
            required
            hint="Three letters, e.g. GBP, EUR, USD"
          />
        </div>
      )}
    </fieldset>
  );
}

/** The settings only some categories have: gas's calorific basis, electricity's market-based inputs, flights' RF. */
export function CategoryFields() {
  const { control, register } = useFormContext<ActivityFormValues>();
  const category = useWatch({ control, name: 'category' });
  const radiativeForcingId = useFieldId('radiativeForcing');
  if (category === 'natural_gas') {
    return (
      <SelectField
        name="calorificBasis"
        label="Calorific basis"
        emptyLabel="Not stated"
        choices={[
          { value: 'gross', label: 'Gross (as on UK and US bills)' },
          { value: 'net', label: 'Net' },
        ]}
        hint="Gas bills in kWh are on a gross basis; net is about 10% higher per kWh."
      />
    );
  }
  if (category === 'electricity') {
    return (
      <fieldset className="grid gap-4 rounded-md border border-border p-4 sm:grid-cols-2">
        <legend className="px-1 text-sm font-semibold text-ink">Market-based (optional)</legend>
        <SelectField
          name="instrument"
          label="Renewable instrument"
          emptyLabel="None"
          choices={[
            { value: 'renewable_tariff', label: 'Renewable tariff' },
            { value: 'certificate', label: 'Certificates (REGO, GO or REC)' },
          ]}
        />
        <TextField
          name="supplierKgCO2ePerKWh"
          label="Supplier's factor (kgCO2e per kWh)"
          inputMode="decimal"
          hint="From your supplier’s fuel mix disclosure, if you have it."
        />
      </fieldset>
    );
  }
  if (category !== 'flight') return null;
  return (
    <div className="grid gap-1">
      <label className="inline-flex items-center gap-2 text-sm font-medium text-ink">
        <input
          id={radiativeForcingId}
          type="checkbox"
          {...register('radiativeForcing')}
          aria-describedby={`${radiativeForcingId}-hint`}
          className="size-4 accent-brand-700"
        />
        Include radiative forcing (RF)
      </label>
      <p id={`${radiativeForcingId}-hint`} className="text-xs text-muted">
        RF counts the extra warming of emissions at altitude. Choose one basis and keep it every year.
      </p>
    </div>
  );
}

/** How good the data is, and where it came from. */
export function QualityFields() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField name="dataQuality" label="Data quality" choices={DATA_QUALITY_CHOICES} />
      <TextField
        name="reference"
        label="Reference (optional)"
        maxLength={200}
        hint="Invoice or bill number"
      />
      <div className="sm:col-span-2">
        <TextField
          name="evidenceUrl"
          label="Evidence link (optional)"
          type="url"
          maxLength={500}
          placeholder="https://"
          hint="Where the bill or receipt is stored, e.g. a shared drive link."
        />
      </div>
    </div>
  );
}
