// The narrative editor's form (decision 071): the text and the numbers confirmed in it, checked
// with the server's contract for the request the save sends (a create for a new narrative, the
// changes for an existing one), so the editor refuses exactly what the server would.
import type { ZodType } from 'zod';
import {
  type CreateNarrative,
  CreateNarrativeSchema,
  type UnsupportedNumber,
  type UpdateNarrative,
  UpdateNarrativeSchema,
} from '../../../domain/contracts/narratives';
import { checkedFormSchema, type FormCheck, issuesToErrors } from '../../forms/checked-form-schema';
import type { EditableTarget } from './editor-target';
import { keptConfirmations } from './narratives';

export interface NarrativeFormValues {
  content: string;
  /** Numbers a person confirmed as right although they match no figure (exact text as written). */
  confirmedNumbers: string[];
}

/** What a save sends: a new narrative's create request, or an existing one's changes. */
export type NarrativeSave =
  | { kind: 'new'; request: CreateNarrative }
  | { kind: 'existing'; id: string; changes: UpdateNarrative };

/** The editor's first values, and the year and flags its number check starts from. */
export function narrativeFormStart(target: EditableTarget): {
  values: NarrativeFormValues;
  year: number | undefined;
  flags: UnsupportedNumber[];
} {
  if (target.kind === 'existing') {
    const { content, confirmedNumbers, unsupportedNumbers, year } = target.narrative;
    return { values: { content, confirmedNumbers }, year, flags: unsupportedNumbers };
  }
  const { generated } = target;
  return {
    values: { content: generated?.content ?? '', confirmedNumbers: [] },
    year: generated?.year,
    flags: generated?.unsupportedNumbers ?? [],
  };
}

/**
 * The request of a save, parsed with the contract. Confirmations whose number is no longer in the
 * text are dropped. A new narrative is created as a draft (spec §4); approval is asked separately.
 */
export function checkNarrative(
  target: EditableTarget,
  values: NarrativeFormValues,
): ReturnType<FormCheck<NarrativeFormValues, NarrativeSave>> {
  const { content } = values;
  const confirmedNumbers = keptConfirmations(content, values.confirmedNumbers);
  if (target.kind === 'existing') {
    const result = UpdateNarrativeSchema.safeParse({ content, confirmedNumbers });
    if (!result.success) return { ok: false, errors: issuesToErrors(result.error.issues) };
    return { ok: true, payload: { kind: 'existing', id: target.narrative.id, changes: result.data } };
  }
  const { section, framework, generated } = target;
  const result = CreateNarrativeSchema.safeParse({
    section,
    framework,
    content,
    aiGenerated: generated !== null,
    year: generated?.year,
    confirmedNumbers,
  });
  if (!result.success) return { ok: false, errors: issuesToErrors(result.error.issues) };
  return { ok: true, payload: { kind: 'new', request: result.data } };
}

/** The editor's schema for the zod resolver: the form's values in, the save's request out. */
export function narrativeFormSchema(target: EditableTarget): ZodType<NarrativeSave, NarrativeFormValues> {
  return checkedFormSchema((values: NarrativeFormValues) => checkNarrative(target, values));
}
