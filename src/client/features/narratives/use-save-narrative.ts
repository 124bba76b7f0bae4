import { isUnauthorizedError } from '../../lib/api';
import { toastError, toastSuccess } from '../../stores/toasts';
import { useCreateNarrative, useUpdateNarrative } from './api';
import type { NarrativeSave } from './narrative-form';
import { failureText } from './narratives';

function showFailure(context: string, error: unknown) {
  // A lost session has its own toast and redirect (query client).
  if (!isUnauthorizedError(error)) toastError(failureText(context, error));
}

/**
 * Saves the editor's text with the spec §8 toasts. An existing narrative is updated (the server
 * marks saved edits reviewed, spec §4; approval in the same request). A new one is created as a
 * draft (spec §4: the server never creates it approved), then approved by a second request when
 * 'Approve & Save' was chosen. `onRefused` gets a refused save's error, whose field messages the
 * editor shows on its fields.
 */
export function useSaveNarrative(onSaved: () => void, onRefused: (error: unknown) => void) {
  const create = useCreateNarrative();
  const update = useUpdateNarrative();

  const saveExisting = ({ id, changes }: Extract<NarrativeSave, { kind: 'existing' }>, approve: boolean) =>
    update.mutate(
      { id, changes: { ...changes, ...(approve ? { status: 'approved' as const } : {}) } },
      {
        onSuccess: () => {
          toastSuccess('Narrative updated successfully');
          onSaved();
        },
        onError: (error) => {
          onRefused(error);
          showFailure('Failed to update narrative', error);
        },
      },
    );

  const saveNew = async ({ request }: Extract<NarrativeSave, { kind: 'new' }>, approve: boolean) => {
    let id: string;
    try {
      ({ id } = await create.mutateAsync(request));
    } catch (error) {
      onRefused(error);
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

  /** Saves what the editor's contract check returned; `approve` is 'Approve & Save'. */
  const save = (input: NarrativeSave, approve: boolean) => {
    if (input.kind === 'existing') saveExisting(input, approve);
    else void saveNew(input, approve);
  };

  return { save, isSaving: create.isPending || update.isPending };
}
