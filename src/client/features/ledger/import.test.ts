import { describe, expect, test } from 'bun:test';
import { ApiError } from '../../lib/api';
import {
  buildAnswers,
  buildMapping,
  checkImportFile,
  describeImportResult,
  duplicateMappings,
  FILE_TOO_LARGE_MESSAGE,
  MAX_IMPORT_BYTES,
  questionKey,
  readImportProblem,
} from './import';

const error = (status: number, body: unknown) => new ApiError(status, JSON.stringify(body));

describe('file check before upload', () => {
  test('refuses files over 10 MB with the spec §5 message', () => {
    expect(checkImportFile({ name: 'a.csv', size: MAX_IMPORT_BYTES + 1 })).toBe(
      'File size must be less than 10MB',
    );
    expect(checkImportFile({ name: 'a.csv', size: MAX_IMPORT_BYTES })).toBeNull();
  });

  test('wants a non-empty .csv file', () => {
    expect(checkImportFile({ name: 'bills.xlsx', size: 100 })).toBe('Choose a CSV file (ending in .csv)');
    expect(checkImportFile({ name: 'BILLS.CSV', size: 100 })).toBeNull();
    expect(checkImportFile({ name: 'empty.csv', size: 0 })).toBe('This file is empty');
  });
});

describe('reading a failed import', () => {
  test('400 mapping_required asks for a mapping', () => {
    const problem = readImportProblem(
      error(400, {
        message: 'Some columns are not recognised.',
        code: 'mapping_required',
        details: {
          unknownColumns: ['kWh used', 'Site'],
          missingFields: ['quantity'],
          fields: ['quantity', 'site'],
        },
      }),
    );
    expect(problem).toEqual({
      kind: 'mapping',
      message: 'Some columns are not recognised.',
      unknownColumns: ['kWh used', 'Site'],
      missingFields: ['quantity'],
      fields: ['quantity', 'site'],
    });
  });

  test('422 lists the bad rows by line number', () => {
    const problem = readImportProblem(
      error(422, {
        message: '2 rows need fixing.',
        details: {
          errors: [
            { line: 7, message: 'Unknown site "Leeds"' },
            { line: 3, message: 'Date must look like 2025-03-31' },
            { line: 'x', message: 'ignored' },
          ],
        },
      }),
    );
    expect(problem).toEqual({
      kind: 'rows',
      message: '2 rows need fixing.',
      errors: [
        { line: 3, message: 'Date must look like 2025-03-31' },
        { line: 7, message: 'Unknown site "Leeds"' },
      ],
      total: 2,
      groups: [],
    });
  });

  test('422 reads the grouped problems, one per distinct problem with its rows and fix', () => {
    const group = {
      message: 'site is empty',
      lines: [2, 3],
      count: 2,
      rows: 'rows 2–3',
      fix: 'Correct these rows',
    };
    const problem = readImportProblem(
      error(422, { message: 'Bad rows', details: { errors: [], problems: [group, { message: 1 }] } }),
    );
    expect(problem).toMatchObject({ kind: 'rows', groups: [group] });
  });

  test('422 keeps the count of all bad rows when the list is cut short', () => {
    const problem = readImportProblem(
      error(422, { message: 'Bad rows', details: { errors: [{ line: 2, message: 'x' }], errorCount: 240 } }),
    );
    expect(problem).toMatchObject({ kind: 'rows', total: 240 });
  });

  test('413 is the file size message', () => {
    expect(readImportProblem(new ApiError(413, 'Payload Too Large'))).toEqual({
      kind: 'too_large',
      message: FILE_TOO_LARGE_MESSAGE,
    });
  });

  test('anything else carries the server message, or the network error', () => {
    expect(readImportProblem(error(400, { message: 'The file is not valid UTF-8' }))).toEqual({
      kind: 'other',
      message: 'The file is not valid UTF-8',
    });
    expect(readImportProblem(new Error('The file could not be sent.'))).toEqual({
      kind: 'other',
      message: 'The file could not be sent.',
    });
  });
});

describe('column mapping', () => {
  test('every unknown column gets an answer, ignore by default', () => {
    const { mapping, stillMissing } = buildMapping(['kWh used', 'Notes'], { 'kWh used': 'quantity' }, [
      'quantity',
    ]);
    expect(mapping).toEqual({ 'kWh used': 'quantity', Notes: 'ignore' });
    expect(stillMissing).toEqual([]);
  });

  test("an alternative requirement ('quantity or spend') is met by either field", () => {
    expect(
      buildMapping(['kWh used'], { 'kWh used': 'quantity' }, ['quantity or spend']).stillMissing,
    ).toEqual([]);
    expect(buildMapping(['Cost'], { Cost: 'spend' }, ['quantity or spend']).stillMissing).toEqual([]);
    expect(buildMapping(['Cost'], {}, ['quantity or spend']).stillMissing).toEqual(['quantity or spend']);
  });

  test('reports required fields nobody maps', () => {
    expect(buildMapping(['A'], {}, ['date', 'site']).stillMissing).toEqual(['date', 'site']);
  });

  test('finds a field chosen for two columns', () => {
    expect(duplicateMappings({ A: 'date', B: 'date', C: 'ignore', D: 'ignore', E: 'site' })).toEqual([
      'date',
    ]);
  });
});

describe('import result', () => {
  const base = {
    importId: 'imp1',
    errors: [],
    errorCount: 0,
    notCounted: { lineCount: 0, spend: [], quantities: [], reasons: [] },
  };
  test('says how many lines came in and how many duplicates were skipped', () => {
    expect(describeImportResult({ ...base, rowCount: 15, imported: 12, duplicates: 3 })).toBe(
      'Imported 12 lines from 15 rows. 3 duplicates were skipped: they are already in the ledger.',
    );
    expect(describeImportResult({ ...base, rowCount: 1, imported: 1, duplicates: 0 })).toBe(
      'Imported 1 line from 1 row.',
    );
  });

  test('recognises a file imported before', () => {
    expect(describeImportResult({ ...base, importId: null, rowCount: 2, imported: 0, duplicates: 2 })).toBe(
      'Imported 0 lines from 2 rows. 2 duplicates were skipped: they are already in the ledger. This file had been imported before.',
    );
  });
});

describe('buildAnswers', () => {
  const question = (kind: 'site' | 'category' | 'variant' | 'spend', text: string, category?: string) => ({
    kind,
    text,
    ...(category ? { category } : {}),
    lines: [2],
    count: 1,
    rows: 'row 2',
    choices: [],
  });

  test('turns every answered question into the answers the import takes', () => {
    const questions = [
      question('site', 'Bakery'),
      question('category', 'Packaging'),
      question('variant', '', 'flight'),
    ];
    const result = buildAnswers(questions, {
      [questionKey(questions[0]!)]: { kind: 'new', name: ' Bakery ', country: 'GB', region: '' },
      [questionKey(questions[1]!)]: 'spend:packaging',
      [questionKey(questions[2]!)]: 'long_haul_economy',
    });
    expect(result).toEqual({
      ok: true,
      answers: {
        sites: [{ source: 'Bakery', create: { name: 'Bakery', country: 'GB', region: null } }],
        values: [
          { kind: 'category', source: 'Packaging', target: 'spend:packaging' },
          { kind: 'variant', source: '', category: 'flight', target: 'long_haul_economy' },
        ],
      },
    });
  });

  test('names the questions still unanswered, a new site without a name among them', () => {
    const questions = [question('site', 'Bakery'), question('spend', 'Oven')];
    const result = buildAnswers(questions, {
      [questionKey(questions[0]!)]: { kind: 'new', name: '', country: 'GB', region: '' },
    });
    expect(result).toEqual({ ok: false, unanswered: questions.map(questionKey) });
  });
});
