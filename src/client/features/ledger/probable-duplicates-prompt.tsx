import { useId } from 'react';
import type { ImportDuplicateChoice } from '../../../domain/contracts/ledger-probable-duplicates';
import { Button } from '../../ui/button';
import { describeLineBrief, type ProbableDuplicatesProblem } from './probable-duplicates';

/** The pairs of a probable-duplicates answer: the new line, and the ledger line it looks like. */
function DuplicatePairs({ problem, onReplace, pending }: PairsProps) {
  return (
    <ul className="grid gap-2">
      {problem.duplicates.map((pair, index) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for the answer shown
          key={index}
          className="grid gap-1 rounded border border-amber-200 bg-surface p-2 text-sm"
        >
          <p>
            <span className="font-medium">New: </span>
            {describeLineBrief(pair.line)}
          </p>
          <p>
            <span className="font-medium">In your ledger: </span>
            {describeLineBrief(pair.existing)}
          </p>
          {onReplace && pair.existing.id ? (
            <div>
              <Button
                size="sm"
                variant="outline"
                disabled={pending}
                onClick={() => onReplace(pair.existing.id!)}
              >
                Replace this ledger line
              </Button>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

interface PairsProps {
  problem: ProbableDuplicatesProblem;
  pending: boolean;
  onReplace?: (lineId: string) => void;
}

const boxClasses = 'grid gap-3 rounded-md border border-amber-300 bg-amber-50 p-4';

/**
 * A CSV import refused with 409 `probable_duplicates` (decision 052): the rows that look like
 * lines of other sources, and the file's choice, which re-submits the same file.
 */
export function ImportDuplicatesPrompt({
  problem,
  pending,
  onChoose,
  onCancel,
}: {
  problem: ProbableDuplicatesProblem;
  pending: boolean;
  onChoose: (choice: ImportDuplicateChoice) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const more = problem.count - new Set(problem.duplicates.map((pair) => describeLineBrief(pair.line))).size;
  return (
    <section aria-labelledby={`${id}-title`} className={boxClasses}>
      <h3 id={`${id}-title`} className="font-semibold text-ink">
        Some rows look like lines already in your ledger
      </h3>
      <p className="text-sm text-slate-800">{problem.message}</p>
      <DuplicatePairs problem={problem} pending={pending} />
      {more > 0 ? <p className="text-sm text-slate-800">And {more.toLocaleString('en-GB')} more.</p> : null}
      <div className="flex flex-wrap gap-2">
        <Button disabled={pending} onClick={() => onChoose('skip')}>
          Skip these rows
        </Button>
        <Button variant="outline" disabled={pending} onClick={() => onChoose('keep')}>
          Keep both
        </Button>
        <Button variant="ghost" disabled={pending} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </section>
  );
}

/**
 * A receipt's draft line that looks like a ledger line (decision 052): keep both, replace the
 * ledger line with this one, or skip the draft.
 */
export function ReceiptDuplicatesPrompt({
  problem,
  pending,
  onKeep,
  onReplace,
  onSkip,
}: {
  problem: ProbableDuplicatesProblem;
  pending: boolean;
  onKeep: () => void;
  onReplace: (lineId: string) => void;
  onSkip: () => void;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className={boxClasses} role="alert">
      <h3 id={`${id}-title`} className="font-semibold text-ink">
        This looks like a line already in your ledger
      </h3>
      <DuplicatePairs problem={problem} pending={pending} onReplace={onReplace} />
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" disabled={pending} onClick={onKeep}>
          Keep both
        </Button>
        <Button variant="outline" disabled={pending} onClick={onSkip}>
          Skip this receipt's line
        </Button>
      </div>
    </section>
  );
}
