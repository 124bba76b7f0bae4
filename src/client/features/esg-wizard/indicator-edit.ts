// The edit dialog's form (decision 071): the answer, 'Mark as completed' and the note, checked
// with the server's contract for the PUT the save sends, so the dialog refuses what it would.
import type { Jurisdiction } from '../../../domain/contracts/auth';
import { type EsgProgressItem, UpdateProgressSchema } from '../../../domain/contracts/esg-wizard';
import { type FormCheck, issuesToErrors } from '../../forms/checked-form-schema';
import type { IndicatorChange } from './use-save-indicator';
import { dialogSaveValue } from './wizard';

/** What the edit dialog holds: the answer as typed, the switch, and the note. */
export interface IndicatorEditValues {
  text: string;
  markCompleted: boolean;
  note: string;
}

export function indicatorEditStart(item: EsgProgressItem): IndicatorEditValues {
  return { text: item.value, markCompleted: item.isCompleted, note: item.note ?? '' };
}

/** What the dialog sends: only what changed (an untouched ledger value stays the ledger's). */
export function indicatorChange(item: EsgProgressItem, values: IndicatorEditValues): IndicatorChange {
  const change: IndicatorChange = {};
  const value = dialogSaveValue(values.text, values.markCompleted);
  if (value !== item.value) change.value = value;
  const trimmedNote = values.note.trim();
  if (trimmedNote !== (item.note ?? '')) change.note = trimmedNote === '' ? null : trimmedNote;
  return change;
}

/**
 * The dialog's check: the change, parsed with the PUT's contract when there is one (nothing
 * changed saves nothing). The contract's `value` is the answer's `text` field.
 */
export function indicatorEditCheck(
  item: EsgProgressItem,
  jurisdiction: Jurisdiction,
): FormCheck<IndicatorEditValues, IndicatorChange> {
  return (values) => {
    const change = indicatorChange(item, values);
    if (Object.keys(change).length === 0) return { ok: true, payload: change };
    const result = UpdateProgressSchema.safeParse({ jurisdiction, indicator: item.indicator, ...change });
    if (!result.success) {
      const { value, note } = issuesToErrors<'value' | 'note'>(result.error.issues);
      // A refusal of no field of the dialog (the indicator's key) still says why, on the answer.
      return {
        ok: false,
        errors: { text: value ?? (note ? undefined : result.error.issues[0]?.message), note },
      };
    }
    return { ok: true, payload: change };
  };
}
