import { useEffect, useMemo } from 'react';
import type { ActivityLine, SaveActivity, Site } from '../../../domain/contracts/ledger';
import { useContractForm } from '../../forms/contract-form';
import { ContractFormRoot } from '../../forms/form-field';
import { getErrorMessage, isUnauthorizedError } from '../../lib/api';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Button } from '../../ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog';
import { AmountFields, CategoryFields, QualityFields, WhereAndWhenFields } from './activity-fields';
import {
  type ActivityFormValues,
  activityFormFromLine,
  activityFormSchema,
  emptyActivityForm,
  lineHasExtras,
  todayIso,
} from './activity-form';
import { useCreateActivity, useUpdateActivity } from './api';

/**
 * Creates (line null) or updates the line; a failure shows the server's field errors and a toast,
 * a line saved without a figure says why at once (decision 051).
 */
function useSaveActivity(
  line: ActivityLine | null,
  showServerErrors: (error: unknown) => void,
  onSaved: () => void,
) {
  const create = useCreateActivity();
  const update = useUpdateActivity();
  const onError = (error: unknown) => {
    if (isUnauthorizedError(error)) return;
    showServerErrors(error);
    toastError(`Failed to save activity: ${getErrorMessage(error)}`);
  };
  const onSuccess = (saved: ActivityLine) => {
    const done = line ? 'Activity line updated' : 'Activity line added';
    if (saved.notCounted) {
      toastSuccess(`${saved.notCounted.message}. ${saved.notCounted.fix.label}.`, `${done}, not counted`);
    } else toastSuccess(done);
    onSaved();
  };
  const save = (payload: SaveActivity) => {
    if (line) update.mutate({ id: line.id, input: payload }, { onSuccess, onError });
    else create.mutate(payload, { onSuccess, onError });
  };
  return { save, pending: create.isPending || update.isPending };
}

/** Add (line null) or edit a ledger line by hand. Loaded when first opened (ledger.tsx). */
export function ActivityDialog({
  open,
  line,
  sites,
  onOpenChange,
}: {
  open: boolean;
  line: ActivityLine | null;
  sites: readonly Site[];
  onOpenChange: (open: boolean) => void;
}) {
  // Editing a line whose stored settings the list did not return: blanks leave them as they are.
  const keepUnknownExtras = line !== null && !lineHasExtras(line);
  const schema = useMemo(() => activityFormSchema({ keepUnknownExtras }), [keepUnknownExtras]);
  const form = useContractForm<ActivityFormValues, SaveActivity>(
    schema,
    emptyActivityForm({ today: todayIso() }),
  );
  const { save, pending } = useSaveActivity(line, form.showServerErrors, () => onOpenChange(false));
  const noSites = sites.length === 0;
  const { reset } = form;

  useEffect(() => {
    if (!open) return;
    reset(line ? activityFormFromLine(line) : emptyActivityForm({ siteId: sites[0]?.id, today: todayIso() }));
  }, [open, line, sites, reset]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{line ? 'Edit activity line' : 'Add an activity line'}</DialogTitle>
          <DialogDescription>
            Enter what was used or spent; emissions are calculated with the matching published factor.
          </DialogDescription>
        </DialogHeader>
        {noSites ? (
          <p
            role="alert"
            className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          >
            Add a site first (in the Sites card): every line belongs to a site.
          </p>
        ) : null}
        <ContractFormRoot form={form} onSubmit={save} className="grid gap-4">
          <WhereAndWhenFields sites={sites} />
          <AmountFields />
          <CategoryFields />
          <QualityFields />
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending || noSites}>
              {pending ? 'Saving...' : line ? 'Save line' : 'Add line'}
            </Button>
          </DialogFooter>
        </ContractFormRoot>
      </DialogContent>
    </Dialog>
  );
}
