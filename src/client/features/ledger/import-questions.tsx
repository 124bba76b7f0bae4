import { type FormEvent, useId, useState } from 'react';
import type { ImportAnswers, ImportPreview, ImportQuestion } from '../../../domain/contracts/ledger-import';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/select';
import { categoryLabel } from './format';
import { type AnswerState, buildAnswers, questionKey, type SiteChoice } from './import';
import { ImportFormFooter } from './import-form-footer';
import { COMMON_COUNTRIES, regionChoices } from './sites';

/** The site select's value for "create a new site" (site ids are UUIDs). */
const NEW_SITE = 'new-site';
const WHOLE_COUNTRY = 'whole-country';

function questionTitle(question: ImportQuestion): string {
  switch (question.kind) {
    case 'site':
      return `Site “${question.text}”`;
    case 'category':
      return `Category “${question.text}”`;
    case 'spend':
      return question.text ? `Spend category for “${question.text}”` : 'Spend lines without a spend category';
    case 'variant':
      return question.text
        ? `${categoryLabel(question.category ?? '')}: “${question.text}”`
        : `${categoryLabel(question.category ?? '')} without a type`;
  }
}

/** A site the import creates, named as in the file, in the UK until the person says otherwise. */
function newSiteChoice(question: ImportQuestion): SiteChoice {
  return { kind: 'new', name: question.text, country: 'GB', region: '' };
}

function NewSiteFields({
  id,
  answer,
  onChange,
}: {
  id: string;
  answer: Extract<SiteChoice, { kind: 'new' }>;
  onChange: (answer: SiteChoice) => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-name`}>New site name</Label>
        <Input
          id={`${id}-name`}
          value={answer.name}
          maxLength={100}
          onChange={(event) => onChange({ ...answer, name: event.target.value })}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-country`}>Country</Label>
        <Select
          value={answer.country}
          onValueChange={(country) => onChange({ ...answer, country, region: '' })}
        >
          <SelectTrigger id={`${id}-country`} className="bg-surface">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {COMMON_COUNTRIES.map((country) => (
              <SelectItem key={country.code} value={country.code}>
                {country.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-region`}>Region</Label>
        <Select
          value={answer.region || WHOLE_COUNTRY}
          onValueChange={(region) => onChange({ ...answer, region: region === WHOLE_COUNTRY ? '' : region })}
        >
          <SelectTrigger id={`${id}-region`} className="bg-surface">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={WHOLE_COUNTRY}>Whole country</SelectItem>
            {regionChoices(answer.country, answer.region).map((region) => (
              <SelectItem key={region.code} value={region.code}>
                {region.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}

function SiteQuestion({
  question,
  answer,
  onChange,
  id,
}: {
  question: ImportQuestion;
  answer: SiteChoice;
  onChange: (answer: SiteChoice) => void;
  id: string;
}) {
  const isNew = answer.kind === 'new';
  return (
    <div className="grid gap-2">
      <Select
        value={isNew ? NEW_SITE : answer.siteId}
        onValueChange={(value) =>
          onChange(value === NEW_SITE ? newSiteChoice(question) : { kind: 'existing', siteId: value })
        }
      >
        <SelectTrigger id={id} className="bg-surface">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={NEW_SITE}>Create a new site</SelectItem>
          {question.choices.map((choice) => (
            <SelectItem key={choice.value} value={choice.value}>
              Use my site “{choice.label}”
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {answer.kind === 'new' ? <NewSiteFields id={id} answer={answer} onChange={onChange} /> : null}
    </div>
  );
}

/** One question: its title, the rows it covers and its choices. */
function QuestionItem({
  question,
  fieldId,
  answer,
  onAnswer,
}: {
  question: ImportQuestion;
  fieldId: string;
  answer: AnswerState[string] | undefined;
  onAnswer: (answer: AnswerState[string]) => void;
}) {
  return (
    <li className="grid gap-1.5">
      <Label htmlFor={fieldId}>{questionTitle(question)}</Label>
      <p className="text-xs text-muted">
        {question.count === 1 ? '1 row' : `${question.count.toLocaleString('en-GB')} rows`}: {question.rows}
      </p>
      {question.kind === 'site' ? (
        <SiteQuestion
          id={fieldId}
          question={question}
          answer={(answer as SiteChoice | undefined) ?? newSiteChoice(question)}
          onChange={onAnswer}
        />
      ) : (
        <Select value={typeof answer === 'string' ? answer : undefined} onValueChange={onAnswer}>
          <SelectTrigger id={fieldId} className="bg-surface">
            <SelectValue placeholder="Choose…" />
          </SelectTrigger>
          <SelectContent>
            {question.choices.map((choice) => (
              <SelectItem key={choice.value} value={choice.value}>
                {choice.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </li>
  );
}

/**
 * The mapping step's questions (decision 049): one per unknown site, category, variant or spend
 * text, each with its rows and plain choices. The answers are remembered with the import.
 */
export function ImportQuestions({
  preview,
  pending,
  onSubmit,
  onCancel,
}: {
  preview: ImportPreview;
  pending: boolean;
  onSubmit: (answers: ImportAnswers) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [state, setState] = useState<AnswerState>(() => {
    const initial: AnswerState = {};
    for (const question of preview.questions) {
      if (question.kind === 'site') initial[questionKey(question)] = newSiteChoice(question);
    }
    return initial;
  });
  const [message, setMessage] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = buildAnswers(preview.questions, state);
    if (!result.ok) {
      setMessage(`Answer every question first (${result.unanswered.length} left).`);
      return;
    }
    setMessage(null);
    onSubmit(result.answers);
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-4 rounded-md border border-amber-300 bg-amber-50 p-4"
    >
      <div className="grid gap-1">
        <h3 className="font-semibold text-ink">A few questions before importing</h3>
        <p className="text-sm text-slate-800">
          {preview.readyCount.toLocaleString('en-GB')} of {preview.rowCount.toLocaleString('en-GB')} rows are
          ready. Tell us what these mean; your answers are remembered for the next file.
        </p>
      </div>
      <ol className="grid gap-4">
        {preview.questions.map((question, index) => {
          const key = questionKey(question);
          return (
            <QuestionItem
              key={key}
              question={question}
              fieldId={`${id}-q${index}`}
              answer={state[key]}
              onAnswer={(value) => setState((current) => ({ ...current, [key]: value }))}
            />
          );
        })}
      </ol>
      <ImportFormFooter
        message={message}
        pending={pending}
        label="Import with these answers"
        onCancel={onCancel}
      />
    </form>
  );
}
