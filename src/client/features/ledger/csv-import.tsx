import { type FormEvent, useId, useState } from 'react';
import type { ImportResult } from '../../../domain/contracts/ledger';
import { useCan } from '../../lib/permissions';
import { Button, buttonClasses } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { cn } from '../../ui/cn';
import { fieldClasses } from '../../ui/input';
import { Label } from '../../ui/label';
import { PermissionNote } from '../../ui/permission-note';
import { Progress } from '../../ui/progress';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/select';
import { AccountingImport } from './accounting-import';
import { IMPORT_TEMPLATE_PATH } from './api';
import { type ChosenFile, type CsvImportFlow, describeImport, useCsvImport } from './csv-import-flow';
import { humanize } from './format';
import { buildMapping, duplicateMappings, IGNORE_COLUMN, type ImportProblem } from './import';
import { ImportFormFooter } from './import-form-footer';
import { ImportProblems } from './import-problems';
import { ImportQuestions } from './import-questions';
import { NotCountedNotice } from './not-counted-notice';
import { ImportDuplicatesPrompt } from './probable-duplicates-prompt';
import { RememberedAnswers } from './remembered-answers';
import { RowErrorsTable } from './row-errors';

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

type RowsProblem = Extract<ImportProblem, { kind: 'rows' }>;

function NothingImported({ problem }: { problem: RowsProblem }) {
  return (
    <div className="grid gap-2 rounded-md border border-red-200 bg-red-50 p-4 text-sm">
      <h3 className="font-semibold text-red-800">Nothing was imported</h3>
      <p className="text-slate-800">
        {problem.message} Fix these rows in your file and upload it again; the whole file is imported at once
        or not at all.
      </p>
      {problem.groups.length > 0 ? (
        <ImportProblems groups={problem.groups} />
      ) : (
        <RowErrorsTable errors={problem.errors} total={problem.errors.length} />
      )}
    </div>
  );
}

function FileField({ id, chosen }: { id: string; chosen: ChosenFile }) {
  const hintId = `${id}-file-hint`;
  const errorId = `${id}-file-error`;
  const { fileError } = chosen;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-file`}>CSV file</Label>
      <input
        ref={chosen.inputRef}
        id={`${id}-file`}
        type="file"
        accept=".csv,text/csv"
        onChange={chosen.onFileChange}
        aria-describedby={fileError ? `${hintId} ${errorId}` : hintId}
        aria-invalid={fileError ? true : undefined}
        className={cn(
          fieldClasses,
          'h-auto py-2 file:mr-3 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-brand-800',
        )}
      />
      <p id={hintId} className="text-xs text-muted">
        A .csv file smaller than 10 MB, with a header row, or an export of QuickBooks (Transaction Detail by
        Account), Xero (Account Transactions) or Sage (transactions).
      </p>
      {fileError ? (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {fileError}
        </p>
      ) : null}
    </div>
  );
}

function SourceField({
  id,
  csvSources,
  value,
  onChange,
}: {
  id: string;
  csvSources: CsvSources;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-source`}>Record under data source (optional)</Label>
      <Select value={value} onValueChange={onChange}>
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
  );
}

function UploadProgress({ progress }: { progress: number }) {
  return (
    <div className="grid gap-1.5">
      <p className="text-sm text-muted">
        {progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : 'Checking the rows…'}
      </p>
      <Progress value={progress * 100} label="Upload progress" />
    </div>
  );
}

/** What the upload came to: progress, the mapping form, the duplicates prompt, questions, problems, summary. */
function ImportOutcomePanels({ flow }: { flow: CsvImportFlow }) {
  const { outcome, chosen, busy } = flow;
  const { progress, problem, preview, duplicates, mapping } = outcome;
  const file = chosen.file;
  return (
    <div aria-live="polite" className="grid gap-4">
      {busy && progress !== null ? <UploadProgress progress={progress} /> : null}
      {problem?.kind === 'mapping' ? (
        <MappingForm
          problem={problem}
          pending={busy}
          onSubmit={(columns) => flow.upload(columns)}
          onCancel={() => outcome.setProblem(null)}
        />
      ) : null}
      {duplicates && file ? (
        <ImportDuplicatesPrompt
          problem={duplicates.problem}
          pending={busy}
          onChoose={(choice) => flow.runImport(file, mapping, duplicates.answers, choice)}
          onCancel={() => outcome.setDuplicates(null)}
        />
      ) : null}
      {preview && file ? (
        <ImportQuestions
          key={`${file.name}-${preview.rowCount}`}
          preview={preview}
          pending={busy}
          onSubmit={(answers) => flow.runImport(file, mapping, answers)}
          onCancel={() => outcome.setPreview(null)}
        />
      ) : null}
      {problem?.kind === 'rows' ? <NothingImported problem={problem} /> : null}
      {problem?.kind === 'other' ? (
        <p role="alert" className="text-sm text-danger">
          Import failed: {problem.message}
        </p>
      ) : null}
      {outcome.result ? <ImportSummary result={outcome.result} /> : null}
      {chosen.accountingFile ? (
        <AccountingImport file={chosen.accountingFile} onClose={chosen.closeAccountingImport} />
      ) : null}
    </div>
  );
}

type CsvSources = ReadonlyArray<{ id: string; name: string }>;

export function CsvImport({ csvSources }: { csvSources: CsvSources }) {
  const id = useId();
  const [dataSourceId, setDataSourceId] = useState(NO_SOURCE);
  const flow = useCsvImport(dataSourceId === NO_SOURCE ? undefined : dataSourceId);
  const canImport = useCan('data.edit');
  const { busy, outcome, chosen } = flow;

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
              flow.upload();
            }}
          >
            <FileField id={id} chosen={chosen} />
            {csvSources.length > 0 ? (
              <SourceField id={id} csvSources={csvSources} value={dataSourceId} onChange={setDataSourceId} />
            ) : null}
            <div>
              <Button
                type="submit"
                disabled={busy || outcome.problem?.kind === 'mapping' || chosen.accountingFile !== null}
              >
                {busy ? 'Importing...' : 'Upload and import'}
              </Button>
            </div>
          </form>
        ) : null}
        <RememberedAnswers canEdit={canImport} />
        <ImportOutcomePanels flow={flow} />
      </CardContent>
    </Card>
  );
}
