import type { Narrative, NarrativeSection } from '../../../domain/contracts/narratives';
import { getErrorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import type { useNarratives } from './api';
import { NarrativeCard } from './narrative-card';
import { sectionLabel } from './narratives';

export interface NarrativeListProps {
  section: NarrativeSection;
  query: ReturnType<typeof useNarratives>;
  approvingId: string | null;
  /** Absent for a role that may not edit narratives. */
  onEdit?: (narrative: Narrative) => void;
  onApprove?: (narrative: Narrative) => void;
  onShowVersions: (narrative: Narrative) => void;
}

/** spec §2: the chosen section's narratives as cards, or 'No narratives yet'. */
export function NarrativeList({
  section,
  query,
  approvingId,
  onEdit,
  onApprove,
  onShowVersions,
}: NarrativeListProps) {
  if (query.isError && !query.data) {
    return (
      <div
        role="alert"
        className="grid justify-items-start gap-2 rounded-lg border border-border bg-surface p-6 text-sm"
      >
        <p className="font-medium text-ink">Couldn't load the narratives.</p>
        <p className="text-muted">{getErrorMessage(query.error)}</p>
        <Button variant="outline" size="sm" onClick={() => query.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  if (!query.data) {
    return (
      <div aria-busy="true" className="grid gap-4 lg:grid-cols-2">
        <p className="sr-only" role="status">
          Loading narratives
        </p>
        <Skeleton className="h-56" />
        <Skeleton className="h-56" />
      </div>
    );
  }
  if (query.data.length === 0) {
    return (
      <div className="grid justify-items-center gap-1 rounded-lg border border-dashed border-border bg-surface p-10 text-center">
        <h3 className="text-base font-semibold text-ink">No narratives yet</h3>
        <p className="max-w-md text-sm text-muted">
          Generate a draft of the {sectionLabel(section)} section from your data with 'Generate with AI', or
          write your own.
        </p>
      </div>
    );
  }
  return (
    <ul aria-label={`${sectionLabel(section)} narratives`} className="grid gap-4 lg:grid-cols-2">
      {query.data.map((narrative) => (
        <li key={narrative.id} className="grid">
          <NarrativeCard
            narrative={narrative}
            isApproving={approvingId === narrative.id}
            onEdit={onEdit ? () => onEdit(narrative) : undefined}
            onApprove={onApprove ? () => onApprove(narrative) : undefined}
            onShowVersions={() => onShowVersions(narrative)}
          />
        </li>
      ))}
    </ul>
  );
}
