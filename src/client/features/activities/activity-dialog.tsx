import {
  type ComponentProps,
  type FormEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { ActivityCategorySchema, type ActivityLine, type Site } from '../../../domain/contracts/ledger';
import { getErrorMessage, getFieldErrors, isUnauthorizedError } from '../../lib/api';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Button } from '../../ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog';
import { FieldError, Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/select';
import {
  ACTIVITY_FIELD_ORDER,
  type ActivityErrors,
  type ActivityField,
  type ActivityFormValues,
  activityFormFromLine,
  emptyActivityForm,
  lineHasExtras,
  todayIso,
  UNIT_SUGGESTIONS,
  validateActivityForm,
} from './activity-form';
import { useCreateActivity, useUpdateActivity } from './api';
import { CATEGORY_LABELS, DATA_QUALITY } from './format';
import { SiteSelect } from './site-select';
import { variantField, variantOptions } from './variants';

const NONE = 'none';

/** Add (line null) or edit a ledger line by hand. */
export function ActivityDialog({
  open,
  line,
  sites,
  onOpenChange,
}: {
  open: boolean;
  line: ActivityLine | null;
  sites: readonly Site[];
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<ActivityFormValues>(() => emptyActivityForm({ today: todayIso() }));
  const [errors, setErrors] = useState<ActivityErrors>({});
  const create = useCreateActivity();
  const update = useUpdateActivity();
  const pending = create.isPending || update.isPending;

  useEffect(() => {
    if (!open) return;
    setValues(
      line ? activityFormFromLine(line) : emptyActivityForm({ siteId: sites[0]?.id, today: todayIso() }),
    );
    setErrors({});
  }, [open, line, sites]);

  const fieldId = (field: ActivityField) => `${id}-${field}`;
  const errorId = (field: ActivityField) => `${id}-${field}-error`;
  const describedBy = (field: ActivityField, hint?: string) => {
    const ids = [hint, errors[field] ? errorId(field) : undefined].filter(Boolean).join(' ');
    return {
      'aria-describedby': ids || undefined,
      'aria-invalid': errors[field] ? (true as const) : undefined,
    };
  };
  const set = <K extends ActivityField>(field: K, value: ActivityFormValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  const showErrors = (found: ActivityErrors) => {
    setErrors(found);
    const first = ACTIVITY_FIELD_ORDER.find((field) => found[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(first))}`)?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validateActivityForm(values, { keepUnknownExtras: line !== null && !lineHasExtras(line) });
    if (!result.ok) {
      showErrors(result.errors);
      return;
    }
    const onError = (error: unknown) => {
      if (isUnauthorizedError(error)) return;
      const serverErrors = getFieldErrors(error) as ActivityErrors;
      if (Object.keys(serverErrors).length > 0) showErrors(serverErrors);
      toastError(`Failed to save activity: ${getErrorMessage(error)}`);
    };
    const onSuccess = (saved: ActivityLine) => {
      const done = line ? 'Activity line updated' : 'Activity line added';
      // Saved, but without a figure: said at once, with why (decision 051).
      if (saved.notCounted) {
        toastSuccess(`${saved.notCounted.message}. ${saved.notCounted.fix.label}.`, `${done}, not counted`);
      } else toastSuccess(done);
      onOpenChange(false);
    };
    if (line) update.mutate({ id: line.id, input: result.payload }, { onSuccess, onError });
    else create.mutate(result.payload, { onSuccess, onError });
  };

  const field = (name: ActivityField, label: string, control: ReactNode, hint?: ReactNode) => (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={fieldId(name)}>{label}</Label>
      {control}
      {hint ? (
        <p id={`${fieldId(name)}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId(name)}>{errors[name]}</FieldError>
    </div>
  );

  const textInput = (name: ActivityField, props: ComponentProps<'input'> = {}, hasHint = false) => (
    <Input
      id={fieldId(name)}
      value={String(values[name])}
      onChange={(event) => set(name, event.target.value as never)}
      {...describedBy(name, hasHint ? `${fieldId(name)}-hint` : undefined)}
      {...props}
    />
  );

  const category = values.category;
  const variant = variantField(category);
  const units = UNIT_SUGGESTIONS[category] ?? [];
  const noSites = sites.length === 0;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{line ? 'Edit activity line' : 'Add an activity line'}</DialogTitle>
          <DialogDescription>
            Enter what was used or spent; emissions are calculated with the matching published factor.
          </DialogDescription>
        </DialogHeader>
        {noSites ? (
          <p
            role="alert"
            className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          >
            Add a site first (in the Sites card): every line belongs to a site.
          </p>
        ) : null}
        <form ref={formRef} noValidate onSubmit={onSubmit} className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            {field(
              'siteId',
              'Site',
              <SiteSelect
                id={fieldId('siteId')}
                value={values.siteId}
                sites={sites}
                onChange={(value) => set('siteId', value)}
                {...describedBy('siteId')}
              />,
            )}
            {field(
              'category',
              'Category',
              <Select
                value={category}
                onValueChange={(value) => {
                  const parsed = ActivityCategorySchema.safeParse(value);
                  if (!parsed.success) return;
                  setValues((current) => ({
                    ...current,
                    category: parsed.data,
                    variant: parsed.data === current.category ? current.variant : '',
                    unit: UNIT_SUGGESTIONS[parsed.data]?.[0] ?? current.unit,
                  }));
                }}
              >
                <SelectTrigger id={fieldId('category')} {...describedBy('category')}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {ActivityCategorySchema.options.map((option) => (
                    <SelectItem key={option} value={option}>
                      {CATEGORY_LABELS[option]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>,
            )}
            {field('date', 'Date', textInput('date', { type: 'date', required: true }))}
            {field(
              'periodEnd',
              'Period end (optional)',
              textInput('periodEnd', { type: 'date' }, true),
              'For a bill that covers a span of days.',
            )}
            {variant.kind === 'select' ? (
              <div className="sm:col-span-2">
                {field(
                  'variant',
                  variant.required ? 'Kind' : 'Kind (optional)',
                  <Select
                    value={values.variant || NONE}
                    onValueChange={(value) => set('variant', value === NONE ? '' : value)}
                  >
                    <SelectTrigger
                      id={fieldId('variant')}
                      aria-required={variant.required || undefined}
                      {...describedBy('variant')}
                    >
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value={NONE}>{variant.required ? 'Choose…' : 'Not specified'}</SelectItem>
                      {variantOptions(variant, values.variant).map((choice) => (
                        <SelectItem key={choice.value} value={choice.value}>
                          {choice.label}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>,
                )}
              </div>
            ) : null}
            {variant.kind === 'text' ? (
              <div className="sm:col-span-2">
                {field(
                  'variant',
                  'Kind (optional)',
                  textInput('variant', { maxLength: 60, placeholder: variant.placeholder }, true),
                  variant.hint,
                )}
              </div>
            ) : null}
          </div>

          <fieldset className="grid gap-3 rounded-md border border-border p-4">
            <legend className="px-1 text-sm font-semibold text-ink">Amount</legend>
            <div className="flex flex-wrap gap-4 text-sm">
              {(['quantity', 'spend'] as const).map((kind) => (
                <label key={kind} className="inline-flex items-center gap-2">
                  <input
                    type="radio"
                    name={`${id}-amount-kind`}
                    value={kind}
                    checked={values.amountKind === kind}
                    onChange={() => set('amountKind', kind)}
                    className="size-4 accent-brand-700"
                  />
                  {kind === 'quantity' ? 'Quantity used' : 'Amount spent'}
                </label>
              ))}
            </div>
            {values.amountKind === 'quantity' ? (
              <div className="grid gap-4 sm:grid-cols-2">
                {field(
                  'quantity',
                  'Quantity',
                  textInput('quantity', { inputMode: 'decimal', required: true }),
                )}
                {field(
                  'unit',
                  'Unit',
                  textInput('unit', { list: `${id}-units`, maxLength: 30, required: true }, units.length > 0),
                  units.length > 0 ? `Usually ${units.join(', ')}` : undefined,
                )}
                <datalist id={`${id}-units`}>
                  {units.map((unit) => (
                    <option key={unit} value={unit} />
                  ))}
                </datalist>
              </div>
            ) : (
              <div className="grid gap-4 sm:grid-cols-2">
                {field('spend', 'Amount spent', textInput('spend', { inputMode: 'decimal', required: true }))}
                {field(
                  'currency',
                  'Currency',
                  textInput(
                    'currency',
                    { maxLength: 3, className: 'uppercase placeholder:normal-case', required: true },
                    true,
                  ),
                  'Three letters, e.g. GBP, EUR, USD',
                )}
              </div>
            )}
          </fieldset>

          {category === 'natural_gas'
            ? field(
                'calorificBasis',
                'Calorific basis',
                <Select
                  value={values.calorificBasis || NONE}
                  onValueChange={(value) =>
                    set('calorificBasis', value === NONE ? '' : (value as 'gross' | 'net'))
                  }
                >
                  <SelectTrigger
                    id={fieldId('calorificBasis')}
                    {...describedBy('calorificBasis', `${fieldId('calorificBasis')}-hint`)}
                  >
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={NONE}>Not stated</SelectItem>
                    <SelectItem value="gross">Gross (as on UK and US bills)</SelectItem>
                    <SelectItem value="net">Net</SelectItem>
                  </SelectContent>
                </Select>,
                'Gas bills in kWh are on a gross basis; net is about 10% higher per kWh.',
              )
            : null}

          {category === 'electricity' ? (
            <fieldset className="grid gap-4 rounded-md border border-border p-4 sm:grid-cols-2">
              <legend className="px-1 text-sm font-semibold text-ink">Market-based (optional)</legend>
              {field(
                'instrument',
                'Renewable instrument',
                <Select
                  value={values.instrument || NONE}
                  onValueChange={(value) =>
                    set('instrument', value === NONE ? '' : (value as 'renewable_tariff' | 'certificate'))
                  }
                >
                  <SelectTrigger id={fieldId('instrument')} {...describedBy('instrument')}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={NONE}>None</SelectItem>
                    <SelectItem value="renewable_tariff">Renewable tariff</SelectItem>
                    <SelectItem value="certificate">Certificates (REGO, GO or REC)</SelectItem>
                  </SelectContent>
                </Select>,
              )}
              {field(
                'supplierKgCO2ePerKWh',
                "Supplier's factor (kgCO2e per kWh)",
                textInput('supplierKgCO2ePerKWh', { inputMode: 'decimal' }, true),
                'From your supplier’s fuel mix disclosure, if you have it.',
              )}
            </fieldset>
          ) : null}

          {category === 'flight' ? (
            <div className="grid gap-1">
              <label className="inline-flex items-center gap-2 text-sm font-medium text-ink">
                <input
                  id={fieldId('radiativeForcing')}
                  type="checkbox"
                  checked={values.radiativeForcing}
                  onChange={(event) => set('radiativeForcing', event.target.checked)}
                  aria-describedby={`${fieldId('radiativeForcing')}-hint`}
                  className="size-4 accent-brand-700"
                />
                Include radiative forcing (RF)
              </label>
              <p id={`${fieldId('radiativeForcing')}-hint`} className="text-xs text-muted">
                RF counts the extra warming of emissions at altitude. Choose one basis and keep it every year.
              </p>
            </div>
          ) : null}

          <div className="grid gap-4 sm:grid-cols-2">
            {field(
              'dataQuality',
              'Data quality',
              <Select
                value={values.dataQuality}
                onValueChange={(value) => {
                  if (value in DATA_QUALITY) set('dataQuality', value as ActivityFormValues['dataQuality']);
                }}
              >
                <SelectTrigger id={fieldId('dataQuality')} {...describedBy('dataQuality')}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {Object.entries(DATA_QUALITY).map(([key, quality]) => (
                    <SelectItem key={key} value={key}>
                      {quality.label}: {quality.description.toLowerCase()}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>,
            )}
            {field(
              'reference',
              'Reference (optional)',
              textInput('reference', { maxLength: 200 }, true),
              'Invoice or bill number',
            )}
            <div className="sm:col-span-2">
              {field(
                'evidenceUrl',
                'Evidence link (optional)',
                textInput('evidenceUrl', { type: 'url', maxLength: 500, placeholder: 'https://' }, true),
                'Where the bill or receipt is stored, e.g. a shared drive link.',
              )}
            </div>
          </div>

          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending || noSites}>
              {pending ? 'Saving...' : line ? 'Save line' : 'Add line'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
