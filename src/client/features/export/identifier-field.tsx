import { useController, useFormContext } from 'react-hook-form';
import { FormField, useFieldId } from '../../forms/form-field';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/select';
import type { GeneratorFormValues, ResolvedGenerator } from './generator-form';
import { IDENTIFIER_KINDS, type IdentifierKind } from './identifier';

/** The identifier's check depends on the format and its kind: a message it shows is checked again. */
export function useRecheckIdentifier() {
  const { getFieldState, trigger } = useFormContext<GeneratorFormValues>();
  return () => {
    if (getFieldState('identifier').error) void trigger('identifier');
  };
}

/**
 * The company identifier an XBRL report names the company by: an LEI or a UK company number,
 * starting from the company profile's. Its message shows once the person has left a filled field
 * or tried to generate, and then follows what they type.
 */
export function IdentifierField({ resolved }: { resolved: ResolvedGenerator }) {
  const { control, clearErrors, setValue } = useFormContext<GeneratorFormValues>();
  const recheckIdentifier = useRecheckIdentifier();
  const { field } = useController({ control, name: 'identifier' });
  const kindId = useFieldId('identifierKind');
  const hintId = `${useFieldId('identifier')}-hint`;
  const fromProfile = resolved.savedIdentifier !== '' && resolved.identifier === resolved.savedIdentifier;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="grid content-start gap-1.5">
        <Label htmlFor={kindId}>Company identifier for XBRL</Label>
        <Select
          value={resolved.identifierKind}
          onValueChange={(kind) => {
            setValue('identifierKind', kind as IdentifierKind);
            // Another kind starts from the profile's identifier of that kind again.
            setValue('identifier', null);
            recheckIdentifier();
          }}
        >
          <SelectTrigger id={kindId}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {(Object.keys(IDENTIFIER_KINDS) as IdentifierKind[]).map((option) => (
              <SelectItem key={option} value={option}>
                {IDENTIFIER_KINDS[option].option}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <FormField name="identifier" label={IDENTIFIER_KINDS[resolved.identifierKind].field}>
        {(a11y) => (
          <Input
            {...a11y}
            aria-describedby={[hintId, a11y['aria-describedby']].filter(Boolean).join(' ')}
            ref={field.ref}
            name={field.name}
            value={resolved.identifier}
            onChange={(event) => field.onChange(event.target.value)}
            // Leaving the field empty is not a mistake yet: Generate says so when XBRL needs one.
            onBlur={() => (resolved.identifier.trim() === '' ? clearErrors('identifier') : field.onBlur())}
            autoComplete="off"
            spellCheck={false}
            maxLength={24}
            className="font-mono uppercase"
          />
        )}
      </FormField>
      <p id={hintId} className="text-xs text-muted sm:col-span-2">
        {fromProfile ? 'From your company profile. ' : ''}Needed for XBRL; optional for PDF and CSV. Export
        XBRL of a report later uses the company profile's when the report has none. Companies House files UK
        accounts under the company number; EU registers expect an LEI.
      </p>
    </div>
  );
}
