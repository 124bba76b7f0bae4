import { z } from 'zod';
import { text } from './text.ts';

export const FeedbackTypeSchema = z.enum(['support', 'bug', 'feature', 'other']);
export type FeedbackType = z.infer<typeof FeedbackTypeSchema>;
export const FeedbackStatusSchema = z.enum(['open', 'in_progress', 'resolved', 'closed']);

/** POST /api/support/feedback (spec §3, §5): subject and message non-blank; email optional. */
export const CreateFeedbackSchema = z.object({
  type: FeedbackTypeSchema.default('support'),
  subject: text('Subject', { max: 200, maxMessage: 'Subject must be at most 200 characters' }).min(
    1,
    'Subject is required',
  ),
  message: text('Message', {
    max: 5000,
    multiline: true,
    maxMessage: 'Message must be at most 5000 characters',
  }).min(1, 'Message is required'),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email({ error: 'Enter a valid email address' }))
    .optional(),
});
export type CreateFeedback = z.infer<typeof CreateFeedbackSchema>;

export const FeedbackItemSchema = z.object({
  id: z.string(),
  type: FeedbackTypeSchema,
  subject: z.string(),
  message: z.string(),
  email: z.string().nullable(),
  status: FeedbackStatusSchema,
  adminResponse: z.string().nullable(),
  createdAt: z.string(),
});
export type FeedbackItem = z.infer<typeof FeedbackItemSchema>;
