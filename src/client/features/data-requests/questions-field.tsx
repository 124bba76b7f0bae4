import { type ChangeEvent, useState } from 'react';
import type { CsvRowError, CustomQuestion } from '../../../domain/contracts/data-requests';
import { getErrorMessage } from '../../lib/api';
import { FieldError, Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { Textarea } from '../../ui/textarea';
import { SegmentedControl } from '../../ui/toggle-group';
import { useReadQuestionsCsv } from './api';
import { readTypedQuestions } from './typed-questions';

/** A custom list: typed or pasted questions, or a CSV the server reads (its bad rows named). */
export interface QuestionsInput {
  mode: 'typed' | 'csv';
  typed: CustomQuestion[];
  csv: string;
  /** Why the list cannot be sent as it is; null when it can. */
  problem: string | null;
}

const MODES = [
  { value: 'typed', label: 'Type or paste' },
  { value: 'csv', label: 'Upload a CSV' },
] as const;

function RowErrors({ errors }: { errors: CsvRowError[] }) {
  return (
    <div className="grid gap-1 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
      <p className="font-medium">
        {errors.length === 1 ? '1 row needs fixing' : `${errors.length} rows need fixing`} before the list can
        be recorded:
      </p>
      <ul className="grid gap-0.5">
        {errors.map((error) => (
          <li key={`${error.row}-${error.message}`}>
            Row {error.row}: {error.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Sends a chosen CSV to the server to read; the list's `problem` says what is wrong until the rows
 * are fixed, and `summary` how many questions were read.
 */
function useQuestionsCsv(value: QuestionsInput, onChange: (next: QuestionsInput) => void) {
  const [rowErrors, setRowErrors] = useState<CsvRowError[]>([]);
  const [summary, setSummary] = useState<string | null>(null);
  const readCsv = useReadQuestionsCsv();

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setRowErrors([]);
    setSummary(null);
    if (!file) {
      onChange({ ...value, csv: '', problem: 'Choose a CSV file of questions' });
      return;
    }
    const csv = await file.text();
    onChange({ ...value, csv, problem: 'Reading the file...' });
    readCsv.mutate(csv, {
      onSuccess: (result) => {
        setRowErrors(result.errors);
        setSummary(
          `${result.questions.length} ${result.questions.length === 1 ? 'question' : 'questions'} read from ${file.name}.`,
        );
        onChange({
          ...value,
          csv,
          problem: result.errors.length > 0 ? 'Fix the rows named below and choose the file again' : null,
        });
      },
      onError: (failure) => onChange({ ...value, csv, problem: getErrorMessage(failure) }),
    });
  };
  return { onFile, rowErrors, summary, isReading: readCsv.isPending };
}

interface ModeFieldProps {
  id: string;
  /** The field's hint, then its error when there is one. */
  describedBy: string;
  invalid: boolean;
}

function TypedQuestionsField({
  id,
  describedBy,
  invalid,
  text,
  onText,
}: ModeFieldProps & { text: string; onText: (text: string) => void }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Questions, one per line</Label>
      <Textarea
        id={id}
        rows={6}
        value={text}
        onChange={(event) => onText(event.target.value)}
        placeholder={'Total scope 1 emissions in tCO2e\nNumber of employees at year end'}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
      />
      <p id={`${id}-hint`} className="text-sm text-muted">
        Paste from a spreadsheet or an email: each line is one question. Questions the product does not know
        stay "missing" rather than guessed.
      </p>
    </div>
  );
}

function CsvQuestionsField({
  id,
  describedBy,
  invalid,
  csv,
}: ModeFieldProps & { csv: ReturnType<typeof useQuestionsCsv> }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>CSV file of questions</Label>
      <Input
        id={id}
        type="file"
        accept=".csv,text/csv"
        onChange={csv.onFile}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
      />
      <p id={`${id}-hint`} className="text-sm text-muted">
        A header row with a <code>question</code> column, and optionally <code>key</code> (a known item such
        as <code>scope_1_t</code>) and <code>unit</code>.
      </p>
      <p role="status" className="text-sm empty:hidden">
        {csv.isReading ? 'Reading the file...' : (csv.summary ?? '')}
      </p>
      {csv.rowErrors.length > 0 ? <RowErrors errors={csv.rowErrors} /> : null}
    </div>
  );
}

export function QuestionsField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: QuestionsInput;
  onChange: (next: QuestionsInput) => void;
  error: string | undefined;
}) {
  const [text, setText] = useState('');
  const csv = useQuestionsCsv(value, onChange);

  const onText = (next: string) => {
    setText(next);
    const read = readTypedQuestions(next);
    onChange({ ...value, mode: 'typed', typed: read.questions, problem: read.error });
  };

  const errorId = `${id}-error`;
  const field = { id, describedBy: `${id}-hint${error ? ` ${errorId}` : ''}`, invalid: Boolean(error) };
  return (
    <fieldset className="grid gap-3 rounded-md border border-border p-4">
      <legend className="px-1 text-sm font-medium">Your questions</legend>
      <SegmentedControl
        label="How to add the questions"
        value={value.mode}
        options={MODES}
        onValueChange={(mode) =>
          onChange({
            ...value,
            mode,
            problem: mode === 'typed' ? readTypedQuestions(text).error : value.csv ? value.problem : null,
          })
        }
      />
      {value.mode === 'typed' ? (
        <TypedQuestionsField {...field} text={text} onText={onText} />
      ) : (
        <CsvQuestionsField {...field} csv={csv} />
      )}
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
}
