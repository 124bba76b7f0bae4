import { and, desc, eq, sql } from 'drizzle-orm';
import { feedback } from '../../../../db/schema/support.ts';
import type { CreateFeedback, FeedbackItem } from '../../../domain/contracts/support.ts';
import type { AuthedContext } from '../../context.ts';
import { auditInsert } from '../audit/service.ts';

const feedbackColumns = {
  id: feedback.id,
  type: feedback.type,
  subject: feedback.subject,
  message: feedback.message,
  email: feedback.email,
  status: feedback.status,
  adminResponse: feedback.adminResponse,
  createdAt: feedback.createdAt,
};

type FeedbackRow = Omit<FeedbackItem, 'createdAt'> & { createdAt: Date };

function toItem(row: FeedbackRow): FeedbackItem {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export async function submitFeedback(ctx: AuthedContext, input: CreateFeedback): Promise<FeedbackItem> {
  const id = crypto.randomUUID();
  const now = ctx.now();
  const [inserted] = await ctx.db.batch([
    ctx.db
      .insert(feedback)
      .values({
        id,
        companyId: ctx.companyId,
        userId: ctx.userId,
        type: input.type,
        subject: input.subject,
        message: input.message,
        email: input.email ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning(feedbackColumns),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'feedback_submitted',
      entityType: 'feedback',
      entityId: id,
    }),
  ]);
  return toItem(inserted[0]!);
}

/** The caller's own feedback in this company, newest first, with any reply from our team. */
export async function listFeedback(ctx: AuthedContext): Promise<FeedbackItem[]> {
  const rows = await ctx.db
    .select(feedbackColumns)
    .from(feedback)
    .where(and(eq(feedback.companyId, ctx.companyId), eq(feedback.userId, ctx.userId)))
    .orderBy(desc(feedback.createdAt), desc(sql`rowid`))
    .limit(100);
  return rows.map(toItem);
}
