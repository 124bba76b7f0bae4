import type { Logger } from './logger.ts';

/**
 * Runs `task` once the current answer has gone out: work whose time or failure must not show in
 * that answer, such as storing a single-use link and emailing it (decisions 041 and 045: the same
 * answer, after the same work, for an address with and without an account). A timer rather than a
 * bare promise, because a local libSQL write blocks the thread and must start only after the
 * answer is written. A failure is logged as `what`, never told to the requester.
 */
export function afterAnswer(log: Logger, what: string, task: () => Promise<void>): void {
  setTimeout(() => {
    task().catch((error: unknown) =>
      log.warn(what, { error: error instanceof Error ? error.message : String(error) }),
    );
  }, 0);
}
