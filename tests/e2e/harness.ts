import { afterAll, afterEach, beforeAll, expect } from 'bun:test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { serverProcess } from '../../src/server/runtime-flags.ts';

const root = join(import.meta.dir, '..', '..');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Debian's Chromium, with the flags this closed network needs (docs/testing). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface E2E {
  baseUrl: string;
  /** The server's database, for checks of what no API shows (e.g. a beacon's effect). */
  databaseUrl: string;
  browser: Browser;
  /** A fresh browser context (its own cookies and storage), closed after the file. */
  newPage(options?: { width?: number; height?: number }): Promise<{ page: Page; context: BrowserContext }>;
  /** Signs up a new company through the API in this context; the page is then signed in. */
  signUp(page: Page, overrides?: Record<string, string>): Promise<{ email: string; password: string }>;
  /** With `demo: true`: signs this context in as the demo company's person (db/seed/demo.ts). */
  signInAsDemo(page: Page): Promise<void>;
}

/**
 * Starts the real server (`bun src/server/entry-bun.ts`, the built dist/) on a free port with its
 * own database (and `options.env`, e.g. a fake provider's origins), and one Chromium, for one test file. Pages fail the test on any console error,
 * which includes Content-Security-Policy violations.
 */
export function startE2E(
  options: {
    env?: Record<string, string>;
    /** Sets PUBLIC_URL to the server's own origin (emailed links need it, decision 045). */
    publicUrlIsServer?: boolean;
    /** More statuses the browser may log as failed loads in this file (e.g. 400 for a refused form). */
    expectedStatuses?: number[];
    /** Start with `--demo`: the server seeds the demo company and prints its one-time password. */
    demo?: boolean;
  } = {},
): E2E {
  const state = {} as E2E & {
    server: ReturnType<typeof Bun.spawn>;
    folder: string;
    contexts: BrowserContext[];
    demoAccount: Promise<{ email: string; password: string }>;
  };
  const consoleErrors: string[] = [];
  afterEach(() => {
    // Any console error (CSP violations included) fails the test that caused it.
    expect(consoleErrors.splice(0)).toEqual([]);
  });
  beforeAll(async () => {
    state.folder = mkdtempSync(join(tmpdir(), 'esg-e2e-'));
    state.databaseUrl = `file:${join(state.folder, 'e2e.db')}`;
    const started = await startServer(state.databaseUrl, options);
    state.server = started.server;
    state.baseUrl = started.baseUrl;
    if (options.demo) state.demoAccount = Promise.resolve(demoAccount(started.output));
    state.browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
    state.contexts = [];
  }, 60_000);
  afterAll(async () => {
    await state.browser?.close();
    state.server?.kill();
    await state.server?.exited;
    rmSync(state.folder, { recursive: true, force: true });
  });
  state.newPage = async ({ width = 1280, height = 900 } = {}) => {
    const context = await state.browser.newContext({ viewport: { width, height }, baseURL: state.baseUrl });
    state.contexts.push(context);
    const page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error' && !isExpectedError(message.text(), options.expectedStatuses ?? [])) {
        consoleErrors.push(`${page.url()}: ${message.text()}`);
      }
    });
    page.on('pageerror', (error) => consoleErrors.push(`${page.url()}: uncaught ${error.message}`));
    return { page, context };
  };
  state.signUp = async (page, overrides = {}) => {
    const email = `e2e-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const password = 'e2e correct horse';
    const response = await page.request.post('/api/auth/signup', {
      headers: { Origin: state.baseUrl },
      data: {
        firstName: 'Erin',
        lastName: 'Ellis',
        email,
        password,
        companyName: 'Ellis Joinery',
        jurisdiction: 'SECR',
        ...overrides,
      },
    });
    expect(response.status()).toBe(201);
    return { email, password };
  };
  state.signInAsDemo = async (page) => {
    const { email, password } = await state.demoAccount;
    const response = await page.request.post('/api/auth/signin', {
      headers: { Origin: state.baseUrl },
      data: { email, password },
    });
    expect(response.status()).toBe(200);
  };
  return state;
}

/**
 * The `--demo` start prints "sign in as {email} / {password}" before it listens
 * (src/server/entry-bun.ts), so it is in the output `startServer` read.
 */
function demoAccount(output: string): { email: string; password: string } {
  const match = /sign in as (\S+) \/ (\S+)/.exec(output);
  if (!match) throw new Error('the server did not print the demo account');
  return { email: match[1]!, password: match[2]! };
}

/** 401s are expected while a signed-out page checks the session; the browser logs them. */
function isExpectedError(text: string, expectedStatuses: number[]): boolean {
  const status = /Failed to load resource: the server responded with a status of (\d{3})/.exec(text)?.[1];
  return status !== undefined && [401, 404, ...expectedStatuses].includes(Number(status));
}

/**
 * Spawns the server on a free-looking port and waits for its own "running on" line: a health
 * check could be answered by another server already on that port (another test run on this
 * machine), whose configuration is not this file's. If the port is taken the child exits before
 * printing it, and another port is tried.
 */
async function startServer(
  databaseUrl: string,
  options: { env?: Record<string, string>; publicUrlIsServer?: boolean; demo?: boolean },
) {
  for (let attempt = 1; ; attempt += 1) {
    // Below Linux's ephemeral range (32768–60999), where the fakes and the integration tier running
    // beside this one (scripts/test.ts) get their port-0 listeners.
    const port = 20000 + Math.floor(Math.random() * 12000);
    const { cmd, env } = serverProcess(
      join(root, 'src/server/entry-bun.ts'),
      options.demo ? ['--demo'] : [],
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT_PER_IP: '10000',
        // The fakes listen on 127.0.0.1, which the SSRF guard refuses unless allowed.
        CONNECTOR_ALLOW_PRIVATE_NETWORK: 'true',
        ...(options.publicUrlIsServer ? { PUBLIC_URL: `http://127.0.0.1:${port}` } : {}),
        ...options.env,
      },
    );
    const server = Bun.spawn(cmd, {
      cwd: root,
      env,
      stdout: 'pipe',
      stderr: 'inherit',
    });
    const output = await printsListening(server.stdout, `running on http://localhost:${port}`);
    if (output !== null) return { server, baseUrl: `http://127.0.0.1:${port}`, output };
    await server.exited;
    if (attempt === 5) throw new Error('the e2e server did not start (see its output above)');
  }
}

/** The output up to `line` once the child prints it; null if its output ends first. Keeps reading after. */
async function printsListening(stdout: ReadableStream<Uint8Array>, line: string): Promise<string | null> {
  const reader = stdout.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    text += decoder.decode(chunk.value, { stream: true });
    if (text.includes(line)) {
      // The rest is drained so a full pipe never blocks the server.
      void (async () => {
        while (!(await reader.read()).done) {}
      })().catch(() => {});
      return text;
    }
  }
  return null;
}

/** axe-core (WCAG 2.1 A/AA rules) on the current page; returns serious and critical violations. */
export async function seriousAccessibilityViolations(page: Page) {
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected at run time
    const axe = (window as any).axe;
    return axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
  });
  return (result.violations as { id: string; impact: string; help: string; nodes: { target: string[] }[] }[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}
