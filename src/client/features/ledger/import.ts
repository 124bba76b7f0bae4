import type { ImportResult } from '../../../domain/contracts/ledger';
import type {
  ImportAnswers,
  ImportProblemGroup,
  ImportQuestion,
} from '../../../domain/contracts/ledger-import';
import { getErrorBody, getErrorMessage, getErrorStatus } from '../../lib/api';

/** The server refuses files over 10 MB (413); the page checks first so nobody waits for the refusal. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
export const FILE_TOO_LARGE_MESSAGE = 'File size must be less than 10MB';
export const IGNORE_COLUMN = 'ignore';

/** null when the file may be sent, else the message to show by the file input. */
export function checkImportFile(file: { name: string; size: number }): string | null {
  if (file.size > MAX_IMPORT_BYTES) return FILE_TOO_LARGE_MESSAGE;
  if (!/\.csv$/i.test(file.name)) return 'Choose a CSV file (ending in .csv)';
  if (file.size === 0) return 'This file is empty';
  return null;
}

export interface RowError {
  line: number;
  message: string;
}

export type ImportProblem =
  /** 400 mapping_required: some columns are not recognised; ask which field each one is. */
  | { kind: 'mapping'; message: string; unknownColumns: string[]; missingFields: string[]; fields: string[] }
  /** 422: some rows are wrong; nothing was imported. */
  | { kind: 'rows'; message: string; errors: RowError[]; total: number; groups: ImportProblemGroup[] }
  | { kind: 'too_large'; message: string }
  | { kind: 'other'; message: string };

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

function rowErrors(value: unknown): RowError[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    if (!item || typeof item !== 'object') return [];
    const { line, message } = item as { line?: unknown; message?: unknown };
    return typeof line === 'number' && typeof message === 'string' ? [{ line, message }] : [];
  });
}

/** Reads a failed import answer into what the page shows next. */
export function readImportProblem(error: unknown): ImportProblem {
  const status = getErrorStatus(error);
  const body = getErrorBody(error);
  const details = (body?.details ?? {}) as Record<string, unknown>;
  if (status === 413) return { kind: 'too_large', message: FILE_TOO_LARGE_MESSAGE };
  if (status === 400 && body?.code === 'mapping_required') {
    return {
      kind: 'mapping',
      message: getErrorMessage(error),
      unknownColumns: strings(details.unknownColumns),
      missingFields: strings(details.missingFields),
      fields: strings(details.fields),
    };
  }
  const errors = rowErrors(details.errors);
  if (status === 422 || errors.length > 0) {
    const total = typeof details.errorCount === 'number' ? details.errorCount : errors.length;
    return {
      kind: 'rows',
      message: getErrorMessage(error),
      errors: [...errors].sort((a, b) => a.line - b.line),
      total: Math.max(total, errors.length),
      groups: problemGroups(details.problems),
    };
  }
  if (status === null && error instanceof Error && error.message)
    return { kind: 'other', message: error.message };
  return { kind: 'other', message: getErrorMessage(error) };
}

/**
 * The `mapping` form field: every unknown column gets an answer, 'ignore' when none was chosen.
 * Returns the fields still required but mapped by nobody, so the form can say so before sending.
 */
export function buildMapping(
  unknownColumns: readonly string[],
  choices: Readonly<Record<string, string>>,
  missingFields: readonly string[],
): { mapping: Record<string, string>; stillMissing: string[] } {
  const mapping: Record<string, string> = {};
  for (const column of unknownColumns) mapping[column] = choices[column] || IGNORE_COLUMN;
  const mapped = new Set(Object.values(mapping));
  // The server may name alternatives ('quantity or spend'): mapping any one of them satisfies it.
  const satisfied = (requirement: string) =>
    requirement.split(/\s+or\s+/).some((alternative) => mapped.has(alternative.trim()));
  return { mapping, stillMissing: missingFields.filter((requirement) => !satisfied(requirement)) };
}

/** Columns mapped to the same field twice (the second would silently win). */
export function duplicateMappings(choices: Readonly<Record<string, string>>): string[] {
  const seen = new Map<string, number>();
  for (const field of Object.values(choices)) {
    if (!field || field === IGNORE_COLUMN) continue;
    seen.set(field, (seen.get(field) ?? 0) + 1);
  }
  return [...seen].filter(([, count]) => count > 1).map(([field]) => field);
}

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;

/** 'Imported 12 lines from 15 rows. 3 duplicates were skipped: they are already in the ledger.' */
export function describeImportResult(result: ImportResult): string {
  const parts = [
    `Imported ${plural(result.imported, 'line', 'lines')} from ${plural(result.rowCount, 'row', 'rows')}.`,
  ];
  if (result.duplicates > 0) {
    parts.push(
      `${plural(result.duplicates, 'duplicate was', 'duplicates were')} skipped: ${result.duplicates === 1 ? 'it is' : 'they are'} already in the ledger.`,
    );
  }
  if (result.imported === 0 && result.duplicates > 0 && result.duplicates === result.rowCount) {
    parts.push('This file had been imported before.');
  }
  return parts.join(' ');
}

function problemGroups(value: unknown): ImportProblemGroup[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is ImportProblemGroup =>
      !!item && typeof item === 'object' && typeof item.message === 'string' && typeof item.rows === 'string',
  );
}

/** The key of a question in the dialog's answer state. */
export const questionKey = (question: ImportQuestion) =>
  `${question.kind}|${question.category ?? ''}|${question.text}`;

/** A site question's answer: an existing site's id, or a new site to create with the import. */
export type SiteChoice =
  | { kind: 'existing'; siteId: string }
  | { kind: 'new'; name: string; country: string; region: string };

export type AnswerState = Record<string, string | SiteChoice | undefined>;

/**
 * The answers to send with the import, or the questions still unanswered (their keys). A new
 * site needs a name and a country; its region is checked by the server (site-regions.ts).
 */
export function buildAnswers(
  questions: readonly ImportQuestion[],
  state: AnswerState,
): { ok: true; answers: ImportAnswers } | { ok: false; unanswered: string[] } {
  const answers: ImportAnswers = { sites: [], values: [] };
  const unanswered: string[] = [];
  for (const question of questions) {
    const key = questionKey(question);
    const answer = state[key];
    if (question.kind === 'site') {
      if (!answer || typeof answer === 'string') unanswered.push(key);
      else if (answer.kind === 'existing')
        answers.sites.push({ source: question.text, siteId: answer.siteId });
      else if (answer.name.trim() === '' || answer.country === '') unanswered.push(key);
      else {
        answers.sites.push({
          source: question.text,
          create: { name: answer.name.trim(), country: answer.country, region: answer.region || null },
        });
      }
      continue;
    }
    if (typeof answer !== 'string' || answer === '') {
      unanswered.push(key);
      continue;
    }
    answers.values.push({
      kind: question.kind,
      source: question.text,
      ...(question.category ? { category: question.category } : {}),
      target: answer,
    });
  }
  return unanswered.length > 0 ? { ok: false, unanswered } : { ok: true, answers };
}
