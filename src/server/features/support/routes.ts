import { Hono } from 'hono';
import { CreateFeedbackSchema } from '../../../domain/contracts/support.ts';
import type { AppEnv } from '../../context.ts';
import { authorize, requirePermission } from '../../lib/permissions.ts';
import { validate } from '../../lib/validate.ts';
import { listFeedback, submitFeedback } from './service.ts';

export const supportRoutes = new Hono<AppEnv>()
  .post(
    '/support/feedback',
    requirePermission('feedback.submit'),
    validate('json', CreateFeedbackSchema),
    async (c) => c.json(await submitFeedback(authorize(c, 'feedback.submit'), c.req.valid('json')), 201),
  )
  .get('/support/feedback', requirePermission('data.read'), async (c) =>
    c.json(await listFeedback(authorize(c, 'data.read'))),
  );
