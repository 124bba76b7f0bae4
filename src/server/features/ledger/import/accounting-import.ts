// Import of an accounting system's own export (decision 050): QuickBooks "Transaction Detail by
// Account", Xero "Account Transactions", a Sage transaction list. The preview reads the file and
// says what it is, its accounts with their remembered or suggested mapping, and what would be
// left out. The import plans the ledger lines (domain accounting-export/plan.ts), writes them
// through the ONE import write path, by handing importActivities the lines as the product's own
// CSV (all or nothing, audited, each line fingerprinted so the same export adds nothing twice),
// then remembers the mappings for the company with their audit row.
import { eq } from 'drizzle-orm';
import { sites } from '../../../../../db/schema/ledger.ts';
import type { AccountTarget } from '../../../../domain/activity-import/accounting-export/account-targets.ts';
import {
  ACCOUNT_CHOICES,
  toAccountTarget,
} from '../../../../domain/activity-import/accounting-export/choices.ts';
import { LEFT_OUT_LABELS } from '../../../../domain/activity-import/accounting-export/exclusion.ts';
import {
  FORMAT_LABELS,
  type ParsedExport,
} from '../../../../domain/activity-import/accounting-export/export-types.ts';
import {
  planAccountingImport,
  plannedLinesCsv,
  summariseAccounts,
} from '../../../../domain/activity-import/accounting-export/plan.ts';
import {
  accountingFormatOf,
  readAccountingExport,
} from '../../../../domain/activity-import/accounting-export/read-export.ts';
import { MAX_IMPORT_BYTES } from '../../../../domain/activity-import/limits.ts';
import { orList, parseCurrency } from '../../../../domain/activity-import/vocabulary.ts';
import type { ImportResult } from '../../../../domain/contracts/ledger.ts';
import type {
  AccountingImportOptions,
  AccountingImportResult,
  AccountingPreview,
} from '../../../../domain/contracts/ledger-accounting-import.ts';
import type { AuthedContext } from '../../../context.ts';
import { HttpError } from '../../../lib/errors.ts';
import { companyAccountMappingsOf, saveCompanyAccountMappingsStatements } from '../../connectors/service.ts';
import { fieldError } from '../lines/line-input.ts';
import { fileTooLarge } from './import-refusals.ts';
import { importActivities } from './import-service.ts';

const NOT_AN_EXPORT =
  'This file is not a QuickBooks "Transaction Detail by Account", Xero "Account Transactions" or Sage transaction list export.';

/** UTF-8, else Windows-1252 (WHATWG label "latin1"): what Excel and Sage 50 write on Windows, "£" one byte 0xA3. */
function decode(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

async function readExport(file: File): Promise<ParsedExport> {
  if (file.size > MAX_IMPORT_BYTES) throw fileTooLarge();
  const parsed = readAccountingExport(decode(await file.arrayBuffer()));
  if (!parsed) throw new HttpError(422, NOT_AN_EXPORT, 'not_accounting_export');
  return parsed;
}

/**
 * The CSV import's guard: an accounting export sent to it is pointed to the accounting import
 * (issue 17: a QuickBooks export got "required columns are missing: site, unit"). Reads only the
 * head of the file: title and header rows.
 */
export async function refuseAccountingExport(file: File): Promise<void> {
  const format = accountingFormatOf(decode(await file.slice(0, ACCOUNTING_HEAD_BYTES).arrayBuffer()));
  if (!format) return;
  throw new HttpError(
    422,
    `This is a ${FORMAT_LABELS[format]} export. Import it as an accounting export: choose the site and what each account is, and it imports.`,
    'accounting_export',
    { format },
  );
}

/** Enough for the title and header rows of every export this reads. */
const ACCOUNTING_HEAD_BYTES = 8 * 1024;

/** Remembered mappings that still name a valid target, by account key. */
async function rememberedTargets(ctx: AuthedContext): Promise<Map<string, AccountTarget>> {
  const remembered = new Map<string, AccountTarget>();
  for (const [key, row] of await companyAccountMappingsOf(ctx, ctx.companyId)) {
    const target = toAccountTarget(row);
    if (target) remembered.set(key, target);
  }
  return remembered;
}

export async function previewAccountingImport(ctx: AuthedContext, file: File): Promise<AccountingPreview> {
  const parsed = await readExport(file);
  const remembered = await rememberedTargets(ctx);
  const accounts = summariseAccounts(parsed).map((account) => ({
    ...account,
    excludedLabel: account.excludedAs ? LEFT_OUT_LABELS[account.excludedAs].label : null,
    remembered: account.excludedAs ? null : (remembered.get(account.key) ?? null),
  }));
  const mappings = new Map<string, AccountTarget>();
  for (const account of accounts) {
    const target = account.remembered ?? account.suggested;
    if (target) mappings.set(account.key, target);
  }
  const plan = planAccountingImport(parsed, { mappings, site: null });
  const siteValues = [
    ...new Set(parsed.transactions.map((t) => t.siteValue).filter((v): v is string => !!v)),
  ];
  return {
    format: parsed.format,
    formatLabel: FORMAT_LABELS[parsed.format],
    currency: parsed.currency,
    siteColumn: parsed.siteColumn,
    siteValues: siteValues.slice(0, 50),
    transactionCount: parsed.transactions.length,
    accounts,
    leftOut: plan.leftOut,
    problems: parsed.problems.slice(0, 20),
    problemCount: parsed.problems.length,
    choices: [...ACCOUNT_CHOICES],
  };
}

/** The person's answers over the remembered mappings; an answer that is no choice is a 400. */
function answeredTargets(
  options: AccountingImportOptions,
  remembered: ReadonlyMap<string, AccountTarget>,
): Map<string, AccountTarget> {
  const targets = new Map(remembered);
  for (const [key, input] of Object.entries(options.mappings)) {
    const target = toAccountTarget(input);
    if (!target) {
      throw fieldError(
        `mappings.${key}`,
        `"${input.category}${input.variant ? ` / ${input.variant}` : ''}" is not a category an account can map to. Choose one of: ${orList(ACCOUNT_CHOICES.map((c) => c.label))}`,
      );
    }
    targets.set(key, target);
  }
  return targets;
}

async function siteNameOf(ctx: AuthedContext, siteId: string): Promise<string> {
  const companySites = await ctx.db
    .select({ id: sites.id, name: sites.name })
    .from(sites)
    .where(eq(sites.companyId, ctx.companyId));
  const site = companySites.find((candidate) => candidate.id === siteId);
  if (!site) {
    throw fieldError(
      'siteId',
      companySites.length === 0
        ? 'Add a site first: every line needs one'
        : `Unknown site. Choose one of: ${orList(companySites.map((s) => s.name))}`,
    );
  }
  return site.name;
}

export async function importAccountingExport(
  ctx: AuthedContext,
  file: File,
  options: AccountingImportOptions,
): Promise<{ status: 200 | 201; result: AccountingImportResult }> {
  const parsed = await readExport(file);
  if (parsed.problems.length > 0) {
    throw new HttpError(
      422,
      `${parsed.problems.length} rows of the export cannot be read; nothing was imported.`,
      'import_rows_invalid',
      { errors: parsed.problems.slice(0, 100), errorCount: parsed.problems.length },
    );
  }
  const currency = parseCurrency(options.currency ?? parsed.currency ?? '');
  if (!currency) {
    throw fieldError('currency', 'Say which currency the amounts are in (a code such as GBP, EUR or USD)');
  }
  if (options.siteFromColumn && !parsed.siteColumn) {
    throw fieldError(
      'siteId',
      'This export has no site column (class, location or department): choose one site',
    );
  }
  const site = options.siteId ? await siteNameOf(ctx, options.siteId) : null;
  const mappings = answeredTargets(options, await rememberedTargets(ctx));
  const plan = planAccountingImport(parsed, { mappings, site });
  if (plan.unmapped.length > 0) {
    throw new HttpError(
      422,
      `Choose what ${orList(plan.unmapped.map((name) => `"${name}"`))} ${plan.unmapped.length === 1 ? 'is' : 'are'}: a spend category, a quantity category, or leave out.`,
      'accounts_unmapped',
      { accounts: plan.unmapped },
    );
  }

  const imported = await importPlannedLines(ctx, file, plan.lines, currency, options.onDuplicate);
  await rememberAccounts(ctx, parsed, mappings);
  return {
    status: imported.status,
    result: {
      importId: imported.importId,
      rowCount: parsed.transactions.length,
      imported: imported.imported,
      duplicates: imported.duplicates,
      errors: [],
      errorCount: 0,
      notCounted: imported.notCounted,
      probableDuplicates: imported.probableDuplicates,
      format: parsed.format,
      leftOut: plan.leftOut,
      currency,
    },
  };
}

type PlannedLines = ReturnType<typeof planAccountingImport>['lines'];

/** The planned lines go in as one CSV import; none at all is an import of nothing (200). */
async function importPlannedLines(
  ctx: AuthedContext,
  file: File,
  lines: PlannedLines,
  currency: NonNullable<ReturnType<typeof parseCurrency>>,
  onDuplicate: AccountingImportOptions['onDuplicate'],
): Promise<{ status: 200 | 201 } & Omit<ImportResult, 'errors' | 'errorCount'>> {
  if (lines.length === 0) {
    return {
      status: 200,
      importId: null,
      rowCount: 0,
      imported: 0,
      duplicates: 0,
      notCounted: { lineCount: 0, spend: [], quantities: [], reasons: [] },
    };
  }
  const csv = new File([plannedLinesCsv(lines, currency)], file.name || 'accounting-export.csv', {
    type: 'text/csv',
  });
  try {
    const { status, result } = await importActivities(ctx, { file: csv, onDuplicate });
    return { status, ...result };
  } catch (error) {
    throw withExportLines(error, lines);
  }
}

/** Remembered once the lines are in: the accounts of this file, as answered or as they stood. */
async function rememberAccounts(
  ctx: AuthedContext,
  parsed: Parameters<typeof summariseAccounts>[0],
  mappings: ReadonlyMap<string, AccountTarget>,
): Promise<void> {
  const accounts = summariseAccounts(parsed).filter(
    (account) => !account.excludedAs && mappings.has(account.key),
  );
  if (accounts.length === 0) return;
  const statements = saveCompanyAccountMappingsStatements(
    ctx,
    accounts.map((account) => {
      const target = mappings.get(account.key)!;
      return { accountCode: account.code, accountName: account.name, ...target };
    }),
  );
  await ctx.db.batch(statements as [(typeof statements)[number], ...typeof statements]);
}

/** A refusal of the planned lines names the export's own lines, not the generated CSV's. */
function withExportLines(error: unknown, lines: readonly { sourceLine: number }[]): unknown {
  if (!(error instanceof HttpError) || error.code !== 'import_rows_invalid') return error;
  const details = error.details as { errors?: { line: number; message: string }[]; errorCount?: number };
  const errors = (details.errors ?? []).map((row) => ({
    line: lines[row.line - 2]?.sourceLine ?? row.line,
    message: row.message.replace(/^Line \d+: /, ''),
  }));
  return new HttpError(error.status, error.message, error.code, { ...details, errors });
}
