// Value-chain data requests (issue 22, decision 077): record a request from a template, answer it
// from the company's data (company-data.ts), keep a person's edits (audited), decline items beyond
// the VSME value-chain cap. Every query filters by the caller's company; another company's request
// is a 404 like a missing one. Each write is one batch with its audit row (decision 003).
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../../../db/schema/auth.ts';
import {
  dataRequestAnswerEdits,
  dataRequestShares,
  dataRequests,
} from '../../../../db/schema/data-requests.ts';
import type {
  CreateDataRequestSchema,
  DataRequest,
  DataRequestList,
  DataRequestSummary,
  DeclineDraft,
  DeclineRequestSchema,
  UpdateAnswerSchema,
} from '../../../domain/contracts/data-requests.ts';
import { type AnswerEdit, answerItems } from '../../../domain/data-requests/answers.ts';
import { readQuestionsCsv } from '../../../domain/data-requests/questions-csv.ts';
import { countAnswers, requestStatus } from '../../../domain/data-requests/status.ts';
import {
  type RequestItem,
  requestItems,
  type StoredQuestion,
  storedQuestions,
  templateDefinition,
} from '../../../domain/data-requests/templates.ts';
import { declineDraft } from '../../../domain/data-requests/value-chain-cap.ts';
import type { AuthedContext } from '../../context.ts';
import { conflict, HttpError, notFound } from '../../lib/errors.ts';
import { auditInsert } from '../audit/service.ts';
import { getCurrentUser } from '../auth/service.ts';
import { type CompanyData, companyDataReader } from './company-data.ts';
import { shareSummary } from './share-summary.ts';

const requestColumns = {
  id: dataRequests.id,
  requesterName: dataRequests.requesterName,
  requesterType: dataRequests.requesterType,
  template: dataRequests.template,
  period: dataRequests.period,
  dueDate: dataRequests.dueDate,
  questions: dataRequests.questions,
  declinedAt: dataRequests.declinedAt,
  declineMessage: dataRequests.declineMessage,
  createdAt: dataRequests.createdAt,
  updatedAt: dataRequests.updatedAt,
};
export type RequestRow = Awaited<ReturnType<typeof requestRows>>[number];

const requestNotFound = () => notFound('Data request');

function requestRows(ctx: AuthedContext, id?: string) {
  return ctx.db
    .select(requestColumns)
    .from(dataRequests)
    .where(
      id
        ? and(eq(dataRequests.companyId, ctx.companyId), eq(dataRequests.id, id))
        : eq(dataRequests.companyId, ctx.companyId),
    )
    .orderBy(desc(dataRequests.createdAt), desc(dataRequests.id));
}

export async function requestRow(ctx: AuthedContext, id: string): Promise<RequestRow> {
  const [row] = await requestRows(ctx, id);
  if (!row) throw requestNotFound();
  return row;
}

export function itemsOf(row: RequestRow): RequestItem[] {
  return requestItems(row.template, JSON.parse(row.questions) as StoredQuestion[]);
}

async function editsOf(
  ctx: AuthedContext,
  requestIds: string[],
): Promise<Map<string, Map<string, AnswerEdit>>> {
  const rows =
    requestIds.length === 0
      ? []
      : await ctx.db
          .select({
            requestId: dataRequestAnswerEdits.requestId,
            itemKey: dataRequestAnswerEdits.itemKey,
            action: dataRequestAnswerEdits.action,
            value: dataRequestAnswerEdits.value,
            unit: dataRequestAnswerEdits.unit,
            editedAt: dataRequestAnswerEdits.editedAt,
            firstName: users.firstName,
            lastName: users.lastName,
          })
          .from(dataRequestAnswerEdits)
          .leftJoin(users, eq(users.id, dataRequestAnswerEdits.editedBy))
          .where(eq(dataRequestAnswerEdits.companyId, ctx.companyId));
  const byRequest = new Map<string, Map<string, AnswerEdit>>();
  const wanted = new Set(requestIds);
  for (const row of rows) {
    if (!wanted.has(row.requestId)) continue;
    const edits = byRequest.get(row.requestId) ?? new Map<string, AnswerEdit>();
    edits.set(row.itemKey, {
      action: row.action,
      value: row.value === null ? null : (JSON.parse(row.value) as AnswerEdit['value']),
      unit: row.unit,
      editedAt: row.editedAt.toISOString(),
      editedBy: row.firstName === null ? null : `${row.firstName} ${row.lastName ?? ''}`.trim(),
    });
    byRequest.set(row.requestId, edits);
  }
  return byRequest;
}

/** The answers of one request from the company data of its period. */
export function answersOf(row: RequestRow, data: CompanyData, edits: ReadonlyMap<string, AnswerEdit>) {
  return answerItems({
    items: itemsOf(row),
    snapshot: data.snapshot,
    facts: data.facts,
    cap: data.cap,
    pcaf: data.pcaf,
    figures: data.figures,
    edits,
    isDeclined: row.declinedAt !== null,
  });
}

function summaryOf(
  ctx: AuthedContext,
  row: RequestRow,
  answers: ReturnType<typeof answersOf>,
  hasLiveShare: boolean,
): DataRequestSummary {
  const counts = countAnswers(answers);
  return {
    id: row.id,
    requesterName: row.requesterName,
    requesterType: row.requesterType,
    template: row.template,
    templateTitle: templateDefinition(row.template).title,
    period: row.period,
    dueDate: row.dueDate,
    status: requestStatus({
      isDeclined: row.declinedAt !== null,
      hasLiveShare,
      dueDate: row.dueDate,
      today: ctx.now().toISOString().slice(0, 10),
      counts,
    }),
    counts,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One request with its answers, its cap and its current share; `data` is what it was answered from. */
export async function readDataRequest(
  ctx: AuthedContext,
  id: string,
): Promise<{ request: DataRequest; data: CompanyData; row: RequestRow }> {
  const row = await requestRow(ctx, id);
  const [data, edits, share] = await Promise.all([
    companyDataReader(ctx)(row.period, row.id),
    editsOf(ctx, [row.id]),
    shareSummary(ctx, row.id),
  ]);
  const answers = answersOf(row, data, edits.get(row.id) ?? new Map());
  return {
    row,
    data,
    request: {
      ...summaryOf(ctx, row, answers, share?.state === 'active'),
      answers,
      cap: data.cap,
      share,
      declinedAt: row.declinedAt?.toISOString() ?? null,
      declineMessage: row.declineMessage,
    },
  };
}

export async function getDataRequest(ctx: AuthedContext, id: string): Promise<DataRequest> {
  return (await readDataRequest(ctx, id)).request;
}

export async function listDataRequests(ctx: AuthedContext): Promise<DataRequestList> {
  const rows = await requestRows(ctx);
  const read = companyDataReader(ctx);
  const edits = await editsOf(
    ctx,
    rows.map((row) => row.id),
  );
  const liveShares = await liveShareRequestIds(ctx);
  const requests = await Promise.all(
    rows.map(async (row) => {
      const answers = answersOf(row, await read(row.period, row.id), edits.get(row.id) ?? new Map());
      return summaryOf(ctx, row, answers, liveShares.has(row.id));
    }),
  );
  const dueSoon = requests
    .filter(
      (request) =>
        request.dueDate !== null &&
        (request.status === 'draft' || request.status === 'answered' || request.status === 'overdue'),
    )
    .sort((a, b) => (a.dueDate ?? '').localeCompare(b.dueDate ?? ''));
  return { requests, dueSoon };
}

async function liveShareRequestIds(ctx: AuthedContext): Promise<Set<string>> {
  const now = ctx.now().getTime();
  const rows = await ctx.db
    .select({
      requestId: dataRequestShares.requestId,
      expiresAt: dataRequestShares.expiresAt,
      revokedAt: dataRequestShares.revokedAt,
    })
    .from(dataRequestShares)
    .where(eq(dataRequestShares.companyId, ctx.companyId));
  return new Set(
    rows.filter((row) => row.revokedAt === null && row.expiresAt.getTime() > now).map((row) => row.requestId),
  );
}

export async function createDataRequest(
  ctx: AuthedContext,
  input: z.output<typeof CreateDataRequestSchema>,
): Promise<DataRequest> {
  const questions = [...(input.questions ?? [])];
  if (input.questionsCsv && input.questionsCsv.trim() !== '') {
    const csv = readQuestionsCsv(input.questionsCsv);
    if (csv.errors.length > 0) {
      throw new HttpError(
        400,
        `The CSV of questions has ${csv.errors.length} bad row${csv.errors.length === 1 ? '' : 's'}: ${csv.errors
          .slice(0, 5)
          .map((error) => `line ${error.row}: ${error.message}`)
          .join('; ')}`,
        'csv_rows',
        { rows: csv.errors },
      );
    }
    questions.push(...csv.questions);
  }
  const id = crypto.randomUUID();
  const now = ctx.now();
  await ctx.db.batch([
    ctx.db.insert(dataRequests).values({
      id,
      companyId: ctx.companyId,
      requesterName: input.requesterName,
      requesterType: input.requesterType,
      template: input.template,
      period: input.period,
      dueDate: input.dueDate ?? null,
      questions: JSON.stringify(storedQuestions(questions)),
      createdBy: ctx.userId,
      createdAt: now,
      updatedAt: now,
    }),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'data_request_created',
      entityType: 'data_request',
      entityId: id,
    }),
  ]);
  return getDataRequest(ctx, id);
}

export async function updateAnswer(
  ctx: AuthedContext,
  id: string,
  key: string,
  input: z.output<typeof UpdateAnswerSchema>,
): Promise<DataRequest> {
  const row = await requestRow(ctx, id);
  if (!itemsOf(row).some((item) => item.key === key)) throw notFound('Question');
  const where = and(
    eq(dataRequestAnswerEdits.companyId, ctx.companyId),
    eq(dataRequestAnswerEdits.requestId, id),
    eq(dataRequestAnswerEdits.itemKey, key),
  );
  const values = {
    action: input.action === 'reset' ? ('edit' as const) : input.action,
    value: input.action === 'edit' ? JSON.stringify(input.value) : null,
    unit: input.action === 'edit' ? (input.unit ?? null) : null,
    editedBy: ctx.userId,
    editedAt: ctx.now(),
  };
  const change =
    input.action === 'reset'
      ? ctx.db.delete(dataRequestAnswerEdits).where(where)
      : ctx.db
          .insert(dataRequestAnswerEdits)
          .values({ companyId: ctx.companyId, requestId: id, itemKey: key, ...values })
          .onConflictDoUpdate({
            target: [dataRequestAnswerEdits.requestId, dataRequestAnswerEdits.itemKey],
            set: values,
          });
  await ctx.db.batch([
    change,
    ctx.db
      .update(dataRequests)
      .set({ updatedAt: ctx.now() })
      .where(and(eq(dataRequests.companyId, ctx.companyId), eq(dataRequests.id, id))),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: `data_request_answer_${input.action === 'edit' ? 'edited' : input.action === 'reset' ? 'reset' : input.action === 'decline' ? 'declined' : 'answered'}`,
      entityType: 'data_request',
      entityId: id,
    }),
  ]);
  return getDataRequest(ctx, id);
}

/** GET …/decline-draft: the items beyond the cap and a polite decline citing the rule. */
export async function getDeclineDraft(ctx: AuthedContext, id: string): Promise<DeclineDraft> {
  const { request } = await readDataRequest(ctx, id);
  if (!request.cap.applies) throw conflict(request.cap.reason);
  const items = request.answers.filter((answer) => answer.isBeyondCap);
  if (items.length === 0)
    throw conflict(
      'Nothing in this request goes beyond the VSME: there is nothing to decline under the cap.',
    );
  const user = await getCurrentUser(ctx);
  return declineDraft({
    companyName: user.companyName,
    requesterName: request.requesterName,
    period: request.period,
    items: items.map((answer) => ({ key: answer.key, question: answer.question })),
  });
}

/** POST …/decline: the items beyond the cap, or the whole request. */
export async function declineRequest(
  ctx: AuthedContext,
  id: string,
  input: z.output<typeof DeclineRequestSchema>,
): Promise<DataRequest> {
  const { request } = await readDataRequest(ctx, id);
  const now = ctx.now();
  const audit = (action: string) =>
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action,
      entityType: 'data_request',
      entityId: id,
    });
  const touch = ctx.db
    .update(dataRequests)
    .set(
      input.scope === 'all'
        ? { declinedAt: now, declineMessage: input.message ?? null, updatedAt: now }
        : { updatedAt: now },
    )
    .where(and(eq(dataRequests.companyId, ctx.companyId), eq(dataRequests.id, id)));
  if (input.scope === 'all') {
    await ctx.db.batch([touch, audit('data_request_declined')]);
    return getDataRequest(ctx, id);
  }
  if (!request.cap.applies) throw conflict(request.cap.reason);
  const keys = request.answers.filter((answer) => answer.status === 'beyond_cap').map((answer) => answer.key);
  if (keys.length === 0) throw conflict('No item beyond the value-chain cap is left to decline.');
  const declined = {
    action: 'decline' as const,
    value: null,
    unit: null,
    editedBy: ctx.userId,
    editedAt: now,
  };
  await ctx.db.batch([
    touch,
    ...keys.map((key) =>
      ctx.db
        .insert(dataRequestAnswerEdits)
        .values({ companyId: ctx.companyId, requestId: id, itemKey: key, ...declined })
        .onConflictDoUpdate({
          target: [dataRequestAnswerEdits.requestId, dataRequestAnswerEdits.itemKey],
          set: declined,
        }),
    ),
    audit('data_request_beyond_cap_declined'),
  ]);
  return getDataRequest(ctx, id);
}
