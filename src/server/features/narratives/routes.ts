import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import {
  CheckNarrativeSchema,
  CreateNarrativeSchema,
  GenerateNarrativeSchema,
  ListNarrativesQuerySchema,
  RestoreVersionSchema,
  UpdateNarrativeSchema,
} from '../../../domain/contracts/narratives.ts';
import type { AppEnv } from '../../context.ts';
import { authorize, requirePermission } from '../../lib/permissions.ts';
import { validate } from '../../lib/validate.ts';
import { generateNarrative, generationEvents } from './generate.ts';
import { checkNarrative, createNarrative, listNarratives, updateNarrative } from './service.ts';
import { listVersions, restoreVersion } from './versions.ts';

/** 401/403 come before validation: a caller who may not write learns nothing about the body. */
const read = requirePermission('data.read');
const edit = requirePermission('narratives.edit');

const wantsEventStream = (accept: string | undefined) => /\btext\/event-stream\b/i.test(accept ?? '');

export const narrativeRoutes = new Hono<AppEnv>()
  .get('/narratives', read, validate('query', ListNarrativesQuerySchema), async (c) =>
    c.json(await listNarratives(authorize(c, 'data.read'), c.req.valid('query'))),
  )
  .post('/narratives/generate', edit, validate('json', GenerateNarrativeSchema), async (c) => {
    const ctx = authorize(c, 'narratives.edit');
    const input = c.req.valid('json');
    if (!wantsEventStream(c.req.header('Accept'))) return c.json(await generateNarrative(ctx, input));
    const stopped = new AbortController();
    const events = await generationEvents(ctx, input, stopped.signal);
    return streamSSE(c, async (stream) => {
      stream.onAbort(() => stopped.abort());
      try {
        for await (const { event, data } of events) {
          if (stream.aborted) break;
          await stream.writeSSE({ event, data: JSON.stringify(data) });
        }
      } catch (error) {
        // Only writing can fail here (generation errors arrive as `error` events): the reader left.
        ctx.log.warn('narrative stream not delivered', { error: String(error) });
      }
    });
  })
  .post(
    '/narratives/check',
    requirePermission('narratives.check'),
    validate('json', CheckNarrativeSchema),
    async (c) => c.json(await checkNarrative(authorize(c, 'narratives.check'), c.req.valid('json'))),
  )
  .post('/narratives', edit, validate('json', CreateNarrativeSchema), async (c) =>
    c.json(await createNarrative(authorize(c, 'narratives.edit'), c.req.valid('json')), 201),
  )
  .put('/narratives/:id', edit, validate('json', UpdateNarrativeSchema), async (c) =>
    c.json(await updateNarrative(authorize(c, 'narratives.edit'), c.req.param('id'), c.req.valid('json'))),
  )
  .get('/narratives/:id/versions', read, async (c) =>
    c.json(await listVersions(authorize(c, 'data.read'), c.req.param('id'))),
  )
  .post('/narratives/:id/restore', edit, validate('json', RestoreVersionSchema), async (c) =>
    c.json(
      await restoreVersion(authorize(c, 'narratives.edit'), c.req.param('id'), c.req.valid('json').version),
    ),
  );
