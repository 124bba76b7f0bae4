import type { DataRequestAnswer, UpdateAnswer } from '../../../domain/contracts/data-requests';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { ANSWER_STATUS_WORDS, beyondCapLabel } from './request-words';
import { formatDate, periodWords, sourceWords } from './shared-pack-words';

export interface AnswerActions {
  canEdit: boolean;
  busy: boolean;
  onEdit: (answer: DataRequestAnswer) => void;
  onChange: (answer: DataRequestAnswer, change: UpdateAnswer) => void;
}

/** The value as a person reads it; a missing or declined item has none. */
function ValueText({ answer }: { answer: DataRequestAnswer }) {
  if (answer.display !== null)
    return <p className="text-base font-semibold text-ink [overflow-wrap:anywhere]">{answer.display}</p>;
  return <p className="text-sm text-muted">No value</p>;
}

function Sources({ answer }: { answer: DataRequestAnswer }) {
  if (answer.sources.length === 0) return null;
  return (
    <div className="grid gap-1 text-sm">
      <p className="font-medium text-ink">Sources</p>
      <ul className="grid gap-0.5 text-muted">
        {answer.sources.map((source) => {
          const text = sourceWords(source);
          return (
            <li key={text} className="break-all">
              {text}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** What is missing and the page where it can be added (issue 22 item 2). */
function Missing({ answer }: { answer: DataRequestAnswer }) {
  if (!answer.missing || answer.status === 'answered') return null;
  return (
    <p className="text-sm text-ink">
      {answer.missing.reason}{' '}
      {answer.missing.href ? (
        <a href={answer.missing.href} className="font-medium text-brand-700 underline underline-offset-2">
          {answer.missing.action ?? 'Add it'}
        </a>
      ) : null}
    </p>
  );
}

function Actions({
  answer,
  rule,
  actions,
}: {
  answer: DataRequestAnswer;
  rule: string;
  actions: AnswerActions;
}) {
  if (!actions.canEdit) return null;
  const label = answer.question;
  const buttons = [];
  if (answer.status === 'beyond_cap' || answer.status === 'declined') {
    buttons.push(
      <Button
        key="answer"
        size="sm"
        variant="outline"
        disabled={actions.busy}
        aria-label={`Answer anyway: ${label}`}
        onClick={() => actions.onChange(answer, { action: 'answer' })}
      >
        Answer anyway
      </Button>,
    );
  }
  if (answer.status === 'answered' || answer.status === 'missing') {
    buttons.push(
      <Button
        key="edit"
        size="sm"
        variant="outline"
        disabled={actions.busy}
        aria-label={`${answer.status === 'missing' ? 'Answer' : 'Edit'}: ${label}`}
        onClick={() => actions.onEdit(answer)}
      >
        {answer.status === 'missing' ? 'Answer' : 'Edit'}
      </Button>,
    );
  }
  if (answer.edit) {
    buttons.push(
      <Button
        key="reset"
        size="sm"
        variant="ghost"
        disabled={actions.busy}
        aria-label={`Use the computed answer: ${label}`}
        onClick={() => actions.onChange(answer, { action: 'reset' })}
      >
        Use the computed answer
      </Button>,
    );
  }
  if (answer.isBeyondCap && answer.status === 'answered') {
    buttons.push(
      <Button
        key="decline"
        size="sm"
        variant="ghost"
        disabled={actions.busy}
        aria-label={`Decline: ${label} (${rule})`}
        onClick={() => actions.onChange(answer, { action: 'decline' })}
      >
        Decline
      </Button>,
    );
  }
  return <div className="flex flex-wrap gap-2">{buttons}</div>;
}

/** One item of a request: its answer, period, sources, and what the person may do with it. */
export function AnswerItem({
  answer,
  rule,
  actions,
}: {
  answer: DataRequestAnswer;
  rule: string;
  actions: AnswerActions;
}) {
  const status = ANSWER_STATUS_WORDS[answer.status];
  const headingId = `answer-${answer.key}`;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="grid gap-3 rounded-lg border border-border bg-surface p-4"
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={headingId} className="max-w-prose font-medium text-ink">
            {answer.disclosure ? <span className="text-muted">{answer.disclosure} · </span> : null}
            {answer.question}
          </h3>
          <div className="flex flex-wrap gap-1.5">
            <Badge tone={status.tone}>{status.label}</Badge>
            {answer.edit ? <Badge tone="warning">Edited</Badge> : null}
          </div>
        </div>
        {answer.isBeyondCap ? (
          <p className="text-sm font-medium text-sky-900">{beyondCapLabel(rule)}</p>
        ) : null}
        <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start">
          <div className="grid gap-1">
            <ValueText answer={answer} />
            <p className="text-sm text-muted">Period: {periodWords(answer.period)}</p>
            {answer.edit ? (
              <p className="text-sm text-muted">
                Edited {formatDate(answer.edit.editedAt)}
                {answer.edit.editedBy ? ` by ${answer.edit.editedBy}` : ''}; the computed answer was{' '}
                {answer.edit.computedValue === null
                  ? 'empty'
                  : (answer.edit.computedDisplay ?? String(answer.edit.computedValue))}
                .
              </p>
            ) : null}
          </div>
          <Actions answer={answer} rule={rule} actions={actions} />
        </div>
        <Missing answer={answer} />
        <Sources answer={answer} />
      </article>
    </li>
  );
}
