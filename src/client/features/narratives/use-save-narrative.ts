import { isUnauthorizedError } from '../../lib/api';
import { toastError, toastSuccess } from '../../stores/toasts';
import { useCreateNarrative, useUpdateNarrative } from './api';
import type { EditableTarget } from './editor-target';
import { failureText } from './narratives';

export interface SaveInput {
  content: string;
  confirmedNumbers: string[];
  /** 'Approve & Save' rather than Save / Update Draft. */
  approve: boolean;
}

function showFailure(context: string, error: unknown) {
  // A lost session has its own toast and redirect (query client).
  if (!isUnauthorizedError(error)) toastError(failureText(context, error));
}

/**
 * Saves the editor's text with the spec §8 toasts. An existing narrative is updated (the server
 * marks saved edits reviewed, spec §4; approval in the same request). A new one is created as a
 * draft (spec §4: the server never creates it approved), then approved by a second request when
 * 'Approve & Save' was chosen.
 */
export function useSaveNarrative(target: EditableTarget, onSaved: () => void) {
  const create = useCreateNarrative();
  const update = useUpdateNarrative();

  const saveExisting = (id: string, { content, confirmedNumbers, approve }: SaveInput) =>
    update.mutate(
      { id, changes: { content, confirmedNumbers, ...(approve ? { status: 'approved' as const } : {}) } },
      {
        onSuccess: () => {
          toastSuccess('Narrative updated successfully');
          onSaved();
        },
        onError: (error) => showFailure('Failed to update narrative', error),
      },
    );

  const saveNew = async (
    { section, framework, generated }: Extract<EditableTarget, { kind: 'new' }>,
    { content, confirmedNumbers, approve }: SaveInput,
  ) => {
    let id: string;
    try {
      ({ id } = await create.mutateAsync({
        section,
        framework,
        content,
        aiGenerated: generated !== null,
        year: generated?.year,
        confirmedNumbers,
      }));
    } catch (error) {
      showFailure('Failed to save narrative', error);
      return;
    }
    if (!approve) {
      toastSuccess('Narrative saved successfully');
      onSaved();
      return;
    }
    try {
      await update.mutateAsync({ id, changes: { status: 'approved' } });
      toastSuccess('Narrative saved successfully');
    } catch (error) {
      // Saved as a draft all the same: the editor closes so a second save cannot duplicate it.
      showFailure('Failed to update narrative', error);
    }
    onSaved();
  };

  const save = (input: SaveInput) => {
    if (target.kind === 'existing') saveExisting(target.narrative.id, input);
    else void saveNew(target, input);
  };

  return { save, isSaving: create.isPending || update.isPending };
}
