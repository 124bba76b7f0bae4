/**
 * Part of the one form approach (decision 071, contract-form.ts), apart from it so the pure
 * form checks can use it without loading react-hook-form.
 */
import { type ZodType, z } from 'zod';

/** A field's message by field name (only the first message of each field is kept). */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export type FormCheck<Values, Output> = (
  values: Values,
) => { ok: true; payload: Output } | { ok: false; errors: Partial<Record<string, string>> };

/**
 * The first message for each top-level field of a contract's zod issues; issues about the whole
 * object are left out. A check uses it to return the contract's own messages by field.
 */
export function issuesToErrors<K extends string>(
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of issues) {
    const field = issue.path[0] as K | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * A schema for the resolver from a form's check, for forms whose values are what a person typed
 * (text for numbers, a country chosen or typed) and whose check turns them into the contract's
 * request and parses it with the contract's schema. Each message goes on its field; `fieldFor`
 * moves a contract field's message to the control that edits it.
 */
export function checkedFormSchema<Values, Output>(
  check: FormCheck<Values, Output>,
  fieldFor: (field: string, values: Values) => string = (field) => field,
): ZodType<Output, Values> {
  return z.custom<Values>().transform((values, context) => {
    const result = check(values);
    if (result.ok) return result.payload;
    for (const [field, message] of Object.entries(result.errors)) {
      if (message) context.addIssue({ code: 'custom', path: [fieldFor(field, values)], message });
    }
    return z.NEVER;
  });
}
