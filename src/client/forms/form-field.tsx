/**
 * The shared pieces of every react-hook-form form (decision 071): the `<ContractFormRoot>` that
 * carries the form to its fields, and a field with its label, optional hint and error message.
 * The control gets `aria-invalid` while the field is in error and `aria-describedby` naming the
 * hint and the message, so a screen reader reads both.
 */
import { type ComponentProps, createContext, type ReactNode, useContext } from 'react';
import {
  type FieldErrors,
  type FieldValues,
  FormProvider,
  get,
  type SubmitHandler,
  useFormContext,
  useFormState,
} from 'react-hook-form';
import { cn } from '../ui/cn';
import { FieldError, Input } from '../ui/input';
import { Label } from '../ui/label';
import { Textarea } from '../ui/textarea';
import type { ContractForm } from './contract-form';

const IdPrefix = createContext('');

/** What a field's control spreads on itself. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export function ContractFormRoot<Values extends FieldValues, Output>({
  form,
  onSubmit,
  onInvalid,
  className,
  labelledBy,
  label,
  nested,
  children,
}: {
  form: ContractForm<Values, Output>;
  onSubmit: SubmitHandler<Output>;
  /** After a submit the contract refused (the fields already show why), with its messages. */
  onInvalid?: (errors: FieldErrors<Values>) => void;
  /** The form's accessible name, when no heading names it. */
  label?: string;
  className?: string;
  /** The id of the form's heading, when the form is a landmark of its own. */
  labelledBy?: string;
  /**
   * The form is portalled out of another form (a prompt over a dialog): React events bubble
   * through portals, so its submit stops here and the outer form's onSubmit never sees it.
   */
  nested?: boolean;
  children: ReactNode;
}) {
  const submit = form.submitWith(onSubmit, onInvalid);
  return (
    <FormProvider {...form}>
      <IdPrefix.Provider value={form.idPrefix}>
        <form
          ref={form.formRef}
          noValidate
          onSubmit={(event) => {
            if (nested) event.stopPropagation();
            return submit(event);
          }}
          className={className}
          aria-labelledby={labelledBy}
          aria-label={label}
        >
          {children}
        </form>
      </IdPrefix.Provider>
    </FormProvider>
  );
}

/** The id of a field's control, for a label or a hint placed outside `FormField`. */
export function useFieldId(name: string): string {
  return `${useContext(IdPrefix)}-${name}`;
}

/** The field's message from the last submit (the contract's or the server's), if any. */
export function useFieldError(name: string): string | undefined {
  const { errors } = useFormState({ name });
  const message = (get(errors, name) as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message ? message : undefined;
}

/** The control's accessibility wiring: its id, its error state and what describes it. */
export function useFieldControl(name: string, hasHint = false): FieldControlProps & { error?: string } {
  const id = useFieldId(name);
  const error = useFieldError(name);
  const describedBy = [hasHint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return {
    id,
    error,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
}

export function FormField({
  name,
  label,
  hint,
  className,
  children,
}: {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const { error, ...control } = useFieldControl(name, Boolean(hint));
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <Label htmlFor={control.id}>{label}</Label>
      {children(control)}
      {hint ? (
        <p id={`${control.id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${control.id}-error`}>{error}</FieldError>
    </div>
  );
}

/** A text input bound to the form; input props (type, maxLength, className…) go to the input. */
export function TextField({
  name,
  label,
  hint,
  ...inputProps
}: { name: string; label: ReactNode; hint?: ReactNode } & Omit<
  ComponentProps<'input'>,
  'name' | 'id' | 'value' | 'defaultValue'
>) {
  const { register } = useFormContext();
  return (
    <FormField name={name} label={label} hint={hint}>
      {(control) => <Input {...control} {...inputProps} {...register(name)} />}
    </FormField>
  );
}

/** A multi-line text bound to the form; textarea props go to the textarea. */
export function TextareaField({
  name,
  label,
  hint,
  ...textareaProps
}: { name: string; label: ReactNode; hint?: ReactNode } & Omit<
  ComponentProps<'textarea'>,
  'name' | 'id' | 'value' | 'defaultValue'
>) {
  const { register } = useFormContext();
  return (
    <FormField name={name} label={label} hint={hint}>
      {(control) => <Textarea {...control} {...textareaProps} {...register(name)} />}
    </FormField>
  );
}
