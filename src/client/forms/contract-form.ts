/**
 * The one form approach of the client (CONVENTIONS 15b, decision 071): react-hook-form with the
 * zod resolver over the feature's contract schema, so a form refuses exactly what the server
 * would. Errors show after a submit and stay until the next one (unless `checkAs` says otherwise);
 * focus then moves to the first field in error in the page's order, whether the message came from
 * the contract or from the server's 4xx `details.fieldErrors`.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type BaseSyntheticEvent, type RefObject, useEffect, useId, useRef } from 'react';
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type SubmitHandler,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { ZodType } from 'zod';
import { getFieldErrors } from '../lib/api';

export interface ContractForm<Values extends FieldValues, Output>
  extends UseFormReturn<Values, unknown, Output> {
  /** Prefix of every field's id, error id and hint id (see ui/form-field). */
  idPrefix: string;
  formRef: RefObject<HTMLFormElement | null>;
  /**
   * The form's onSubmit: checks the values with the contract, then calls `onValid` with its output,
   * or `onInvalid` with the messages (the form state read in a handler is the last render's).
   */
  submitWith: (
    onValid: SubmitHandler<Output>,
    onInvalid?: (errors: FieldErrors<Values>) => void,
  ) => (event?: BaseSyntheticEvent) => Promise<unknown>;
  /**
   * Puts a 4xx answer's field messages on the fields of this form and focuses the first; returns
   * whether any landed (the caller still says the rest, e.g. in a toast). `fieldFor` names the
   * form field of a contract field the form edits under another name.
   */
  showServerErrors: (error: unknown, fieldFor?: Record<string, Path<Values>>) => boolean;
  /** Puts these messages (field → message) on the form's fields and focuses the first. */
  showFieldErrors: (messages: Record<string, string>) => boolean;
}

/**
 * When the contract's messages show: after a submit (every form's default, decision 071), once a
 * field was left and then as it changes (`onTouched`: an identifier is not refused mid-typing),
 * or as it is typed (`onChange`: the narrative's one text, whose Save is off while it is blank).
 */
export type CheckTiming = 'onSubmit' | 'onTouched' | 'onChange';

export function useContractForm<Values extends FieldValues, Output = Values>(
  schema: ZodType<Output, Values>,
  defaultValues: DefaultValues<Values>,
  checkAs: CheckTiming = 'onSubmit',
): ContractForm<Values, Output> {
  const idPrefix = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const wantsFocus = useRef(false);
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: checkAs,
    reValidateMode: checkAs === 'onSubmit' ? 'onSubmit' : 'onChange',
    // Our own focus below follows the page's order; react-hook-form's follows registration order.
    shouldFocusError: false,
  });

  // Reading these subscribes the form's owner to them (react-hook-form renders only what is read),
  // so the effect runs after the render that drew the errors (aria-invalid) and focuses the first
  // one in document order.
  const { errors, submitCount } = form.formState;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect's trigger is a render with new errors or a new submit
  useEffect(() => {
    if (!wantsFocus.current) return;
    wantsFocus.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors, submitCount]);

  const submitWith = (onValid: SubmitHandler<Output>, onInvalid?: (errors: FieldErrors<Values>) => void) =>
    form.handleSubmit(onValid, (errors) => {
      wantsFocus.current = true;
      onInvalid?.(errors);
    });

  const showFieldErrors = (messages: Record<string, string>): boolean => {
    const known = new Set(Object.keys(form.getValues()));
    const fields = Object.entries(messages).filter(([field, message]) => known.has(field) && message);
    if (fields.length === 0) return false;
    wantsFocus.current = true;
    for (const [field, message] of fields) form.setError(field as Path<Values>, { type: 'server', message });
    return true;
  };

  const showServerErrors = (error: unknown, fieldFor: Record<string, Path<Values>> = {}): boolean =>
    showFieldErrors(
      Object.fromEntries(
        Object.entries(getFieldErrors(error)).map(([field, message]) => [fieldFor[field] ?? field, message]),
      ),
    );

  return { ...form, idPrefix, formRef, submitWith, showServerErrors, showFieldErrors };
}
