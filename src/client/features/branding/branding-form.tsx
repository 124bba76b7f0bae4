import { useFormContext } from 'react-hook-form';
import { accentColourProblem, contrastWithWhite, formatContrast } from '../../../domain/branding/contrast';
import {
  type Branding,
  type BrandingChange,
  MAX_BRAND_NAME_LENGTH,
  type UpdateBranding,
  UpdateBrandingSchema,
} from '../../../domain/contracts/branding';
import { useContractForm } from '../../forms/contract-form';
import { ContractFormRoot, TextField, useFieldControl } from '../../forms/form-field';
import { getErrorMessage, isUnauthorizedError } from '../../lib/api';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Button } from '../../ui/button';
import { FieldError, Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { useUpdateBranding } from './api';

const isHexColour = (colour: string) => /^#[0-9a-fA-F]{6}$/.test(colour.trim());

/**
 * A colour picker and the hex code, with the measured contrast or why the colour is refused; the
 * contrast line is the field's hint, read with it, and it is marked invalid while refused.
 */
function AccentColourField({ problem, ratio }: { problem: string | null; ratio: number | null }) {
  const { register, setValue, watch } = useFormContext<UpdateBranding>();
  const { error, ...control } = useFieldControl('accentColour', true);
  const colour = watch('accentColour');
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={control.id}>Accent colour</Label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          type="color"
          aria-label="Colour picker"
          value={isHexColour(colour) ? colour.trim().toLowerCase() : '#000000'}
          onChange={(event) => setValue('accentColour', event.target.value.toUpperCase())}
          className="h-10 w-14 cursor-pointer rounded-md border border-slate-400 bg-surface p-1"
        />
        <Input
          {...control}
          aria-invalid={problem || error ? true : undefined}
          inputMode="text"
          spellCheck={false}
          autoComplete="off"
          className="w-32 font-mono"
          {...register('accentColour')}
        />
      </div>
      <p
        id={`${control.id}-hint`}
        role="status"
        aria-live="polite"
        className={problem ? 'text-sm text-danger' : 'text-sm text-muted'}
      >
        {problem ??
          `White text on this colour has a contrast of ${formatContrast(ratio ?? 0)}, which meets WCAG 2.1 AA (4.5:1).`}
      </p>
      <FieldError id={`${control.id}-error`}>{error}</FieldError>
    </div>
  );
}

/** The report cover's band as it will look; decorative, the fields above say it all. */
function BrandPreview({ name, background }: { name: string; background: string }) {
  return (
    <div aria-hidden="true" className="grid gap-1 overflow-hidden rounded-md border border-slate-300">
      <div className="px-4 py-5" style={{ backgroundColor: background }}>
        <p className="truncate text-lg font-semibold text-white">{name}</p>
        <p className="text-sm text-white">Sustainability report preview</p>
      </div>
    </div>
  );
}

/**
 * Brand name and accent colour, checked with the contract (decision 071). The contrast against
 * white text is measured as the colour changes (the same check the server makes,
 * src/domain/branding/contrast.ts), so a colour that would be refused is explained before saving.
 */
export function BrandingForm({ branding }: { branding: Branding }) {
  const form = useContractForm<UpdateBranding, BrandingChange>(UpdateBrandingSchema, {
    brandName: branding.brandName ?? '',
    accentColour: branding.accentColour,
  });
  const update = useUpdateBranding();
  const [brandName, colour] = form.watch(['brandName', 'accentColour']);
  const problem = accentColourProblem(colour.trim());
  const shownName = (brandName ?? '').trim() || branding.companyName;

  const onSubmit = (change: UpdateBranding) =>
    update.mutate(change, {
      onSuccess: () => toastSuccess('Report branding saved'),
      onError: (error) => {
        if (isUnauthorizedError(error)) return;
        form.showServerErrors(error);
        toastError(`Failed to save branding. ${getErrorMessage(error)}`);
      },
    });

  return (
    <ContractFormRoot form={form} onSubmit={onSubmit} className="grid gap-5">
      <TextField
        name="brandName"
        label="Brand name"
        maxLength={MAX_BRAND_NAME_LENGTH}
        placeholder={branding.companyName}
        hint={`Leave empty to use the company name, ${branding.companyName}. The company name stays on the cover as the reporting entity.`}
      />
      <AccentColourField problem={problem} ratio={contrastWithWhite(colour.trim())} />
      <BrandPreview
        name={shownName}
        background={isHexColour(colour) && !problem ? colour.trim() : branding.accentColour}
      />
      <div>
        <Button type="submit" disabled={Boolean(problem) || update.isPending}>
          {update.isPending ? 'Saving...' : 'Save branding'}
        </Button>
      </div>
    </ContractFormRoot>
  );
}
