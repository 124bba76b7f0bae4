// POST /api/narratives/generate: a draft for one section and framework, written from the facts
// pack of the caller's company. With AI_API_KEY set the OpenAI-compatible provider writes it (as
// a stream when asked); without, the built-in writer does, offline. Generation saves nothing but
// its audit row: the person reads, edits and saves the draft with POST /api/narratives.
import type { GeneratedNarrative, GenerateNarrative } from '../../../domain/contracts/narratives.ts';
import { findUnsupportedNumbers } from '../../../domain/narratives/number-check.ts';
import { writeNarrative } from '../../../domain/narratives/offline-writer.ts';
import { buildPrompt } from '../../../domain/narratives/prompts.ts';
import type { FactsPack, NarrativeRequest } from '../../../domain/narratives/types.ts';
import type { AuthedContext } from '../../context.ts';
import { HttpError } from '../../lib/errors.ts';
import { auditInsert } from '../audit/service.ts';
import { reportingYear } from '../kpi/service.ts';
import { type AiProvider, providerFromConfig } from './ai-provider.ts';
import { factsPackFor } from './facts-gathering.ts';

const BUILT_IN_WRITER = 'built-in';
const PROVIDER_WRITER = 'openai-compatible';

interface Plan {
  request: NarrativeRequest;
  provider: AiProvider | null;
}

async function plan(ctx: AuthedContext, input: GenerateNarrative): Promise<Plan> {
  // Not asked for: the company's one reporting year, as every screen shows it (decision 086).
  const facts = await factsPackFor(ctx, input.year ?? (await reportingYear(ctx)).year);
  return {
    request: { section: input.section, framework: input.framework, facts },
    provider: providerFromConfig(ctx.config, ctx.log),
  };
}

/** The number check of the finished draft, its audit row, and the answer. */
async function finish(
  ctx: AuthedContext,
  { request, provider }: Plan,
  content: string,
): Promise<GeneratedNarrative> {
  const facts: FactsPack = request.facts;
  await auditInsert(ctx, {
    companyId: ctx.companyId,
    userId: ctx.userId,
    action: 'narrative_generated',
    entityType: 'narrative',
  });
  return {
    content,
    writer: provider ? PROVIDER_WRITER : BUILT_IN_WRITER,
    model: provider ? provider.model : null,
    unsupportedNumbers: findUnsupportedNumbers(content, facts),
    missing: facts.missing,
    year: facts.year,
  };
}

/** The whole draft at once (JSON answer). */
export async function generateNarrative(
  ctx: AuthedContext,
  input: GenerateNarrative,
): Promise<GeneratedNarrative> {
  const generation = await plan(ctx, input);
  const content = generation.provider
    ? await generation.provider.complete(buildPrompt(generation.request))
    : writeNarrative(generation.request);
  return finish(ctx, generation, content);
}

export type GenerationEvent =
  | { event: 'delta'; data: { text: string } }
  | { event: 'done'; data: GeneratedNarrative }
  | { event: 'error'; data: { message: string } };

/**
 * The draft as server-sent events: `delta` per chunk as it arrives, then `done` with the whole
 * GeneratedNarrative, or `error` with a message when the provider fails mid-way. The facts and the
 * first chunk are awaited before this returns, so a provider that refuses or is down from the
 * start is an ordinary error answer with its status (502/504) rather than a stream that fails.
 */
export async function generationEvents(
  ctx: AuthedContext,
  input: GenerateNarrative,
  signal: AbortSignal,
): Promise<AsyncGenerator<GenerationEvent, void, undefined>> {
  const generation = await plan(ctx, input);
  const chunks = generation.provider
    ? generation.provider.stream(buildPrompt(generation.request), signal)
    : paragraphs(writeNarrative(generation.request));
  const first = await chunks.next();
  return (async function* () {
    let content = '';
    try {
      for (let step = first; !step.done; step = await chunks.next()) {
        content += step.value;
        yield { event: 'delta', data: { text: step.value } };
      }
      yield { event: 'done', data: await finish(ctx, generation, content) };
    } catch (error) {
      if (signal.aborted) return;
      if (!(error instanceof HttpError)) {
        ctx.log.warn('narrative stream failed', {
          error: error instanceof Error ? error.message : String(error),
        });
      }
      const message =
        error instanceof HttpError
          ? error.message
          : 'The draft stopped before it was finished. Please try again.';
      yield { event: 'error', data: { message } };
    } finally {
      await chunks.return(undefined);
    }
  })();
}

/** The built-in writer's text, paragraph by paragraph, so the editor fills the same way. */
async function* paragraphs(text: string): AsyncGenerator<string, void, undefined> {
  for (const paragraph of text.split(/(?<=\n\n)/)) yield paragraph;
}
