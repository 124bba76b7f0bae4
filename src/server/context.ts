import type { Db } from '../../db/client.ts';
import type { LocalReader } from '../../db/local-reader.ts';
import type { CurrentUser, Role } from '../domain/contracts/auth.ts';
import type { Config } from './config.ts';
import type { Logger } from './lib/logger.ts';
import type { ReadThread } from './lib/read-thread.ts';

/**
 * Who is calling, resolved by the auth middleware from the session cookie or an API key
 * (`Authorization: Bearer`). A key acts as its creator (`userId`) with the key's role, capped at
 * the creator's current one; it has no session, so `sessionId` is empty and `apiKeyId` is set.
 */
export interface Principal {
  userId: string;
  companyId: string;
  role: Role;
  sessionId: string;
  apiKeyId?: string;
}

/** What every service function receives first. Tenancy comes from `companyId`, never from input. */
export interface ServiceContext {
  db: Db;
  /** Long ledger reads off the API's thread (lib/read-thread.ts); absent where they stay on `db`. */
  readThread?: ReadThread | null;
  config: Config;
  log: Logger;
  requestId: string;
  ip: string | null;
  now: () => Date;
  /**
   * Tells this process's job runner to look for due jobs now; call after a batch that enqueued one
   * (src/server/jobs/queue.ts). Absent where no runner lives in the process: the job still runs at
   * the next poll of `bun workers/main.ts` or, in the Worker, after the request.
   */
  wakeJobs?: () => void;
}

export interface AuthedContext extends ServiceContext, Principal {}

/** Serves files of the Astro build; Bun reads dist/, the Worker asks its ASSETS binding. */
export interface AssetStore {
  /** `path` is an exact file path such as `/index.html` or `/_astro/app.js`; null when absent. */
  get(path: string, request: Request): Promise<Response | null>;
  /** sha256 sources of the inline scripts Astro emitted, for the Content-Security-Policy. */
  inlineScriptHashes: readonly string[];
}

export interface AppDeps {
  db: Db;
  /** Cached prepared reads on a local libSQL file (db/local-reader.ts); absent on Turso and D1. */
  localReader?: LocalReader | null;
  /** Long ledger reads on the CPU thread's own connection (lib/read-thread.ts); absent on Turso and D1. */
  readThread?: ReadThread | null;
  config: Config;
  log: Logger;
  assets?: AssetStore;
  /** Bun compresses JSON answers itself (middleware/compress-json.ts); Cloudflare does the Worker's. */
  compressResponses?: boolean;
  now?: () => Date;
  /** The in-process job runner (workers/runner.ts), when there is one. */
  jobs?: { wake(): void };
}

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    requestId: string;
    log: Logger;
    /**
     * The caller's address, looked up on first use (a read that never asks skips Bun's socket
     * lookup); a call that may write looks it up at once, while its connection is surely open.
     */
    clientIp: () => string | null;
    principal: Principal | null;
    /** The signed-in user as read with the session (saves GET /api/auth/user a second query). */
    currentUser: CurrentUser | null;
  };
};
