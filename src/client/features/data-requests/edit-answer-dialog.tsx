import type { DataRequestAnswer, UpdateAnswer } from '../../../domain/contracts/data-requests';
import { checkedFormSchema } from '../../forms/checked-form-schema';
import { useContractForm } from '../../forms/contract-form';
import { ContractFormRoot, TextareaField, TextField } from '../../forms/form-field';
import { Button } from '../../ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog';
import { type AnswerEditValues, answerEditCheck, editStartText } from './answer-edit';

/** Saves the change; `onRefused` gets a refusal so its field messages land on the dialog's fields. */
export type SaveAnswer = (
  answer: DataRequestAnswer,
  change: UpdateAnswer,
  onRefused: (failure: unknown) => void,
) => void;

/** The answer and its unit, checked for the answer's kind and the contract (decision 071). */
function AnswerForm({
  answer,
  pending,
  onClose,
  onSave,
}: {
  answer: DataRequestAnswer;
  pending: boolean;
  onClose: () => void;
  onSave: SaveAnswer;
}) {
  const form = useContractForm<AnswerEditValues, UpdateAnswer>(checkedFormSchema(answerEditCheck(answer)), {
    value: editStartText(answer),
    unit: answer.unit ?? '',
  });
  // A text answer gets a text area, a figure a one-line field.
  const isLong = typeof answer.value !== 'number' && answer.unit === null;
  return (
    <ContractFormRoot
      form={form}
      onSubmit={(change) => onSave(answer, change, (failure) => form.showServerErrors(failure))}
      className="grid gap-4"
    >
      <p className="text-sm text-muted">
        Your answer replaces the one computed from your data. It is marked as edited in the request and in any
        pack you share, and the change is recorded in the audit log.
      </p>
      {isLong ? (
        <TextareaField name="value" label="Answer" rows={4} />
      ) : (
        <TextField name="value" label="Answer" />
      )}
      <TextField name="unit" label="Unit (optional)" maxLength={40} />
      <DialogFooter>
        <Button type="button" variant="outline" disabled={pending} onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : 'Save the answer'}
        </Button>
      </DialogFooter>
    </ContractFormRoot>
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
  onSave: SaveAnswer;
}) {
  return (
    <Dialog open={answer !== null} onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit the answer</DialogTitle>
          <DialogDescription>{answer?.question}</DialogDescription>
        </DialogHeader>
        {/* Keyed so each answer starts from its own value and no earlier message. */}
        {answer ? (
          <AnswerForm key={answer.key} answer={answer} pending={pending} onClose={onClose} onSave={onSave} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
