import { type FormEvent, useId, useState } from 'react';
import { accentColourProblem, contrastWithWhite, formatContrast } from '../../../domain/branding/contrast';
import { type Branding, MAX_BRAND_NAME_LENGTH } from '../../../domain/contracts/branding';
import { getErrorMessage, getFieldErrors, isUnauthorizedError } from '../../lib/api';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Button } from '../../ui/button';
import { FieldError, Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { useUpdateBranding } from './api';

const isHexColour = (colour: string) => /^#[0-9a-fA-F]{6}$/.test(colour.trim());

/** A colour picker and the hex code, with the measured contrast or why the colour is refused. */
function AccentColourField({
  id,
  colour,
  problem,
  ratio,
  serverError,
  onChange,
}: {
  id: string;
  colour: string;
  problem: string | null;
  ratio: number | null;
  serverError: string | undefined;
  onChange: (colour: string) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-colour`}>Accent colour</Label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          type="color"
          aria-label="Colour picker"
          value={isHexColour(colour) ? colour.trim().toLowerCase() : '#000000'}
          onChange={(event) => onChange(event.target.value.toUpperCase())}
          className="h-10 w-14 cursor-pointer rounded-md border border-slate-400 bg-surface p-1"
        />
        <Input
          id={`${id}-colour`}
          value={colour}
          inputMode="text"
          spellCheck={false}
          autoComplete="off"
          className="w-32 font-mono"
          aria-describedby={`${id}-contrast`}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      <p
        id={`${id}-contrast`}
        role="status"
        aria-live="polite"
        className={problem ? 'text-sm text-danger' : 'text-sm text-muted'}
      >
        {problem ??
          `White text on this colour has a contrast of ${formatContrast(ratio ?? 0)}, which meets WCAG 2.1 AA (4.5:1).`}
      </p>
      <FieldError id={`${id}-colour-error`}>{serverError}</FieldError>
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
 * Brand name and accent colour. The contrast against white text is measured as the colour
 * changes (the same check the server makes, src/domain/branding/contrast.ts), so a colour that
 * would be refused is explained before saving.
 */
export function BrandingForm({ branding }: { branding: Branding }) {
  const id = useId();
  const [brandName, setBrandName] = useState(branding.brandName ?? '');
  const [colour, setColour] = useState(branding.accentColour);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const update = useUpdateBranding();
  const problem = accentColourProblem(colour.trim());
  const ratio = contrastWithWhite(colour.trim());
  const shownName = brandName.trim() || branding.companyName;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (problem) return;
    setServerErrors({});
    update.mutate(
      { brandName: brandName.trim() || null, accentColour: colour.trim() },
      {
        onSuccess: () => toastSuccess('Report branding saved'),
        onError: (error) => {
          setServerErrors(getFieldErrors(error));
          if (!isUnauthorizedError(error)) toastError(`Failed to save branding. ${getErrorMessage(error)}`);
        },
      },
    );
  };

  return (
    <form className="grid gap-5" onSubmit={onSubmit} noValidate>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-name`}>Brand name</Label>
        <Input
          id={`${id}-name`}
          value={brandName}
          maxLength={MAX_BRAND_NAME_LENGTH}
          placeholder={branding.companyName}
          aria-describedby={`${id}-name-hint ${id}-name-error`}
          aria-invalid={serverErrors.brandName ? true : undefined}
          onChange={(event) => setBrandName(event.target.value)}
        />
        <p id={`${id}-name-hint`} className="text-sm text-muted">
          Leave empty to use the company name, {branding.companyName}. The company name stays on the cover as
          the reporting entity.
        </p>
        <FieldError id={`${id}-name-error`}>{serverErrors.brandName}</FieldError>
      </div>

      <AccentColourField
        id={id}
        colour={colour}
        problem={problem}
        ratio={ratio}
        serverError={serverErrors.accentColour}
        onChange={setColour}
      />

      <BrandPreview
        name={shownName}
        background={isHexColour(colour) && !problem ? colour.trim() : branding.accentColour}
      />

      <div>
        <Button type="submit" disabled={Boolean(problem) || update.isPending}>
          {update.isPending ? 'Saving...' : 'Save branding'}
        </Button>
      </div>
    </form>
  );
}
