import { useId } from 'react';
import type { Narrative } from '../../../domain/contracts/narratives';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { FlaggedText } from './flagged-text';
import {
  approvalBlockReason,
  formatDate,
  frameworkShortLabel,
  isDraft,
  previewText,
  sectionLabel,
  statusLabel,
  statusTone,
} from './narratives';

export interface NarrativeCardProps {
  narrative: Narrative;
  isApproving: boolean;
  /** Both absent for a role that may not edit narratives (src/client/lib/permissions.ts). */
  onEdit?: () => void;
  onApprove?: () => void;
  onShowVersions: () => void;
}

/**
 * spec §2 card: status badge, a 300-character preview and '…', 'Version N', 'AI Generated' or
 * 'Manual', the updated date; 'Approve & Save' on drafts, blocked while a number is unchecked.
 */
export function NarrativeCard({
  narrative,
  isApproving,
  onEdit,
  onApprove,
  onShowVersions,
}: NarrativeCardProps) {
  const id = useId();
  const preview = previewText(narrative.content);
  // The preview starts after any leading whitespace; flags move with it (cut-off ones drop out).
  const offset = narrative.content.length - narrative.content.trimStart().length;
  const flags = narrative.unsupportedNumbers.map((flag) => ({
    ...flag,
    start: flag.start - offset,
    end: flag.end - offset,
  }));
  const blockReason = approvalBlockReason(narrative.unsupportedNumbers.length, false);
  const title = `${sectionLabel(narrative.section)} ${narrative.year}`;
  const headingId = `${id}-title`;

  return (
    <article
      aria-labelledby={headingId}
      className="grid h-full content-start gap-3 rounded-lg border border-border bg-surface p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold text-ink">
          {title}
        </h3>
        <div className="flex flex-wrap gap-1.5">
          <Badge tone={statusTone(narrative.status)}>{statusLabel(narrative.status)}</Badge>
          <Badge tone="neutral">{frameworkShortLabel(narrative.framework)}</Badge>
        </div>
      </div>
      <p className="text-sm break-words whitespace-pre-wrap text-slate-800">
        <FlaggedText content={preview} flags={flags} />
      </p>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
        <li>Version {narrative.version}</li>
        <li>{narrative.aiGenerated ? 'AI Generated' : 'Manual'}</li>
        <li>
          Updated {formatDate(narrative.updatedAt)}
          {narrative.updatedBy ? ` by ${narrative.updatedBy}` : ''}
        </li>
      </ul>
      {narrative.unsupportedNumbers.length > 0 ? (
        <p className="text-sm text-amber-900">
          Unchecked numbers: {narrative.unsupportedNumbers.map((flag) => flag.text).join(', ')}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2 pt-1">
        {onEdit ? (
          <Button variant="outline" size="sm" onClick={onEdit}>
            Edit & Review
          </Button>
        ) : null}
        <Button variant="ghost" size="sm" onClick={onShowVersions}>
          Versions
        </Button>
        {onApprove && isDraft(narrative.status) ? (
          <Button
            size="sm"
            onClick={onApprove}
            disabled={blockReason !== null || isApproving}
            aria-describedby={blockReason ? `${id}-block` : undefined}
          >
            {isApproving ? 'Approving…' : 'Approve & Save'}
          </Button>
        ) : null}
      </div>
      {onApprove && isDraft(narrative.status) && blockReason ? (
        <p id={`${id}-block`} className="text-xs text-muted">
          {blockReason} Open Edit & Review to check them.
        </p>
      ) : null}
    </article>
  );
}
