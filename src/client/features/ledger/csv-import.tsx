import { type ChangeEvent, type FormEvent, useId, useRef, useState } from 'react';
import { accountingFormatOf } from '../../../domain/activity-import/accounting-export/read-export';
import type { ImportResult } from '../../../domain/contracts/ledger';
import type { ImportAnswers, ImportPreview } from '../../../domain/contracts/ledger-import';
import type { ImportDuplicateChoice } from '../../../domain/contracts/ledger-probable-duplicates';
import { isUnauthorizedError } from '../../lib/api';
import { useCan } from '../../lib/permissions';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Button, buttonClasses } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { cn } from '../../ui/cn';
import { fieldClasses } from '../../ui/input';
import { Label } from '../../ui/label';
import { PermissionNote } from '../../ui/permission-note';
import { Progress } from '../../ui/progress';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/select';
import { AccountingImport } from './accounting-import';
import { IMPORT_TEMPLATE_PATH, useImportActivities, usePreviewImport } from './api';
import { humanize } from './format';
import {
  buildMapping,
  checkImportFile,
  describeImportResult,
  duplicateMappings,
  IGNORE_COLUMN,
  type ImportProblem,
  readImportProblem,
} from './import';
import { ImportFormFooter } from './import-form-footer';
import { ImportProblems } from './import-problems';
import { ImportQuestions } from './import-questions';
import { NotCountedNotice } from './not-counted-notice';
import {
  describeDuplicateCounts,
  type ProbableDuplicatesProblem,
  readProbableDuplicates,
} from './probable-duplicates';
import { ImportDuplicatesPrompt } from './probable-duplicates-prompt';
import { RememberedAnswers } from './remembered-answers';
import { RowErrorsTable } from './row-errors';

/** The import's summary, with what it did with probable duplicates (decision 052). */
const describeImport = (result: ImportResult) =>
  [describeImportResult(result), describeDuplicateCounts(result.probableDuplicates)]
    .filter(Boolean)
    .join(' ');

const NO_SOURCE = 'none';

type MappingProblem = Extract<ImportProblem, { kind: 'mapping' }>;

function MappingForm({
  problem,
  pending,
  onSubmit,
  onCancel,
}: {
  problem: MappingProblem;
  pending: boolean;
  onSubmit: (mapping: Record<string, string>) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [choices, setChoices] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const duplicates = duplicateMappings(choices);
    if (duplicates.length > 0) {
      setMessage(`Each field can come from one column only: ${duplicates.map(humanize).join(', ')}.`);
      return;
    }
    const { mapping, stillMissing } = buildMapping(problem.unknownColumns, choices, problem.missingFields);
    if (stillMissing.length > 0) {
      setMessage(`Choose a column for every required field: ${stillMissing.map(humanize).join(', ')}.`);
      return;
    }
    setMessage(null);
    onSubmit(mapping);
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-4 rounded-md border border-amber-300 bg-amber-50 p-4"
    >
      <div className="grid gap-1">
        <h3 className="font-semibold text-ink">Match your columns</h3>
        <p className="text-sm text-slate-800">{problem.message}</p>
        {problem.missingFields.length > 0 ? (
          <p className="text-sm text-slate-800">
            Required fields not found in the file: {problem.missingFields.map(humanize).join(', ')}.
          </p>
        ) : null}
      </div>
      <div className="grid gap-3">
        {problem.unknownColumns.map((column, index) => (
          <div key={column} className="grid gap-1.5">
            <Label htmlFor={`${id}-column-${index}`}>Column “{column}”</Label>
            <Select
              value={choices[column] || IGNORE_COLUMN}
              onValueChange={(value) => setChoices((current) => ({ ...current, [column]: value }))}
            >
              <SelectTrigger id={`${id}-column-${index}`} className="bg-surface">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={IGNORE_COLUMN}>Ignore this column</SelectItem>
                {problem.fields.map((field) => (
                  <SelectItem key={field} value={field}>
                    {humanize(field)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        ))}
      </div>
      <ImportFormFooter
        message={message}
        pending={pending}
        label="Import with this mapping"
        onCancel={onCancel}
      />
    </form>
  );
}

function ImportSummary({ result }: { result: ImportResult }) {
  return (
    <div className="grid gap-2 rounded-md border border-brand-100 bg-brand-50 p-4 text-sm">
      <h3 className="font-semibold text-brand-800">Import complete</h3>
      <p className="text-slate-800">{describeImport(result)}</p>
      <NotCountedNotice summary={result.notCounted} />
      {result.errors.length > 0 ? <RowErrorsTable errors={result.errors} total={result.errorCount} /> : null}
    </div>
  );
}

export function CsvImport({ csvSources }: { csvSources: ReadonlyArray<{ id: string; name: string }> }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [dataSourceId, setDataSourceId] = useState(NO_SOURCE);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<ImportProblem | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<Record<string, string> | undefined>(undefined);
  // A 409 probable_duplicates (decision 052) keeps the upload's answers, so the choice resends it.
  const [duplicates, setDuplicates] = useState<{
    problem: ProbableDuplicatesProblem;
    answers?: ImportAnswers;
  } | null>(null);
  /** A QuickBooks, Xero or Sage export: imported by its own flow (accounting-import.tsx). */
  const [accountingFile, setAccountingFile] = useState<File | null>(null);
  const mutation = useImportActivities();
  const previewing = usePreviewImport();
  const canImport = useCan('data.edit');
  const busy = mutation.isPending || previewing.isPending;

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setProblem(null);
    setResult(null);
    setDuplicates(null);
    setPreview(null);
    setMapping(undefined);
    setAccountingFile(null);
    if (!chosen) {
      setFile(null);
      setFileError(null);
      return;
    }
    const error = checkImportFile(chosen);
    setFileError(error);
    setFile(error ? null : chosen);
    if (error) toastError(error);
    // The title and header rows, in the first kilobytes, say whether it is an accounting export.
    else
      void chosen
        .slice(0, 8192)
        .text()
        .then((head) => {
          if (accountingFormatOf(head)) setAccountingFile(chosen);
        });
  };

  const closeAccountingImport = () => {
    setAccountingFile(null);
    setFile(null);
    if (inputRef.current) inputRef.current.value = '';
  };

  const onFailure = (error: unknown) => {
    if (isUnauthorizedError(error)) return;
    const found = readImportProblem(error);
    setProblem(found);
    if (found.kind === 'too_large') setFileError(found.message);
    if (found.kind !== 'mapping') toastError(found.kind === 'rows' ? 'Nothing was imported' : found.message);
  };

  /** The import itself, with the column mapping and the answers to the preview's questions. */
  const runImport = (
    chosen: File,
    columns?: Record<string, string>,
    answers?: ImportAnswers,
    onDuplicate?: ImportDuplicateChoice,
  ) => {
    setProgress(0);
    mutation.mutate(
      {
        file: chosen,
        mapping: columns,
        answers,
        dataSourceId: dataSourceId === NO_SOURCE ? undefined : dataSourceId,
        onDuplicate,
        onProgress: setProgress,
      },
      {
        onSuccess: (answer) => {
          setProblem(null);
          setDuplicates(null);
          setPreview(null);
          setResult(answer);
          setFile(null);
          if (inputRef.current) inputRef.current.value = '';
          toastSuccess(describeImport(answer), 'Import complete');
        },
        onError: async (error) => {
          const probable = await readProbableDuplicates(error);
          setDuplicates(probable ? { problem: probable, answers } : null);
          if (probable) {
            setProblem(null);
            setPreview(null);
            return;
          }
          onFailure(error);
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  /**
   * First the dry run (decision 049): a file that needs nothing imports straight away; otherwise
   * its questions and problems are shown, and nothing is written until they are answered.
   */
  const upload = (columns?: Record<string, string>) => {
    if (!file) {
      setFileError('Choose a CSV file to import');
      inputRef.current?.focus();
      return;
    }
    const chosen = file;
    setMapping(columns);
    setProgress(0);
    setResult(null);
    setPreview(null);
    setDuplicates(null);
    previewing.mutate(
      { file: chosen, mapping: columns, onProgress: setProgress },
      {
        onSuccess: (answer) => {
          setProgress(null);
          setProblem(null);
          if (answer.questions.length === 0 && answer.problems.length === 0) {
            runImport(chosen, columns);
            return;
          }
          if (answer.questions.length > 0) setPreview(answer);
          if (answer.problems.length > 0) {
            setProblem({
              kind: 'rows',
              message: `${answer.problemRowCount.toLocaleString('en-GB')} of ${answer.rowCount.toLocaleString('en-GB')} rows have problems; nothing was imported.`,
              errors: [],
              total: answer.problemRowCount,
              groups: answer.problems,
            });
          }
        },
        onError: (error) => {
          setProgress(null);
          onFailure(error);
        },
      },
    );
  };

  const uploading = busy && progress !== null;
  const hintId = `${id}-file-hint`;
  const errorId = `${id}-file-error`;

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Import activity from a CSV file</CardTitle>
        <CardDescription>
          One row per bill, trip or purchase. Rows already in the ledger are recognised and skipped.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <a className={buttonClasses('link', 'md', 'justify-self-start')} href={IMPORT_TEMPLATE_PATH} download>
          Download template
        </a>
        <PermissionNote action="data.edit" />
        {canImport ? (
          <form
            noValidate
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              upload();
            }}
          >
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-file`}>CSV file</Label>
              <input
                ref={inputRef}
                id={`${id}-file`}
                type="file"
                accept=".csv,text/csv"
                onChange={onFileChange}
                aria-describedby={fileError ? `${hintId} ${errorId}` : hintId}
                aria-invalid={fileError ? true : undefined}
                className={cn(
                  fieldClasses,
                  'h-auto py-2 file:mr-3 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-brand-800',
                )}
              />
              <p id={hintId} className="text-xs text-muted">
                A .csv file smaller than 10 MB, with a header row, or an export of QuickBooks (Transaction
                Detail by Account), Xero (Account Transactions) or Sage (transactions).
              </p>
              {fileError ? (
                <p id={errorId} role="alert" className="text-sm text-danger">
                  {fileError}
                </p>
              ) : null}
            </div>
            {csvSources.length > 0 ? (
              <div className="grid gap-1.5">
                <Label htmlFor={`${id}-source`}>Record under data source (optional)</Label>
                <Select value={dataSourceId} onValueChange={setDataSourceId}>
                  <SelectTrigger id={`${id}-source`}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={NO_SOURCE}>No data source</SelectItem>
                    {csvSources.map((source) => (
                      <SelectItem key={source.id} value={source.id}>
                        {source.name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
            ) : null}
            <div>
              <Button type="submit" disabled={busy || problem?.kind === 'mapping' || accountingFile !== null}>
                {busy ? 'Importing...' : 'Upload and import'}
              </Button>
            </div>
          </form>
        ) : null}
        <RememberedAnswers canEdit={canImport} />

        <div aria-live="polite" className="grid gap-4">
          {uploading ? (
            <div className="grid gap-1.5">
              <p className="text-sm text-muted">
                {progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : 'Checking the rows…'}
              </p>
              <Progress value={progress * 100} label="Upload progress" />
            </div>
          ) : null}
          {problem?.kind === 'mapping' ? (
            <MappingForm
              problem={problem}
              pending={busy}
              onSubmit={(columns) => upload(columns)}
              onCancel={() => setProblem(null)}
            />
          ) : null}
          {duplicates && file ? (
            <ImportDuplicatesPrompt
              problem={duplicates.problem}
              pending={busy}
              onChoose={(choice) => runImport(file, mapping, duplicates.answers, choice)}
              onCancel={() => setDuplicates(null)}
            />
          ) : null}
          {preview && file ? (
            <ImportQuestions
              key={`${file.name}-${preview.rowCount}`}
              preview={preview}
              pending={busy}
              onSubmit={(answers) => runImport(file, mapping, answers)}
              onCancel={() => setPreview(null)}
            />
          ) : null}
          {problem?.kind === 'rows' ? (
            <div className="grid gap-2 rounded-md border border-red-200 bg-red-50 p-4 text-sm">
              <h3 className="font-semibold text-red-800">Nothing was imported</h3>
              <p className="text-slate-800">
                {problem.message} Fix these rows in your file and upload it again; the whole file is imported
                at once or not at all.
              </p>
              {problem.groups.length > 0 ? (
                <ImportProblems groups={problem.groups} />
              ) : (
                <RowErrorsTable errors={problem.errors} total={problem.errors.length} />
              )}
            </div>
          ) : null}
          {problem?.kind === 'other' ? (
            <p role="alert" className="text-sm text-danger">
              Import failed: {problem.message}
            </p>
          ) : null}
          {result ? <ImportSummary result={result} /> : null}
          {accountingFile ? <AccountingImport file={accountingFile} onClose={closeAccountingImport} /> : null}
        </div>
      </CardContent>
    </Card>
  );
}
