import { describe, expect, test } from 'bun:test';
import { checkedFormSchema } from '../../forms/checked-form-schema';
import { type FeedbackValues, feedbackCheck, feedbackRequest, isMissingSubjectOrMessage } from './feedback';

const values = (change: Partial<FeedbackValues>): FeedbackValues => ({
  type: 'bug',
  subject: 'Broken',
  message: 'Export does nothing',
  email: '',
  ...change,
});
const schema = checkedFormSchema(feedbackCheck);
const messages = (change: Partial<FeedbackValues>) =>
  schema.safeParse(values(change)).error?.issues.map((issue) => [issue.path[0], issue.message]);

describe('feedback request (spec §5)', () => {
  test('trims subject and message, and omits a blank email', () => {
    expect(
      feedbackRequest(values({ type: 'support', subject: ' Help ', message: ' Please ', email: '  ' })),
    ).toEqual({ type: 'support', subject: 'Help', message: 'Please' });
  });

  test('keeps a given email', () => {
    expect(feedbackRequest(values({ email: ' me@example.com ' })).email).toBe('me@example.com');
  });

  test('a blank subject or message is missing information', () => {
    expect(isMissingSubjectOrMessage(values({ subject: '  ' }))).toBe(true);
    expect(isMissingSubjectOrMessage(values({ message: '\n ' }))).toBe(true);
    expect(isMissingSubjectOrMessage(values({}))).toBe(false);
  });
});

describe("the dialog's check", () => {
  test("puts the contract's messages on the blank fields", () => {
    expect(messages({ subject: ' ', message: '' })).toEqual([
      ['subject', 'Subject is required'],
      ['message', 'Message is required'],
    ]);
  });

  test('refuses a malformed email on the email field, as the server would', () => {
    for (const email of ['a@b', '.a@b.co', 'a..b@c.co', 'a b@c.co', 'not-an-email']) {
      expect(messages({ email })).toEqual([['email', 'Enter a valid email address']]);
    }
    expect(messages({ email: 'a.b+c@d-e.example.org' })).toBeUndefined();
  });

  test('gives the request when the values pass', () => {
    expect(schema.parse(values({ email: 'me@example.com' }))).toEqual({
      type: 'bug',
      subject: 'Broken',
      message: 'Export does nothing',
      email: 'me@example.com',
    });
  });
});
