/**
 * The one way client forms turn the contract's zod issues into per-field messages and move focus
 * to the first field in error (CONVENTIONS 15b: one form approach). The server answers with the
 * same shape (`getFieldErrors` in ./api), so both feed the same state.
 */
import type { ZodType } from 'zod';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The first message for each top-level field; issues about the whole object are left out. */
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

/** The form's values checked against its contract: empty when they pass. */
export function schemaErrors<K extends string>(schema: ZodType, values: unknown): FieldErrors<K> {
  const result = schema.safeParse(values);
  return result.success ? {} : issuesToErrors<K>(result.error.issues);
}

/** Focuses the first field, in the form's own order, that has an error. */
export function focusFirstError<K extends string>(
  form: HTMLFormElement | null,
  order: readonly K[],
  errors: FieldErrors<K>,
  fieldId: (field: K) => string,
): void {
  const first = order.find((field) => errors[field]);
  if (first) form?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(first))}`)?.focus();
}
