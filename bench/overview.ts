// Issue 20 item 3: GET /api/dashboard/overview and GET /api/esg/progress for a UK (SECR) company
// with 1,000,000 ledger lines in the year (ten 100,000-row imports of the import benchmark's mix,
// four sites, one in France, so the SECR "UK only" figures filter by site). Budget: p95 ≤ 50 ms
// for each. The app serves in a child process (bench/child-app.ts), as `npm start` does; this
// process measures. Also `/api/auth/user` p99 while another client keeps loading the overview
// after every ledger write (the uncached computation): nothing may hold the event loop long.
// `OVERVIEW_BENCH_DB=<file>` keeps the built database there and reuses it on the next run.
import { existsSync, writeFileSync } from 'node:fs';
import { serveChildApp, signUpBenchUser, startChildApp } from './child-app.ts';
import { IMPORT_ROWS, importCsv } from './import.ts';

export const OVERVIEW_LINES = 1_000_000;
const SITES = ['Bristol bakery', 'Lyon shop', 'Leeds depot', 'London office'];
const EMAIL = 'overview-bench@example.com';

function percentile(samples: number[], share: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * share) - 1)]!;
}

type Call = (method: string, path: string, body?: BodyInit) => Promise<Response>;

function caller(origin: string, cookie: string): Call {
  return async (method, path, body) => {
    const json = typeof body === 'string';
    return fetch(`${origin}${path}`, {
      method,
      headers: { Origin: origin, Cookie: cookie, ...(json ? { 'Content-Type': 'application/json' } : {}) },
      body,
    });
  };
}

async function expectOk(response: Promise<Response>, what: string): Promise<void> {
  const answer = await response;
  if (answer.status >= 300)
    throw new Error(`overview bench ${what}: ${answer.status} ${await answer.text()}`);
  await answer.arrayBuffer();
}

/** The company, its sites, its checklist and `lines` ledger lines in 100,000-row imports. */
async function buildLedger(call: Call, lines: number): Promise<void> {
  for (const [index, name] of SITES.entries()) {
    const site = JSON.stringify({ name, country: index === 1 ? 'FR' : 'GB' });
    await expectOk(call('POST', '/api/sites', site), 'site');
  }
  for (let first = 0; first < lines; first += IMPORT_ROWS) {
    const form = new FormData();
    const csv = importCsv(Math.min(IMPORT_ROWS, lines - first), first);
    form.append('file', new File([csv], `part-${first}.csv`, { type: 'text/csv' }));
    await expectOk(call('POST', '/api/activities/import', form), 'import');
  }
  const financials = { year: 2025, revenue: 4_200_000, currency: 'GBP', employees: 48 };
  await expectOk(call('PUT', '/api/financials', JSON.stringify(financials)), 'financials');
  await expectOk(call('POST', '/api/esg/initialize', JSON.stringify({ jurisdiction: 'SECR' })), 'checklist');
}

async function timed(call: Call, path: string): Promise<number> {
  const started = performance.now();
  await expectOk(call('GET', path), path);
  return performance.now() - started;
}

const OVERVIEW = '/api/dashboard/overview?year=2025';
const PROGRESS = '/api/esg/progress?jurisdiction=SECR&year=2025';
/** A write that moves the ledger's version: the next overview computes afresh. */
const NOTE = (round: number) =>
  JSON.stringify({ jurisdiction: 'SECR', indicator: 'reporting_methodology', note: `bench round ${round}` });

export interface OverviewBench {
  lines: number;
  overviewP95Ms: number;
  progressP95Ms: number;
  /** The first overview after a write (computed, not remembered), median of the rounds. */
  overviewAfterWriteMs: number;
  userIdleP99Ms: number;
  userBusyP99Ms: number;
}

export async function benchOverview(samples = 60): Promise<OverviewBench> {
  // A kept database counts once its ledger was built to the end (the marker file says so).
  const kept = process.env.OVERVIEW_BENCH_DB;
  const reused = kept !== undefined && existsSync(`${kept}.built`);
  const { child, origin } = await startChildApp(import.meta.path);
  try {
    const cookie = reused ? await signInBenchUser(origin) : await signUpBenchUser(origin, EMAIL, 'SECR');
    const call = caller(origin, cookie);
    if (!reused) await buildLedger(call, OVERVIEW_LINES);
    if (!reused && kept !== undefined) writeFileSync(`${kept}.built`, '');

    await timed(call, OVERVIEW);
    await timed(call, PROGRESS);
    const overview: number[] = [];
    const progress: number[] = [];
    for (let i = 0; i < samples; i++) {
      overview.push(await timed(call, OVERVIEW));
      progress.push(await timed(call, PROGRESS));
    }

    const user = () => timed(call, '/api/auth/user');
    const idle: number[] = [];
    for (let i = 0; i < 200; i++) idle.push(await user());
    // Another client writes (moving the ledger version) and reloads the overview, round after
    // round, while this one asks who is signed in.
    let loading = true;
    const afterWrite: number[] = [];
    const loader = (async () => {
      for (let round = 0; loading || afterWrite.length < 3; round++) {
        await expectOk(call('PUT', '/api/esg/progress', NOTE(round)), 'note');
        afterWrite.push(await timed(call, OVERVIEW));
      }
    })();
    const busy: number[] = [];
    while (afterWrite.length < 3 || busy.length < 100) busy.push(await user());
    loading = false;
    await loader;
    return {
      lines: OVERVIEW_LINES,
      overviewP95Ms: percentile(overview, 0.95),
      progressP95Ms: percentile(progress, 0.95),
      overviewAfterWriteMs: percentile(afterWrite, 0.5),
      userIdleP99Ms: percentile(idle, 0.99),
      userBusyP99Ms: percentile(busy, 0.99),
    };
  } finally {
    child.kill('SIGTERM');
    await child.exited;
  }
}

async function signInBenchUser(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/signin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({ email: EMAIL, password: 'bench password' }),
  });
  if (response.status !== 200) throw new Error(`overview bench sign-in: ${response.status}`);
  return response.headers.getSetCookie()[0]!.split(';')[0]!;
}

if (import.meta.main && process.argv.includes('--serve')) {
  await serveChildApp({
    name: 'overview',
    env: { AUTH_RATE_LIMIT_PER_IP: '100000' },
    databaseFile: process.env.OVERVIEW_BENCH_DB,
    // The first overview after a write computes a million lines' figures; on a busy shared machine
    // that can pass Bun's 10 s default, which would cut the answer, not time it.
    idleTimeout: 120,
  });
}

if (import.meta.main && !process.argv.includes('--serve'))
  console.info(await benchOverview(Number(process.env.OVERVIEW_BENCH_SAMPLES ?? 60)));
