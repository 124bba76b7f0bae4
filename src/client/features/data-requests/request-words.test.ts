import { describe, expect, test } from 'bun:test';
import { MAX_QUESTIONS } from '../../../domain/contracts/data-requests';
import { daysUntil, dueWords, localToday, requestIdFromPath } from './request-words';
import { readTypedQuestions } from './typed-questions';

describe('due dates', () => {
  test('counts whole calendar days, across a month end and a leap day', () => {
    expect(daysUntil('2026-12-01', '2026-11-26')).toBe(5);
    expect(daysUntil('2028-03-01', '2028-02-28')).toBe(2);
    expect(daysUntil('2026-11-20', '2026-11-26')).toBe(-6);
  });

  test('says how far off or how late a due date is', () => {
    expect(dueWords('2026-11-26', '2026-11-26')).toBe('Due today');
    expect(dueWords('2026-11-27', '2026-11-26')).toBe('Due tomorrow');
    expect(dueWords('2026-12-06', '2026-11-26')).toBe('Due in 10 days');
    expect(dueWords('2026-11-25', '2026-11-26')).toBe('1 day overdue');
    expect(dueWords('2026-11-16', '2026-11-26')).toBe('10 days overdue');
  });

  test("today is the person's local calendar day", () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('typed or pasted questions', () => {
  test('one question per line, blank lines skipped, a spreadsheet row keeps its first cell', () => {
    const read = readTypedQuestions(
      'Scope 1 in tCO2e\r\n\n  Employees at year end  \nWater use\tm3\tnotes\n',
    );
    expect(read).toEqual({
      questions: [
        { question: 'Scope 1 in tCO2e' },
        { question: 'Employees at year end' },
        { question: 'Water use' },
      ],
      error: null,
    });
  });

  test('names a list that is too long or a question that is too long', () => {
    const many = Array.from({ length: MAX_QUESTIONS + 1 }, (_, index) => `Question ${index}`).join('\n');
    expect(readTypedQuestions(many).error).toBe(
      `At most ${MAX_QUESTIONS} questions: this list has ${MAX_QUESTIONS + 1}`,
    );
    expect(readTypedQuestions(`Short\n${'x'.repeat(501)}`).error).toBe(
      'Question 2 is longer than 500 characters',
    );
  });
});

describe('the request page address', () => {
  test('reads the id of /requests/{id} and nothing else', () => {
    expect(requestIdFromPath('/requests/abc-123')).toBe('abc-123');
    expect(requestIdFromPath('/requests/abc-123/')).toBe('abc-123');
    expect(requestIdFromPath('/requests')).toBeNull();
    expect(requestIdFromPath('/requests/a/b')).toBeNull();
  });
});
