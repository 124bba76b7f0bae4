// The accounting-export import (decision 050), shown by the import card when the chosen file is a
// QuickBooks, Xero or Sage export: pick the site, say once what each account is (suggested or
// remembered choices pre-filled), see what is left out and why, then import.
import { useEffect, useId, useState } from 'react';
import type {
  AccountingImportResult,
  AccountingPreview,
  LeftOut,
} from '../../../domain/contracts/ledger-accounting-import';
import type { ImportDuplicateChoice } from '../../../domain/contracts/ledger-probable-duplicates';
import { isUnauthorizedError } from '../../lib/api';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Button } from '../../ui/button';
import { fieldClasses } from '../../ui/input';
import { Label } from '../../ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/select';
import { Table, TableCaption, TableCell, TableHeaderCell } from '../../ui/table';
import {
  choiceValue,
  describeAccountingResult,
  describeLeftOut,
  formatAmount,
  initialChoices,
  mappingAnswers,
  NOT_CHOSEN,
  type PreviewAccount,
  readAccountingProblem,
} from './accounting';
import { useAccountingPreview, useImportAccountingExport, useSites } from './api';
import { NotCountedNotice } from './not-counted-notice';
import {
  describeDuplicateCounts,
  type ProbableDuplicatesProblem,
  readProbableDuplicates,
} from './probable-duplicates';
import { ImportDuplicatesPrompt } from './probable-duplicates-prompt';
import { RowErrorsTable } from './row-errors';

const FROM_COLUMN = 'from-column';

function LeftOutTable({
  rows,
  currency,
  caption,
}: {
  rows: readonly LeftOut[];
  currency: string | null;
  caption: string;
}) {
  if (rows.length === 0) return null;
  return (
    <Table label={caption} className="bg-surface">
      <TableCaption>{caption}</TableCaption>
      <thead>
        <tr>
          <TableHeaderCell scope="col">What</TableHeaderCell>
          <TableHeaderCell scope="col">How many</TableHeaderCell>
          <TableHeaderCell scope="col">Why</TableHeaderCell>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.reason}>
            <TableCell>{row.label}</TableCell>
            <TableCell className="tabular-nums">{describeLeftOut(row, currency)}</TableCell>
            <TableCell>{row.why}</TableCell>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function AccountRow({
  account,
  preview,
  value,
  onChange,
}: {
  account: PreviewAccount;
  preview: AccountingPreview;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const name = account.code ? `${account.code} ${account.name}` : account.name;
  return (
    <tr>
      <TableCell>
        <Label htmlFor={id}>{name}</Label>
        {account.remembered ? <p className="text-xs text-muted">Your earlier choice</p> : null}
      </TableCell>
      <TableCell className="tabular-nums">
        {account.lines} · {formatAmount(account.amount, preview.currency)}
      </TableCell>
      <TableCell>
        <Select value={value} onValueChange={onChange}>
          <SelectTrigger id={id} className="min-w-56 bg-surface">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NOT_CHOSEN}>Choose what this account is…</SelectItem>
            {preview.choices.map((choice) => (
              <SelectItem key={choiceValue(choice)} value={choiceValue(choice)}>
                {choice.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </TableCell>
    </tr>
  );
}

function ImportedSummary({ result }: { result: AccountingImportResult }) {
  return (
    <div className="grid gap-2 rounded-md border border-brand-100 bg-brand-50 p-4 text-sm">
      <h3 className="font-semibold text-brand-800">Import complete</h3>
      <p className="text-slate-800">
        {[describeAccountingResult(result), describeDuplicateCounts(result.probableDuplicates)]
          .filter(Boolean)
          .join(' ')}
      </p>
      <NotCountedNotice summary={result.notCounted} />
      <LeftOutTable rows={result.leftOut} currency={result.currency} caption="Left out of the import" />
    </div>
  );
}

type Sites = ReturnType<typeof useSites>['data'];

function SiteField({
  id,
  sites,
  siteColumn,
  value,
  onChange,
}: {
  id: string;
  sites: Sites;
  siteColumn: string | null | undefined;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-1.5 sm:max-w-sm">
      <Label htmlFor={`${id}-site`}>Site for these lines</Label>
      <Select
        value={value || NOT_CHOSEN}
        onValueChange={(chosen) => onChange(chosen === NOT_CHOSEN ? '' : chosen)}
      >
        <SelectTrigger id={`${id}-site`}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={NOT_CHOSEN}>Choose a site…</SelectItem>
          {(sites ?? []).map((option) => (
            <SelectItem key={option.id} value={option.id}>
              {option.name}
            </SelectItem>
          ))}
          {siteColumn ? <SelectItem value={FROM_COLUMN}>Each row’s “{siteColumn}” column</SelectItem> : null}
        </SelectContent>
      </Select>
    </div>
  );
}

function CurrencyField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-1.5 sm:max-w-xs">
      <Label htmlFor={`${id}-currency`}>Currency of the amounts</Label>
      <input
        id={`${id}-currency`}
        className={fieldClasses}
        value={value}
        maxLength={3}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value.toUpperCase())}
      />
    </div>
  );
}

function ExportHeading({ id, shown }: { id: string; shown: AccountingPreview }) {
  return (
    <div className="grid gap-1">
      <h3 id={`${id}-title`} className="font-semibold text-ink">
        {shown.formatLabel} export
      </h3>
      <p className="text-sm text-slate-800">
        {shown.transactionCount} transactions. Spend is counted net of VAT, in the currency of your books;
        energy and fuel bills whose description states kWh, litres or m³ count by that quantity.
      </p>
    </div>
  );
}

type Choices = Record<string, string>;

function AccountsTable({
  shown,
  choices,
  onChoose,
}: {
  shown: AccountingPreview;
  choices: Choices;
  onChoose: (account: string, value: string) => void;
}) {
  const counted = shown.accounts.filter((account) => !account.excludedAs);
  if (counted.length === 0) return null;
  return (
    <Table label="What each account is" className="bg-surface">
      <TableCaption>
        What each account is (remembered for your next import and your connected books)
      </TableCaption>
      <thead>
        <tr>
          <TableHeaderCell scope="col">Account</TableHeaderCell>
          <TableHeaderCell scope="col">Lines · net amount</TableHeaderCell>
          <TableHeaderCell scope="col">Counts as</TableHeaderCell>
        </tr>
      </thead>
      <tbody>
        {counted.map((account) => (
          <AccountRow
            key={account.key}
            account={account}
            preview={shown}
            value={choices[account.key] ?? NOT_CHOSEN}
            onChange={(value) => onChoose(account.key, value)}
          />
        ))}
      </tbody>
    </Table>
  );
}

function ExcludedAccounts({ shown }: { shown: AccountingPreview }) {
  const excluded = shown.accounts.filter((account) => account.excludedAs);
  if (excluded.length === 0) return null;
  return (
    <p className="text-sm text-slate-800">
      Left out by their type:{' '}
      {excluded.map((account) => `${account.name} (${account.excludedLabel})`).join(', ')}.
    </p>
  );
}

/** The person's answers (site, currency, what each account is) and sending the import with them. */
function useAccountingImportAnswers(file: File, shown: AccountingPreview) {
  const importing = useImportAccountingExport();
  const [choices, setChoices] = useState<Choices>(() => initialChoices(shown.accounts));
  const [site, setSite] = useState('');
  const [currency, setCurrency] = useState(shown.currency ?? '');
  const [message, setMessage] = useState<string | null>(null);
  const [rows, setRows] = useState<{ line: number; message: string }[]>([]);
  const [result, setResult] = useState<AccountingImportResult | null>(null);
  // A 409 probable_duplicates (decision 052): the person chooses, and the same import is sent again.
  const [duplicates, setDuplicates] = useState<ProbableDuplicatesProblem | null>(null);

  const submit = (onDuplicate?: ImportDuplicateChoice) => {
    const { mappings, missing } = mappingAnswers(shown.accounts, choices);
    if (!site) return setMessage('Choose the site these lines belong to.');
    if (missing.length > 0) return setMessage(`Choose what each account is: ${missing.join(', ')}.`);
    if (!/^[A-Za-z]{3}$/.test(currency)) return setMessage('Enter the currency of the amounts, e.g. GBP.');
    setMessage(null);
    setRows([]);
    const where = site === FROM_COLUMN ? { siteFromColumn: true } : { siteId: site };
    importing.mutate(
      { file, options: { ...where, currency: currency.toUpperCase(), mappings, onDuplicate } },
      {
        onSuccess: (answer) => {
          setDuplicates(null);
          setResult(answer);
          toastSuccess(describeAccountingResult(answer), 'Import complete');
        },
        onError: async (error) => {
          if (isUnauthorizedError(error)) return;
          const probable = await readProbableDuplicates(error);
          setDuplicates(probable);
          if (probable) return;
          const problem = readAccountingProblem(error);
          setMessage(problem.message);
          setRows(problem.rows);
          toastError('Nothing was imported');
        },
      },
    );
  };
  const choose = (account: string, value: string) =>
    setChoices((current) => ({ ...current, [account]: value }));
  return {
    ...{ choices, site, currency, message, rows, result, duplicates, pending: importing.isPending },
    ...{ choose, setSite, setCurrency, setDuplicates, submit },
  };
}

function AccountingImportForm({
  file,
  shown,
  onClose,
}: {
  file: File;
  shown: AccountingPreview;
  onClose: () => void;
}) {
  const id = useId();
  const sites = useSites();
  const answers = useAccountingImportAnswers(file, shown);
  const { pending } = answers;

  if (answers.result) {
    return (
      <div className="grid gap-3">
        <ImportedSummary result={answers.result} />
        <Button variant="outline" className="justify-self-start" onClick={onClose}>
          Import another file
        </Button>
      </div>
    );
  }

  return (
    <form
      noValidate
      className="grid gap-4 rounded-md border border-brand-100 p-4"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        answers.submit();
      }}
    >
      <ExportHeading id={id} shown={shown} />
      <SiteField
        id={id}
        sites={sites.data}
        siteColumn={shown.siteColumn}
        value={answers.site}
        onChange={answers.setSite}
      />
      <CurrencyField id={id} value={answers.currency} onChange={answers.setCurrency} />
      <AccountsTable shown={shown} choices={answers.choices} onChoose={answers.choose} />
      <ExcludedAccounts shown={shown} />
      <LeftOutTable
        rows={shown.leftOut}
        currency={answers.currency || shown.currency}
        caption="What the import leaves out"
      />
      {shown.problemCount > 0 ? <RowErrorsTable errors={shown.problems} total={shown.problemCount} /> : null}
      {answers.message ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {answers.message}
        </p>
      ) : null}
      {answers.rows.length > 0 ? <RowErrorsTable errors={answers.rows} total={answers.rows.length} /> : null}
      {answers.duplicates ? (
        <ImportDuplicatesPrompt
          problem={answers.duplicates}
          pending={pending}
          onChoose={(choice) => answers.submit(choice)}
          onCancel={() => answers.setDuplicates(null)}
        />
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? 'Importing…' : 'Import'}
        </Button>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Reads the export's preview once per file, then shows the form that answers it. */
export function AccountingImport({ file, onClose }: { file: File; onClose: () => void }) {
  const preview = useAccountingPreview();
  const { mutate: readPreview } = preview;

  useEffect(() => {
    readPreview(file);
  }, [file, readPreview]);

  if (preview.isPending || preview.isIdle) return <p className="text-sm text-muted">Reading the export…</p>;
  if (preview.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        {readAccountingProblem(preview.error).message}
      </p>
    );
  }
  // Keyed by file: a new export starts from its own suggested choices and currency.
  return (
    <AccountingImportForm
      key={`${file.name}-${file.size}-${file.lastModified}`}
      file={file}
      shown={preview.data}
      onClose={onClose}
    />
  );
}
