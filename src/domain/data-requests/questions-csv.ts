// A CSV of questions for a custom request (issue 22 item 1 and "Bad input"): a header row with a
// `question` column and, optionally, `key` (a known item to answer from) and `unit`. Read with the
// one CSV reader of the product (activity-import/csv-reader.ts); every bad row is named with its
// line, and nothing is kept from a file with bad rows (the request is created whole or not at all).
import { CsvFormatError, parseCsvText } from '../activity-import/csv-reader.ts';
import {
  type CsvRowError,
  CustomQuestionSchema,
  MAX_QUESTIONS,
  type QuestionsCsvResult,
} from '../contracts/data-requests.ts';

const HEADERS = ['question', 'key', 'unit'] as const;

export function readQuestionsCsv(csv: string): QuestionsCsvResult {
  let records: ReturnType<typeof parseCsvText>['records'];
  try {
    records = parseCsvText(csv).records;
  } catch (error) {
    if (error instanceof CsvFormatError)
      return { questions: [], errors: [{ row: error.line ?? 1, message: error.message }] };
    throw error;
  }
  const [header, ...rows] = records.filter((record) => record.fields.some((field) => field.trim() !== ''));
  if (!header)
    return {
      questions: [],
      errors: [{ row: 1, message: 'The CSV is empty: add a header row with a question column.' }],
    };
  const names = header.fields.map((field) => field.trim().toLowerCase());
  const column = Object.fromEntries(HEADERS.map((name) => [name, names.indexOf(name)])) as Record<
    (typeof HEADERS)[number],
    number
  >;
  if (column.question < 0)
    return {
      questions: [],
      errors: [
        {
          row: header.line,
          message: 'The header row needs a "question" column (and may have "key" and "unit").',
        },
      ],
    };
  const errors: CsvRowError[] = [];
  const questions: QuestionsCsvResult['questions'] = [];
  for (const record of rows) {
    if (record.fields.length > names.length) {
      errors.push({
        row: record.line,
        message: `This row has ${record.fields.length} cells; the header has ${names.length}.`,
      });
      continue;
    }
    const cell = (index: number) => (index >= 0 ? (record.fields[index] ?? '').trim() : '');
    const raw = {
      question: cell(column.question),
      ...(cell(column.key) ? { key: cell(column.key) } : {}),
      ...(cell(column.unit) ? { unit: cell(column.unit) } : {}),
    };
    const parsed = CustomQuestionSchema.safeParse(raw);
    if (!parsed.success) {
      errors.push({
        row: record.line,
        message: parsed.error.issues.map((issue) => issue.message).join('; '),
      });
      continue;
    }
    questions.push(parsed.data);
  }
  if (questions.length + errors.length === 0)
    errors.push({ row: header.line, message: 'The CSV has a header but no questions.' });
  if (questions.length > MAX_QUESTIONS)
    errors.push({
      row: header.line,
      message: `At most ${MAX_QUESTIONS} questions; this CSV has ${questions.length}.`,
    });
  return { questions, errors };
}
