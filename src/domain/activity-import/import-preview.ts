// The import's dry run (decision 049): the same reading, limits, header recognition, translation
// and row checks as the import (import-plan.ts), writing nothing, answering what the person must
// decide before the file can go in — sites, categories, variants and spend categories the company
// has not mapped yet — and every other problem grouped with its rows.

import { isKnownVariant } from './choices.ts';
import { CsvFormatError, type CsvSeparator, readCsvChunks } from './csv-reader.ts';
import { recogniseHeaders, type UserColumnMapping } from './headers.ts';
import { HeaderMappingRequired } from './import-plan.ts';
import { byteLimit, MAX_IMPORT_BYTES } from './limits.ts';
import { describeRows, groupProblems, type ProblemGroup, type RowProblem } from './problem-groups.ts';
import { type ImportedActivityRow, isBlankRecord, rowChecker } from './rows.ts';
import { NO_VALUE_MAPPINGS, recordTranslator, type ValueMappings } from './value-mappings.ts';
import { type ActivityCategory, parseCategory } from './vocabulary.ts';

/** What a question asks: which site, category, variant (of `category`) or spend category. */
export type QuestionKind = 'site' | 'category' | 'variant' | 'spend';

export interface ImportQuestion {
  kind: QuestionKind;
  /** The text as written in the file ('' for a missing variant). */
  text: string;
  /** For variant questions: the category the variant belongs to. */
  category?: ActivityCategory;
  /** Rows with it (line numbers, at most MAX_LINES); `count` counts all. */
  lines: number[];
  count: number;
  rows: string;
}

export interface PreviewOptions {
  userMapping?: UserColumnMapping;
  valueMappings?: ValueMappings;
  defaultCurrency?: string;
  maxBytes?: number;
  /** True when the site text names one of the company's sites (or an answer maps it). */
  knownSite: (site: string) => boolean;
  /** The import's further check of a valid row (its calculation): a problem, or undefined. */
  checkRow?: (row: ImportedActivityRow) => string | undefined;
}

export interface ImportPreviewResult {
  rowCount: number;
  /** Rows that would import as they are. */
  readyCount: number;
  questions: ImportQuestion[];
  /** Questions left out past MAX_QUESTIONS_PER_KIND of a kind (the file needs fixing first). */
  questionsLeftOut: number;
  problems: ProblemGroup[];
  /** Bad rows, all counted (problems hold the first MAX_PROBLEMS messages). */
  problemRowCount: number;
  columns: string[];
  separator: CsvSeparator;
}

const MAX_LINES = 1000;
const MAX_QUESTIONS_PER_KIND = 100;
const MAX_PROBLEMS = 1000;

export async function previewImport(
  stream: ReadableStream<Uint8Array>,
  options: PreviewOptions,
): Promise<ImportPreviewResult> {
  let separator: CsvSeparator = ',';
  const csv = readCsvChunks(stream.pipeThrough(byteLimit(options.maxBytes ?? MAX_IMPORT_BYTES, () => {})), {
    onSeparator: (s) => {
      separator = s;
    },
  });
  const questions = questionCollector();
  const problems: RowProblem[] = [];
  let problemRowCount = 0;
  const problem = (line: number, messages: readonly string[]) => {
    problemRowCount++;
    for (const message of messages) if (problems.length < MAX_PROBLEMS) problems.push({ line, message });
  };

  let reading: PreviewReading | undefined;
  let rowCount = 0;
  let readyCount = 0;
  try {
    for (;;) {
      const step = await csv.next();
      if (step.done) break;
      for (const record of step.value) {
        if (!reading) {
          reading = readHeaderRecord(record.fields, options, separator);
          continue;
        }
        if (isBlankRecord(record.fields)) continue;
        rowCount++;
        const line = record.line;
        const fields = reading.translate(record.fields);
        const { asked, unknownCategory } = askAboutRow(fields, line, {
          reading,
          options,
          ask: questions.ask,
        });
        const result = reading.check(fields, line);
        if (Array.isArray(result)) {
          // An unknown category is a question above, not a problem to fix in the file.
          const left = unknownCategory ? result.filter((m) => !m.startsWith('category "')) : result;
          if (left.length > 0) problem(line, left);
          continue;
        }
        if (asked) continue;
        const refusal = options.checkRow?.(result);
        if (refusal) problem(line, [refusal]);
        else readyCount++;
      }
    }
    if (!reading) throw new CsvFormatError('The file is empty.');
  } finally {
    await csv.return({ separator, lineCount: 0 });
  }
  return {
    rowCount,
    readyCount,
    questions: questions.list(),
    questionsLeftOut: questions.leftOut(),
    problems: groupProblems(problems),
    problemRowCount,
    columns: reading.columns,
    separator,
  };
}

/** What the header record decides for the rows below it. */
interface PreviewReading {
  columns: string[];
  translate: (fields: readonly string[]) => readonly string[];
  column: { site: number; category: number; variant: number };
  check: ReturnType<typeof rowChecker>;
}

/** The header record read: its mapping (or HeaderMappingRequired), value translations and row checker. */
function readHeaderRecord(
  fields: readonly string[],
  options: PreviewOptions,
  separator: CsvSeparator,
): PreviewReading {
  const headers = recogniseHeaders(fields, options.userMapping, { defaultCurrency: options.defaultCurrency });
  if (headers.missingRequired.length > 0) throw new HeaderMappingRequired(headers);
  const translated = recordTranslator(
    headers.mapping,
    headers.columns.length,
    options.valueMappings ?? NO_VALUE_MAPPINGS,
  );
  return {
    columns: headers.columns,
    translate: translated.translate,
    column: {
      site: translated.mapping.site ?? -1,
      category: translated.mapping.category ?? -1,
      variant: translated.mapping.variant ?? -1,
    },
    check: rowChecker(translated.mapping, { separator, defaults: headers.defaults }),
  };
}

type Ask = (kind: QuestionKind, text: string, line: number, category?: ActivityCategory) => void;

/** Asks about the row's unknown site, category and variant; says whether it asked and if the category is unknown. */
function askAboutRow(
  fields: readonly string[],
  line: number,
  { reading, options, ask }: { reading: PreviewReading; options: PreviewOptions; ask: Ask },
): { asked: boolean; unknownCategory: boolean } {
  const { column } = reading;
  const siteText = cell(fields, column.site).replace(/\s+/g, ' ');
  const categoryText = cell(fields, column.category);
  const category = categoryText === '' ? undefined : parseCategory(categoryText);
  let asked = false;
  if (siteText !== '' && !options.knownSite(siteText)) {
    ask('site', siteText, line);
    asked = true;
  }
  const unknownCategory = categoryText !== '' && category === undefined;
  if (unknownCategory) {
    ask('category', categoryText, line);
    asked = true;
  }
  const variantText = cell(fields, column.variant);
  if (category !== undefined && !isKnownVariant(category, variantText)) {
    if (category === 'purchased_goods') ask('spend', variantText, line);
    else ask('variant', variantText, line, category);
    asked = true;
  }
  return { asked, unknownCategory };
}

/** The questions of a file, one per kind and text, at most MAX_QUESTIONS_PER_KIND of each kind. */
function questionCollector() {
  const questions = new Map<string, ImportQuestion>();
  let questionsLeftOut = 0;
  const perKind = new Map<QuestionKind, number>();
  const ask: Ask = (kind, text, line, category) => {
    const key = `${kind}|${category ?? ''}|${text.toLowerCase()}`;
    let question = questions.get(key);
    if (!question) {
      const asked = perKind.get(kind) ?? 0;
      if (asked >= MAX_QUESTIONS_PER_KIND) {
        questionsLeftOut++;
        return;
      }
      perKind.set(kind, asked + 1);
      question = { kind, text, ...(category ? { category } : {}), lines: [], count: 0, rows: '' };
      questions.set(key, question);
    }
    question.count++;
    if (question.lines.length < MAX_LINES) question.lines.push(line);
  };
  return {
    ask,
    leftOut: () => questionsLeftOut,
    list() {
      const list = [...questions.values()];
      for (const question of list) question.rows = describeRows(question.lines);
      return list;
    },
  };
}

function cell(fields: readonly string[], column: number): string {
  if (column < 0) return '';
  return fields[column]?.trim() ?? '';
}
