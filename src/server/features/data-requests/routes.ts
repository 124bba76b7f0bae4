import { Hono } from 'hono';
import { z } from 'zod';
import {
  CreateDataRequestSchema,
  CreateShareSchema,
  DeclineRequestSchema,
  LenderViewQuerySchema,
  QuestionsCsvSchema,
  UpdateAnswerSchema,
} from '../../../domain/contracts/data-requests.ts';
import { readQuestionsCsv } from '../../../domain/data-requests/questions-csv.ts';
import type { AppEnv } from '../../context.ts';
import { publicOrigin } from '../../lib/origin.ts';
import { authorize, requirePermission } from '../../lib/permissions.ts';
import { validate } from '../../lib/validate.ts';
import { getLenderView } from './lender-view.ts';
import {
  createDataRequest,
  declineRequest,
  getDataRequest,
  getDeclineDraft,
  listDataRequests,
  updateAnswer,
} from './service.ts';
import { createShare, revokeShare } from './shares.ts';
import { templateList } from './templates.ts';

const read = requirePermission('data.read');
const edit = requirePermission('dataRequests.edit');
const share = requirePermission('dataRequests.share');
const AnswerParamsSchema = z.object({ id: z.string(), key: z.string() });

/**
 * The company side of value-chain data requests (issue 22, decision 077). Fixed paths come before
 * `/data-requests/:id`. Roles are checked before a body is read; API keys may call every route
 * here (src/domain/openapi/data-requests.ts).
 */
export const dataRequestRoutes = new Hono<AppEnv>()
  .get('/data-requests/templates', read, (c) => {
    authorize(c, 'data.read');
    return c.json(templateList());
  })
  .post('/data-requests/questions-csv', edit, validate('json', QuestionsCsvSchema), (c) => {
    authorize(c, 'dataRequests.edit');
    return c.json(readQuestionsCsv(c.req.valid('json').csv));
  })
  .get('/data-requests/lender-view', read, validate('query', LenderViewQuerySchema), async (c) =>
    c.json(await getLenderView(authorize(c, 'data.read'), c.req.valid('query').period)),
  )
  .get('/data-requests', read, async (c) => c.json(await listDataRequests(authorize(c, 'data.read'))))
  .post('/data-requests', edit, validate('json', CreateDataRequestSchema), async (c) =>
    c.json(await createDataRequest(authorize(c, 'dataRequests.edit'), c.req.valid('json')), 201),
  )
  .get('/data-requests/:id', read, async (c) =>
    c.json(await getDataRequest(authorize(c, 'data.read'), c.req.param('id'))),
  )
  .patch(
    '/data-requests/:id/answers/:key',
    edit,
    validate('param', AnswerParamsSchema),
    validate('json', UpdateAnswerSchema),
    async (c) => {
      const { id, key } = c.req.valid('param');
      return c.json(await updateAnswer(authorize(c, 'dataRequests.edit'), id, key, c.req.valid('json')));
    },
  )
  .get('/data-requests/:id/decline-draft', read, async (c) =>
    c.json(await getDeclineDraft(authorize(c, 'data.read'), c.req.param('id'))),
  )
  .post('/data-requests/:id/decline', edit, validate('json', DeclineRequestSchema), async (c) =>
    c.json(await declineRequest(authorize(c, 'dataRequests.edit'), c.req.param('id'), c.req.valid('json'))),
  )
  .post('/data-requests/:id/share', share, validate('json', CreateShareSchema), async (c) => {
    const ctx = authorize(c, 'dataRequests.share');
    const origin = publicOrigin(c.req.url, ctx.config.PUBLIC_URL);
    return c.json(await createShare(ctx, c.req.param('id'), c.req.valid('json'), origin), 201);
  })
  .delete('/data-requests/:id/share', share, async (c) => {
    await revokeShare(authorize(c, 'dataRequests.share'), c.req.param('id'));
    return c.body(null, 204);
  });
