import { Hono } from 'hono';
import { CreateFeedbackSchema } from '../../../domain/contracts/support.ts';
import type { AppEnv } from '../../context.ts';
import { authedContext } from '../../lib/request.ts';
import { validate } from '../../lib/validate.ts';
import { listFeedback, submitFeedback } from './service.ts';

export const supportRoutes = new Hono<AppEnv>()
  .post('/support/feedback', validate('json', CreateFeedbackSchema), async (c) =>
    c.json(await submitFeedback(authedContext(c), c.req.valid('json')), 201),
  )
  .get('/support/feedback', async (c) => c.json(await listFeedback(authedContext(c))));
