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
import { authedContext, requireRole } from '../../lib/request.ts';
import { validate } from '../../lib/validate.ts';
import { generateNarrative, generationEvents } from './generate.ts';
import { checkNarrative, createNarrative, listNarratives, updateNarrative } from './service.ts';
import { listVersions, restoreVersion } from './versions.ts';

/** 401/403 come before validation: a caller who may not write learns nothing about the body. */
const viewer = requireRole('viewer');
const member = requireRole('member');

const wantsEventStream = (accept: string | undefined) => /\btext\/event-stream\b/i.test(accept ?? '');

export const narrativeRoutes = new Hono<AppEnv>()
  .get('/narratives', viewer, validate('query', ListNarrativesQuerySchema), async (c) =>
    c.json(await listNarratives(authedContext(c, 'viewer'), c.req.valid('query'))),
  )
  .post('/narratives/generate', member, validate('json', GenerateNarrativeSchema), async (c) => {
    const ctx = authedContext(c, 'member');
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
  .post('/narratives/check', viewer, validate('json', CheckNarrativeSchema), async (c) =>
    c.json(await checkNarrative(authedContext(c, 'viewer'), c.req.valid('json'))),
  )
  .post('/narratives', member, validate('json', CreateNarrativeSchema), async (c) =>
    c.json(await createNarrative(authedContext(c, 'member'), c.req.valid('json')), 201),
  )
  .put('/narratives/:id', member, validate('json', UpdateNarrativeSchema), async (c) =>
    c.json(await updateNarrative(authedContext(c, 'member'), c.req.param('id'), c.req.valid('json'))),
  )
  .get('/narratives/:id/versions', viewer, async (c) =>
    c.json(await listVersions(authedContext(c, 'viewer'), c.req.param('id'))),
  )
  .post('/narratives/:id/restore', member, validate('json', RestoreVersionSchema), async (c) =>
    c.json(await restoreVersion(authedContext(c, 'member'), c.req.param('id'), c.req.valid('json').version)),
  );
