import {
  type DataRequestAnswer,
  type UpdateAnswer,
  UpdateAnswerSchema,
} from '../../../domain/contracts/data-requests';
import { type FormCheck, issuesToErrors } from '../../forms/checked-form-schema';

/** The text an edit starts from: the current value as typed, never the display's rounding. */
export function editStartText(answer: DataRequestAnswer): string {
  if (answer.value === null) return '';
  if (typeof answer.value === 'boolean') return answer.value ? 'Yes' : 'No';
  // An enumeration's value is a taxonomy member's URL; a person edits its label.
  if (typeof answer.value === 'string' && answer.unit === null) return answer.display ?? answer.value;
  return String(answer.value);
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * The PATCH body of an edit. A figure stays a number (thousands separators allowed), a yes/no item
 * stays yes or no, everything else is text; an empty unit sends none. Null with the reason when the
 * text cannot be that kind of answer.
 */
export function editChange(
  answer: DataRequestAnswer,
  text: string,
  unit: string,
): { change: UpdateAnswer; error: null } | { change: null; error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { change: null, error: 'Enter an answer' };
  const unitValue = unit.trim() === '' ? null : unit.trim();
  if (typeof answer.value === 'boolean') {
    const lower = trimmed.toLowerCase();
    if (lower !== 'yes' && lower !== 'no') return { change: null, error: 'Answer yes or no' };
    return { change: { action: 'edit', value: lower === 'yes', unit: unitValue }, error: null };
  }
  const plain = trimmed.replaceAll(',', '');
  const expectsNumber = typeof answer.value === 'number' || (answer.value === null && answer.unit !== null);
  if (expectsNumber) {
    if (!NUMBER.test(plain))
      return { change: null, error: `Enter a number${answer.unit ? ` in ${answer.unit}` : ''}` };
    return { change: { action: 'edit', value: Number(plain), unit: unitValue }, error: null };
  }
  return { change: { action: 'edit', value: trimmed, unit: unitValue }, error: null };
}

/** What the edit dialog holds: the answer and the unit as typed. */
export interface AnswerEditValues {
  value: string;
  unit: string;
}

/**
 * The dialog's check (decision 071): the kind of answer first (`editChange`), then the contract, so
 * the dialog refuses what the PATCH would, with its messages on the answer or the unit.
 */
export function answerEditCheck(answer: DataRequestAnswer): FormCheck<AnswerEditValues, UpdateAnswer> {
  return (values) => {
    const result = editChange(answer, values.value, values.unit);
    if (!result.change) return { ok: false, errors: { value: result.error } };
    const parsed = UpdateAnswerSchema.safeParse(result.change);
    return parsed.success
      ? { ok: true, payload: result.change }
      : { ok: false, errors: issuesToErrors(parsed.error.issues) };
  };
}
