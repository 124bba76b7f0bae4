import { type ChangeEvent, useRef, useState } from 'react';
import { accountingFormatOf } from '../../../domain/activity-import/accounting-export/read-export';
import type { ImportResult } from '../../../domain/contracts/ledger';
import type { ImportAnswers, ImportPreview } from '../../../domain/contracts/ledger-import';
import type { ImportDuplicateChoice } from '../../../domain/contracts/ledger-probable-duplicates';
import { isUnauthorizedError } from '../../lib/api';
import { toastError, toastSuccess } from '../../stores/toasts';
import { useImportActivities, usePreviewImport } from './api';
import { checkImportFile, describeImportResult, type ImportProblem, readImportProblem } from './import';
import {
  describeDuplicateCounts,
  type ProbableDuplicatesProblem,
  readProbableDuplicates,
} from './probable-duplicates';

/** The import's summary, with what it did with probable duplicates (decision 052). */
export const describeImport = (result: ImportResult) =>
  [describeImportResult(result), describeDuplicateCounts(result.probableDuplicates)]
    .filter(Boolean)
    .join(' ');

type ColumnMapping = Record<string, string>;

/** The dry run's rows with problems, shown as "nothing was imported" (decision 049). */
const previewRowsProblem = (answer: ImportPreview): ImportProblem => ({
  kind: 'rows',
  message: `${answer.problemRowCount.toLocaleString('en-GB')} of ${answer.rowCount.toLocaleString('en-GB')} rows have problems; nothing was imported.`,
  errors: [],
  total: answer.problemRowCount,
  groups: answer.problems,
});

/** The chosen file, its check, and whether it is a QuickBooks, Xero or Sage export (accounting-import.tsx). */
function useChosenFile(onChange: () => void) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [accountingFile, setAccountingFile] = useState<File | null>(null);

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    onChange();
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

  const clear = () => {
    setFile(null);
    if (inputRef.current) inputRef.current.value = '';
  };
  const closeAccountingImport = () => {
    setAccountingFile(null);
    clear();
  };
  return {
    inputRef,
    file,
    fileError,
    setFileError,
    accountingFile,
    onFileChange,
    clear,
    closeAccountingImport,
  };
}

/** What the upload came to so far: its progress, problem, questions, duplicates prompt or summary. */
function useImportOutcome() {
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<ImportProblem | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping | undefined>(undefined);
  // A 409 probable_duplicates (decision 052) keeps the upload's answers, so the choice resends it.
  const [duplicates, setDuplicates] = useState<{
    problem: ProbableDuplicatesProblem;
    answers?: ImportAnswers;
  } | null>(null);
  const reset = () => {
    setProblem(null);
    setResult(null);
    setDuplicates(null);
    setPreview(null);
    setMapping(undefined);
  };
  return {
    ...{ progress, problem, result, preview, mapping, duplicates, reset },
    ...{ setProgress, setProblem, setResult, setPreview, setMapping, setDuplicates },
  };
}

type ImportOutcome = ReturnType<typeof useImportOutcome>;
type ChosenFile = ReturnType<typeof useChosenFile>;

/** A failed preview or import, shown as its problem (a mapping problem shows its own form, no toast). */
function showFailure(error: unknown, outcome: ImportOutcome, chosen: ChosenFile) {
  if (isUnauthorizedError(error)) return;
  const found = readImportProblem(error);
  outcome.setProblem(found);
  if (found.kind === 'too_large') chosen.setFileError(found.message);
  if (found.kind !== 'mapping') toastError(found.kind === 'rows' ? 'Nothing was imported' : found.message);
}

/** The import itself, with the column mapping and the answers to the preview's questions. */
function useRunImport(outcome: ImportOutcome, chosen: ChosenFile, dataSourceId: string | undefined) {
  const mutation = useImportActivities();
  const runImport = (
    file: File,
    columns?: ColumnMapping,
    answers?: ImportAnswers,
    onDuplicate?: ImportDuplicateChoice,
  ) => {
    outcome.setProgress(0);
    mutation.mutate(
      { file, mapping: columns, answers, dataSourceId, onDuplicate, onProgress: outcome.setProgress },
      {
        onSuccess: (answer) => {
          outcome.setProblem(null);
          outcome.setDuplicates(null);
          outcome.setPreview(null);
          outcome.setResult(answer);
          chosen.clear();
          toastSuccess(describeImport(answer), 'Import complete');
        },
        onError: async (error) => {
          const probable = await readProbableDuplicates(error);
          outcome.setDuplicates(probable ? { problem: probable, answers } : null);
          if (probable) {
            outcome.setProblem(null);
            outcome.setPreview(null);
            return;
          }
          showFailure(error, outcome, chosen);
        },
        onSettled: () => outcome.setProgress(null),
      },
    );
  };
  return { runImport, importing: mutation.isPending };
}

/**
 * First the dry run (decision 049): a file that needs nothing imports straight away; otherwise
 * its questions and problems are shown, and nothing is written until they are answered.
 */
function usePreviewThenImport(outcome: ImportOutcome, chosen: ChosenFile, runImport: RunImport) {
  const previewing = usePreviewImport();
  const upload = (columns?: ColumnMapping) => {
    const file = chosen.file;
    if (!file) {
      chosen.setFileError('Choose a CSV file to import');
      chosen.inputRef.current?.focus();
      return;
    }
    outcome.setMapping(columns);
    outcome.setProgress(0);
    outcome.setResult(null);
    outcome.setPreview(null);
    outcome.setDuplicates(null);
    previewing.mutate(
      { file, mapping: columns, onProgress: outcome.setProgress },
      {
        onSuccess: (answer) => {
          outcome.setProgress(null);
          outcome.setProblem(null);
          if (answer.questions.length === 0 && answer.problems.length === 0) return runImport(file, columns);
          if (answer.questions.length > 0) outcome.setPreview(answer);
          if (answer.problems.length > 0) outcome.setProblem(previewRowsProblem(answer));
        },
        onError: (error) => {
          outcome.setProgress(null);
          showFailure(error, outcome, chosen);
        },
      },
    );
  };
  return { upload, previewing: previewing.isPending };
}

type RunImport = ReturnType<typeof useRunImport>['runImport'];

/** The CSV import's whole flow: the chosen file, the dry run, the import and what each came to. */
export function useCsvImport(dataSourceId: string | undefined) {
  const outcome = useImportOutcome();
  const chosen = useChosenFile(outcome.reset);
  const { runImport, importing } = useRunImport(outcome, chosen, dataSourceId);
  const { upload, previewing } = usePreviewThenImport(outcome, chosen, runImport);
  return { outcome, chosen, runImport, upload, busy: importing || previewing };
}

export type CsvImportFlow = ReturnType<typeof useCsvImport>;
export type { ChosenFile };
