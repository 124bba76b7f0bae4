import {
  type CustomQuestion,
  MAX_QUESTION_LENGTH,
  MAX_QUESTIONS,
} from '../../../domain/contracts/data-requests';

/**
 * Typed or pasted questions: one per line, blank lines skipped. A line pasted from a spreadsheet
 * keeps its first cell only (the rest of a row is not a question).
 */
export function readTypedQuestions(text: string): { questions: CustomQuestion[]; error: string | null } {
  const questions = text
    .split(/\r?\n/)
    .map((line) => (line.split('\t')[0] ?? '').trim())
    .filter((line) => line !== '')
    .map((question) => ({ question }));
  if (questions.length > MAX_QUESTIONS) {
    return { questions, error: `At most ${MAX_QUESTIONS} questions: this list has ${questions.length}` };
  }
  const long = questions.findIndex((item) => item.question.length > MAX_QUESTION_LENGTH);
  if (long >= 0) {
    return { questions, error: `Question ${long + 1} is longer than ${MAX_QUESTION_LENGTH} characters` };
  }
  return { questions, error: null };
}
