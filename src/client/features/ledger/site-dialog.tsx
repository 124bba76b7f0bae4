import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { SaveSite, Site } from '../../../domain/contracts/ledger';
import { useContractForm } from '../../forms/contract-form';
import { ContractFormRoot, TextField } from '../../forms/form-field';
import { SelectField } from '../../forms/select-field';
import { getErrorMessage, isUnauthorizedError } from '../../lib/api';
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
import { useCreateSite, useUpdateSite } from './api';
import { countryControl, type SiteFormValues, siteFormFrom, siteFormSchema } from './site-form';
import { COMMON_COUNTRIES, OTHER_COUNTRY, regionChoices } from './sites';

const COUNTRY_CHOICES = [
  ...COMMON_COUNTRIES.map((country) => ({ value: country.code, label: `${country.name} (${country.code})` })),
  { value: OTHER_COUNTRY, label: 'Another country (type its code)' },
];

/** Add (site null) or edit a site. Loaded when first opened (sites-card.tsx). */
export function SiteDialog({
  open,
  site,
  onOpenChange,
}: {
  open: boolean;
  site: Site | null;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useContractForm<SiteFormValues, SaveSite>(siteFormSchema, siteFormFrom(site));
  const create = useCreateSite();
  const update = useUpdateSite();
  const pending = create.isPending || update.isPending;
  const { reset } = form;

  useEffect(() => {
    if (open) reset(siteFormFrom(site));
  }, [open, site, reset]);

  const save = (payload: SaveSite) => {
    const onError = (error: unknown) => {
      if (isUnauthorizedError(error)) return;
      form.showServerErrors(error, { country: countryControl(form.getValues()) });
      toastError(`Failed to save site: ${getErrorMessage(error)}`);
    };
    const onSuccess = () => {
      toastSuccess(site ? 'Site updated' : 'Site added');
      onOpenChange(false);
    };
    if (site) update.mutate({ id: site.id, ...payload }, { onSuccess, onError });
    else create.mutate(payload, { onSuccess, onError });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{site ? 'Edit site' : 'Add a site'}</DialogTitle>
          <DialogDescription>
            The country chooses the electricity grid and hotel factors for this site's lines.
          </DialogDescription>
        </DialogHeader>
        <ContractFormRoot form={form} onSubmit={save} className="grid gap-4">
          <TextField name="name" label="Site name" maxLength={100} aria-required="true" />
          <CountryFields />
          <div className="grid gap-4 sm:grid-cols-2">
            <RegionField />
            <TextField
              name="postcode"
              label="Postcode (optional)"
              maxLength={20}
              autoComplete="postal-code"
            />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? 'Saving...' : site ? 'Save site' : 'Add site'}
            </Button>
          </DialogFooter>
        </ContractFormRoot>
      </DialogContent>
    </Dialog>
  );
}

/** A common country from the list, or another typed as its two-letter code. */
function CountryFields() {
  const { control, setValue } = useFormContext<SiteFormValues>();
  const countryChoice = useWatch({ control, name: 'countryChoice' });
  return (
    <div className="grid gap-1.5">
      <SelectField
        name="countryChoice"
        label="Country"
        choices={COUNTRY_CHOICES}
        // A region belongs to one country: another country starts from "whole country".
        onPicked={() => setValue('region', '')}
      />
      {countryChoice === OTHER_COUNTRY ? (
        <TextField
          name="otherCountry"
          label="Two-letter country code"
          maxLength={2}
          autoComplete="off"
          className="w-24 uppercase placeholder:normal-case"
          placeholder="e.g. NO"
          aria-required="true"
        />
      ) : null}
    </div>
  );
}

function RegionField() {
  const { control } = useFormContext<SiteFormValues>();
  const [countryChoice, otherCountry, region] = useWatch({
    control,
    name: ['countryChoice', 'otherCountry', 'region'],
  });
  const country = countryChoice === OTHER_COUNTRY ? otherCountry : countryChoice;
  return (
    <SelectField
      name="region"
      label="Region"
      emptyLabel="Whole country"
      choices={regionChoices(country, region).map((choice) => ({ value: choice.code, label: choice.label }))}
      hint="Only where the factors differ within the country: a US grid subregion, or London for UK hotel stays."
    />
  );
}
