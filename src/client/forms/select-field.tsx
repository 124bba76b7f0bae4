/**
 * A Radix select bound to a react-hook-form field (decision 071), apart from form-field.tsx so
 * forms without a select do not load Radix's select code. Radix refuses '' as an item value, so
 * the empty choice travels as NONE and is stored as ''.
 */
import type { ReactNode } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../ui/select';
import { FormField } from './form-field';

const NONE = 'none';

export interface SelectChoice {
  value: string;
  label: ReactNode;
}

export function SelectField({
  name,
  label,
  hint,
  choices,
  emptyLabel,
  isRequired,
  placeholder,
  onPicked,
}: {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  choices: readonly SelectChoice[];
  /** With it, the first choice is "nothing" ('' in the form's values), labelled so. */
  emptyLabel?: string;
  isRequired?: boolean;
  /** Shown while nothing is chosen, for a select without an empty choice. */
  placeholder?: string;
  /** Called after a choice is stored, for fields that follow it (a category resets its unit). */
  onPicked?: (value: string, previous: unknown) => void;
}) {
  const { control } = useFormContext();
  return (
    <FormField name={name} label={label} hint={hint}>
      {(a11y) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <Select
              value={
                field.value === '' || field.value == null
                  ? emptyLabel === undefined
                    ? undefined
                    : NONE
                  : String(field.value)
              }
              onValueChange={(value) => {
                const stored = value === NONE && emptyLabel !== undefined ? '' : value;
                const previous: unknown = field.value;
                field.onChange(stored);
                onPicked?.(stored, previous);
              }}
            >
              <SelectTrigger
                ref={field.ref}
                onBlur={field.onBlur}
                aria-required={isRequired || undefined}
                {...a11y}
              >
                <SelectValue placeholder={placeholder} />
              </SelectTrigger>
              <SelectContent>
                {emptyLabel !== undefined ? <SelectItem value={NONE}>{emptyLabel}</SelectItem> : null}
                {choices.map((choice) => (
                  <SelectItem key={choice.value} value={choice.value}>
                    {choice.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      )}
    </FormField>
  );
}
