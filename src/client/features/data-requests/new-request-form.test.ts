import { describe, expect, test } from 'bun:test';
import { CreateDataRequestSchema } from '../../../domain/contracts/data-requests';
import { checkNewRequest, requestBody } from './new-request-form';

const base = {
  requesterName: 'Harbour Foods plc',
  requesterType: 'customer' as const,
  period: ' 2025-Q1 ',
  dueDate: '',
  questions: {
    mode: 'typed' as const,
    typed: [{ question: 'Water use' }],
    csv: 'question\nWaste',
    problem: null,
  },
};

describe('the new request body', () => {
  test('a library template sends no questions and the contract accepts it', () => {
    const body = requestBody({ ...base, template: 'vsme_basic' });
    expect(body).toEqual({
      requesterName: 'Harbour Foods plc',
      requesterType: 'customer',
      template: 'vsme_basic',
      period: '2025-q1',
      dueDate: null,
    });
    expect(CreateDataRequestSchema.safeParse(body).success).toBe(true);
  });

  test('a custom list sends the typed questions, or the CSV as it was uploaded', () => {
    expect(requestBody({ ...base, template: 'custom' }).questions).toEqual([{ question: 'Water use' }]);
    const csv = requestBody({ ...base, template: 'custom', questions: { ...base.questions, mode: 'csv' } });
    expect(csv.questionsCsv).toBe('question\nWaste');
    expect(csv.questions).toBeUndefined();
  });

  test('an empty custom list is refused by the contract', () => {
    const body = requestBody({ ...base, template: 'custom', questions: { ...base.questions, typed: [] } });
    expect(CreateDataRequestSchema.safeParse(body).success).toBe(false);
  });

  test('the form check refuses what the contract refuses, on the field, and a bad CSV on the questions', () => {
    const badPeriod = checkNewRequest({ ...base, template: 'vsme_basic', period: 'last year' });
    expect(badPeriod.ok).toBe(false);
    expect(badPeriod.ok ? {} : Object.keys(badPeriod.errors)).toEqual(['period']);
    const badCsv = checkNewRequest({
      ...base,
      template: 'custom',
      questions: {
        ...base.questions,
        mode: 'csv',
        problem: 'Fix the rows named below and choose the file again',
      },
    });
    expect(badCsv.ok ? null : badCsv.errors.questions).toBe(
      'Fix the rows named below and choose the file again',
    );
    expect(checkNewRequest({ ...base, template: 'vsme_basic' }).ok).toBe(true);
  });
});
