import type { ComponentProps } from 'react';
import { FieldError, Input } from '../../ui/input';
import { Label } from '../../ui/label';

/** A labelled number-ish text input with its error underneath, wired for screen readers. */
export function FormField({
  id,
  label,
  error,
  hint,
  ...props
}: ComponentProps<'input'> & { id: string; label: string; error?: string; hint?: string }) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...props}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
