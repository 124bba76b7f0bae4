import { isUnauthorizedError } from '../../lib/api';
import { toastError } from '../../stores/toasts';
import { Button } from '../../ui/button';
import { useForgetImportMapping, useImportMappings } from './api';

const KIND_LABELS: Record<string, string> = {
  header: 'Column',
  site: 'Site',
  category: 'Category',
  variant: 'Type',
  spend: 'Spend category',
};

/** The company's remembered import answers, each forgettable (decision 049). */
export function RememberedAnswers({ canEdit }: { canEdit: boolean }) {
  const mappings = useImportMappings(true);
  const forget = useForgetImportMapping();
  const list = mappings.data ?? [];
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium text-ink">
        Remembered answers ({list.length.toLocaleString('en-GB')})
      </summary>
      {list.length === 0 ? (
        <p className="mt-2 text-muted">None yet: answers you give while importing are kept here.</p>
      ) : (
        <ul className="mt-2 grid gap-1">
          {list.map((mapping) => (
            <li key={mapping.id} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                {KIND_LABELS[mapping.kind] ?? mapping.kind} “{mapping.source || '(empty)'}” →{' '}
                {mapping.targetLabel}
              </span>
              {canEdit ? (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={forget.isPending}
                  aria-label={`Forget ${KIND_LABELS[mapping.kind] ?? mapping.kind} “${mapping.source}”`}
                  onClick={() =>
                    forget.mutate(mapping.id, {
                      onError: (error) => {
                        if (!isUnauthorizedError(error)) toastError('Could not forget this answer');
                      },
                    })
                  }
                >
                  Forget
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
