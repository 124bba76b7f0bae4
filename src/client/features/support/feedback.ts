import {
  type CreateFeedback,
  CreateFeedbackSchema,
  type FeedbackType,
} from '../../../domain/contracts/support';
import { type FormCheck, issuesToErrors } from '../../forms/checked-form-schema';

/** What the feedback dialog holds, as typed. */
export interface FeedbackValues {
  type: FeedbackType;
  subject: string;
  message: string;
  email: string;
}

/** spec §5: subject and message are sent trimmed; the optional email is left out when blank. */
export function feedbackRequest(values: FeedbackValues): CreateFeedback {
  const email = values.email.trim();
  return {
    type: values.type,
    subject: values.subject.trim(),
    message: values.message.trim(),
    ...(email ? { email } : {}),
  };
}

/**
 * The dialog's check (decision 071): the request the contract would refuse is refused here, with
 * its messages on the subject, the message or the email.
 */
export const feedbackCheck: FormCheck<FeedbackValues, CreateFeedback> = (values) => {
  const request = feedbackRequest(values);
  const parsed = CreateFeedbackSchema.safeParse(request);
  return parsed.success
    ? { ok: true, payload: request }
    : { ok: false, errors: issuesToErrors(parsed.error.issues) };
};

/** spec §5: a blank subject or message is also said in a "Missing Information" toast. */
export function isMissingSubjectOrMessage(values: Pick<FeedbackValues, 'subject' | 'message'>): boolean {
  return !values.subject.trim() || !values.message.trim();
}
