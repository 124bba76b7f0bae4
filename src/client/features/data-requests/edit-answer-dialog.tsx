import { type FormEvent, useEffect, useId, useState } from 'react';
import type { DataRequestAnswer, UpdateAnswer } from '../../../domain/contracts/data-requests';
import { Button } from '../../ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog';
import { FieldError, Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { Textarea } from '../../ui/textarea';
import { editChange, editStartText } from './answer-edit';

/** A text answer gets a text area, a figure a one-line field; `id` is the dialog's. */
function AnswerField({
  id,
  isLong,
  text,
  error,
  onChange,
}: {
  id: string;
  isLong: boolean;
  text: string;
  error: string | null;
  onChange: (text: string) => void;
}) {
  const control = {
    id: `${id}-value`,
    value: text,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  };
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-value`}>Answer</Label>
      {isLong ? (
        <Textarea {...control} rows={4} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <Input {...control} onChange={(event) => onChange(event.target.value)} />
      )}
      <FieldError id={`${id}-error`}>{error ?? undefined}</FieldError>
    </div>
  );
}

/** A person's answer over the computed one: marked "Edited" and audited by the server. */
export function EditAnswerDialog({
  answer,
  pending,
  onClose,
  onSave,
}: {
  answer: DataRequestAnswer | null;
  pending: boolean;
  onClose: () => void;
  onSave: (answer: DataRequestAnswer, change: UpdateAnswer) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [unit, setUnit] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!answer) return;
    setText(editStartText(answer));
    setUnit(answer.unit ?? '');
    setError(null);
  }, [answer]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!answer) return;
    const result = editChange(answer, text, unit);
    setError(result.error);
    if (result.change) onSave(answer, result.change);
    else document.getElementById(`${id}-value`)?.focus();
  };

  const isLong = answer !== null && typeof answer.value !== 'number' && answer.unit === null;
  return (
    <Dialog open={answer !== null} onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit the answer</DialogTitle>
          <DialogDescription>{answer?.question}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <p className="text-sm text-muted">
            Your answer replaces the one computed from your data. It is marked as edited in the request and in
            any pack you share, and the change is recorded in the audit log.
          </p>
          <AnswerField id={id} isLong={isLong} text={text} error={error} onChange={setText} />
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-unit`}>Unit (optional)</Label>
            <Input
              id={`${id}-unit`}
              value={unit}
              maxLength={40}
              onChange={(event) => setUnit(event.target.value)}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={pending} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? 'Saving...' : 'Save the answer'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
