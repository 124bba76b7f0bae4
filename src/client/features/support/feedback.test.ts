import { describe, expect, test } from 'bun:test';
import { z } from 'zod';
import { FeedbackTypeSchema } from '../../../domain/contracts/support';
import { buildFeedbackPayload, isFeedbackType, isValidOptionalEmail } from './feedback';
import { FEEDBACK_TYPES } from './links';

describe('feedback payload (spec §5)', () => {
  test('needs a subject and a message after trimming', () => {
    expect(buildFeedbackPayload('bug', '  ', 'Broken', '')).toBeNull();
    expect(buildFeedbackPayload('bug', 'Broken', '\n ', '')).toBeNull();
  });

  test('omits a blank email', () => {
    expect(buildFeedbackPayload('support', ' Help ', ' Please ', '  ')).toEqual({
      type: 'support',
      subject: 'Help',
      message: 'Please',
    });
  });

  test('keeps a given email', () => {
    expect(buildFeedbackPayload('feature', 'Idea', 'More charts', ' me@example.com ')).toEqual({
      type: 'feature',
      subject: 'Idea',
      message: 'More charts',
      email: 'me@example.com',
    });
  });

  test('accepts no email or a well-formed one', () => {
    expect(isValidOptionalEmail(undefined)).toBe(true);
    expect(isValidOptionalEmail('me@example.com')).toBe(true);
    expect(isValidOptionalEmail('not-an-email')).toBe(false);
  });

  test('judges emails exactly as the server contract does', () => {
    const server = z.email();
    for (const email of [
      'a@b.co',
      'a.b+c@d-e.example.org',
      'a@b',
      '.a@b.co',
      'a..b@c.co',
      'a@-b.co',
      'a b@c.co',
      'a@b.c',
    ]) {
      expect(isValidOptionalEmail(email)).toBe(server.safeParse(email).success);
    }
  });

  test('offers exactly the contract feedback types', () => {
    expect([...FEEDBACK_TYPES].sort()).toEqual([...FeedbackTypeSchema.options].sort());
    expect(isFeedbackType('bug', FEEDBACK_TYPES)).toBe(true);
    expect(isFeedbackType('spam', FEEDBACK_TYPES)).toBe(false);
  });
});
