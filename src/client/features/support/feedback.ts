import type { CreateFeedback, FeedbackType } from '../../../domain/contracts/support';

/** spec §5: subject and message must be non-blank; the optional email is left out when blank. */
export function buildFeedbackPayload(
  type: FeedbackType,
  subject: string,
  message: string,
  email: string,
): CreateFeedback | null {
  if (!subject.trim() || !message.trim()) return null;
  const trimmedEmail = email.trim();
  return {
    type,
    subject: subject.trim(),
    message: message.trim(),
    ...(trimmedEmail ? { email: trimmedEmail } : {}),
  };
}

/**
 * zod 4's default `z.email()` pattern, which the server applies (contract CreateFeedbackSchema).
 * Copied rather than imported so the dialog, present on every page, does not ship zod.
 */
const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** A malformed address would be refused by the server; the dialog says so by the field instead. */
export function isValidOptionalEmail(email: string | undefined): boolean {
  return !email || EMAIL_PATTERN.test(email);
}

/** Narrows a Select value to a feedback type. */
export function isFeedbackType(value: string, types: readonly FeedbackType[]): value is FeedbackType {
  return (types as readonly string[]).includes(value);
}
