import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { Site } from '../../../domain/contracts/ledger';
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
import { useCreateSite, useUpdateSite } from './api';
import {
  COMMON_COUNTRIES,
  OTHER_COUNTRY,
  regionChoices,
  type SiteErrors,
  type SiteField,
  type SiteFormValues,
  siteFormFrom,
  validateSiteForm,
} from './sites';

const FIELD_ORDER: SiteField[] = ['name', 'country', 'region', 'postcode'];
/** The select's value for "no region" (Radix selects take no empty value). */
const WHOLE_COUNTRY = 'whole_country';

/** Add (site null) or edit a site. */
export function SiteDialog({
  open,
  site,
  onOpenChange,
}: {
  open: boolean;
  site: Site | null;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<SiteFormValues>(() => siteFormFrom(site));
  const [errors, setErrors] = useState<SiteErrors>({});
  const create = useCreateSite();
  const update = useUpdateSite();
  const pending = create.isPending || update.isPending;

  useEffect(() => {
    if (open) {
      setValues(siteFormFrom(site));
      setErrors({});
    }
  }, [open, site]);

  const fieldId = (field: SiteField) => `${id}-${field}`;
  const errorId = (field: SiteField) => `${id}-${field}-error`;
  const invalid = (field: SiteField) =>
    errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': errorId(field) } : {};
  const set = (field: keyof SiteFormValues) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const showErrors = (found: SiteErrors) => {
    setErrors(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(first))}`)?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validateSiteForm(values);
    if (!result.ok) {
      showErrors(result.errors);
      return;
    }
    const onError = (error: unknown) => {
      if (isUnauthorizedError(error)) return;
      const serverErrors = getFieldErrors(error) as SiteErrors;
      if (Object.keys(serverErrors).length > 0) showErrors(serverErrors);
      toastError(`Failed to save site: ${getErrorMessage(error)}`);
    };
    const onSuccess = () => {
      toastSuccess(site ? 'Site updated' : 'Site added');
      onOpenChange(false);
    };
    if (site) update.mutate({ id: site.id, ...result.payload }, { onSuccess, onError });
    else create.mutate(result.payload, { onSuccess, onError });
  };

  const otherCountry = values.countryChoice === OTHER_COUNTRY;
  const country = otherCountry ? values.otherCountry : values.countryChoice;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{site ? 'Edit site' : 'Add a site'}</DialogTitle>
          <DialogDescription>
            The country chooses the electricity grid and hotel factors for this site's lines.
          </DialogDescription>
        </DialogHeader>
        <form ref={formRef} noValidate onSubmit={onSubmit} className="grid gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor={fieldId('name')}>Site name</Label>
            <Input
              id={fieldId('name')}
              value={values.name}
              maxLength={100}
              aria-required="true"
              onChange={(event) => set('name')(event.target.value)}
              {...invalid('name')}
            />
            <FieldError id={errorId('name')}>{errors.name}</FieldError>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={otherCountry ? `${id}-country-choice` : fieldId('country')}>Country</Label>
            <Select
              value={values.countryChoice}
              onValueChange={(value) =>
                // A region belongs to one country: another country starts from "whole country".
                setValues((current) => ({ ...current, countryChoice: value, region: '' }))
              }
            >
              <SelectTrigger
                id={otherCountry ? `${id}-country-choice` : fieldId('country')}
                {...(otherCountry ? {} : invalid('country'))}
              >
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {COMMON_COUNTRIES.map((country) => (
                  <SelectItem key={country.code} value={country.code}>
                    {country.name} ({country.code})
                  </SelectItem>
                ))}
                <SelectItem value={OTHER_COUNTRY}>Another country (type its code)</SelectItem>
              </SelectContent>
            </Select>
            {otherCountry ? (
              <div className="grid gap-1.5">
                <Label htmlFor={fieldId('country')}>Two-letter country code</Label>
                <Input
                  id={fieldId('country')}
                  value={values.otherCountry}
                  maxLength={2}
                  autoComplete="off"
                  className="w-24 uppercase placeholder:normal-case"
                  placeholder="e.g. NO"
                  aria-required="true"
                  onChange={(event) => set('otherCountry')(event.target.value)}
                  {...invalid('country')}
                />
              </div>
            ) : null}
            <FieldError id={errorId('country')}>{errors.country}</FieldError>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid content-start gap-1.5">
              <Label htmlFor={fieldId('region')}>Region</Label>
              <Select
                value={values.region || WHOLE_COUNTRY}
                onValueChange={(value) => set('region')(value === WHOLE_COUNTRY ? '' : value)}
              >
                <SelectTrigger
                  id={fieldId('region')}
                  aria-describedby={`${id}-region-hint${errors.region ? ` ${errorId('region')}` : ''}`}
                  aria-invalid={errors.region ? true : undefined}
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={WHOLE_COUNTRY}>Whole country</SelectItem>
                  {regionChoices(country, values.region).map((region) => (
                    <SelectItem key={region.code} value={region.code}>
                      {region.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <p id={`${id}-region-hint`} className="text-xs text-muted">
                Only where the factors differ within the country: a US grid subregion, or London for UK hotel
                stays.
              </p>
              <FieldError id={errorId('region')}>{errors.region}</FieldError>
            </div>
            <div className="grid content-start gap-1.5">
              <Label htmlFor={fieldId('postcode')}>Postcode (optional)</Label>
              <Input
                id={fieldId('postcode')}
                value={values.postcode}
                maxLength={20}
                autoComplete="postal-code"
                onChange={(event) => set('postcode')(event.target.value)}
                {...invalid('postcode')}
              />
              <FieldError id={errorId('postcode')}>{errors.postcode}</FieldError>
            </div>
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? 'Saving...' : site ? 'Save site' : 'Add site'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
