// The Cloudflare Worker build, run for real: `wrangler deploy --dry-run` bundles
// src/server/entry-worker.ts exactly as `wrangler deploy` would upload it, and `wrangler dev --local`
// (Node 22 from the npm registry, local workerd, no network, no login) serves that bundle with
// wrangler.toml's assets binding (the Astro output) and a local D1 database migrated by
// `wrangler d1 migrations apply` and loaded with the reference data by `wrangler d1 execute --file`
// (the deploy step of decision 083: the Worker never seeds on a request). Everything below goes
// over real HTTP.
//
// Two servers run side by side, each on its own local D1 copy:
// - "plain": the entry exactly as deployed.
// - "production limits": the same entry with Cloudflare's hosted PBKDF2 cap (100,000 iterations)
//   put back (tests/worker/production-limits-entry.js). Local workerd has no cap, so only this one
//   exercises the pure-JS PBKDF2 path a real deployment takes.
//
// Both serve a snapshot of dist/ and a prebuilt bundle (--no-bundle), so other work on the tree
// (an Astro rebuild, an edited source file) cannot reload them halfway through.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { factorRows } from '../../db/reference/factors/seed.ts';
import { bundledProjects } from '../../db/reference/marketplace/seed.ts';
import { PBKDF2_ITERATIONS, verifyPassword } from '../../src/server/lib/password.ts';

const ROOT = join(import.meta.dir, '..', '..');
/** Node 22 from the `node` devDependency: wrangler 4 needs Node 22+, whatever `node` is on PATH. */
const NODE = join(ROOT, 'node_modules', '.bin', 'node');
const WRANGLER = join(ROOT, 'node_modules', 'wrangler', 'bin', 'wrangler.js');
const DIST = join(ROOT, 'dist');
const PASSWORD = 'correct horse battery staple';
const PBKDF2_PREFIX = `$pbkdf2-sha256$i=${PBKDF2_ITERATIONS}$`;

const LIMITS_NAME = 'esg-pilot-production-limits';

const work = mkdtempSync(join(tmpdir(), 'esg-worker-'));
/** The snapshot of dist/ both servers serve. */
const ASSETS = join(work, 'dist');
const env: Record<string, string | undefined> = {
  ...process.env,
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_LOG_PATH: join(work, 'logs'),
  // Our own dev registry, and no reload when wrangler.toml is touched mid-run.
  WRANGLER_REGISTRY_PATH: join(work, 'registry'),
  WRANGLER_CI_DISABLE_CONFIG_WATCHING: 'true',
  NO_COLOR: '1',
  FORCE_COLOR: '0',
  CI: 'true',
};
delete env.CLOUDFLARE_API_TOKEN;
delete env.CLOUDFLARE_ACCOUNT_ID;

interface DevServer {
  name: string;
  origin: string;
  persistDir: string;
  child: ChildProcess;
  output: () => string;
}
const servers: DevServer[] = [];

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}
// Should the runner itself be stopped, leave no wrangler or workerd behind.
process.once('exit', () => {
  for (const server of servers) killGroup(server.child, 'SIGKILL');
});

/** Runs a command in its own process group and collects its output. */
function run(command: string, args: string[], options: { timeoutMs: number; cwd?: string }) {
  return new Promise<{ code: number | null; stdout: string; output: string }>((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let output = '';
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const timer = setTimeout(() => {
      killGroup(child, 'SIGKILL');
      reject(
        new Error(`timed out after ${options.timeoutMs} ms: ${[command, ...args].join(' ')}\n${output}`),
      );
    }, options.timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, output });
    });
  });
}

async function wrangler(args: string[], timeoutMs = 30_000) {
  const result = await run(NODE, [WRANGLER, ...args], { timeoutMs });
  if (result.code !== 0)
    throw new Error(`wrangler ${args.join(' ')} exited ${result.code}\n${result.output}`);
  return result;
}

/** `wrangler d1 execute … --json` against a server's local D1 copy. */
async function d1(persistDir: string, sql: string): Promise<Record<string, unknown>[]> {
  const { stdout } = await wrangler([
    'd1',
    'execute',
    'esg-pilot',
    '--local',
    '--persist-to',
    persistDir,
    '--command',
    sql,
    '--json',
  ]);
  const [result] = JSON.parse(stdout) as { results: Record<string, unknown>[] }[];
  return result?.results ?? [];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** `wrangler deploy --dry-run`: the bundle `wrangler deploy` would upload, written to `outDir`. */
async function bundle(outDir: string, script?: string) {
  const args = [
    'deploy',
    ...(script ? [script, '--name', LIMITS_NAME] : []),
    '--dry-run',
    '--outdir',
    outDir,
  ];
  await wrangler([...args, '--assets', ASSETS], 60_000);
  const file = readdirSync(outDir).find((name) => name.endsWith('.js'));
  if (!file) throw new Error(`no bundle in ${outDir}`);
  return join(outDir, file);
}

async function startDev(name: string, bundlePath: string, persistDir: string): Promise<DevServer> {
  const [port, inspectorPort] = [await freePort(), await freePort()];
  const args = [WRANGLER, 'dev', bundlePath, '--config', 'wrangler.toml', '--no-bundle', '--assets', ASSETS];
  if (name !== 'plain') args.push('--name', LIMITS_NAME);
  args.push(
    '--local',
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--inspector-port',
    String(inspectorPort),
  );
  args.push('--persist-to', persistDir, '--show-interactive-dev-session=false', '--log-level', 'info');
  const child = spawn(NODE, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const server: DevServer = {
    name,
    origin: `http://127.0.0.1:${port}`,
    persistDir,
    child,
    output: () => output,
  };
  servers.push(server);
  return server;
}

/** Polls until the Worker itself answers (not just wrangler's proxy). */
async function waitUntilReady(server: DevServer, timeoutMs: number) {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (server.child.exitCode !== null)
      throw new Error(`${server.name}: wrangler dev exited\n${server.output()}`);
    try {
      const response = await fetch(`${server.origin}/api/auth/providers`, {
        signal: AbortSignal.timeout(5_000),
      });
      if (response.status === 200) return performance.now() - started;
    } catch {
      // Not listening yet.
    }
    await Bun.sleep(200);
  }
  throw new Error(`${server.name}: not ready after ${timeoutMs} ms\n${server.output()}`);
}

async function stop(server: DevServer) {
  const { child } = server;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    killGroup(child, 'SIGTERM');
    const outcome = await Promise.race([exited, Bun.sleep(5_000).then(() => 'timeout')]);
    if (outcome === 'timeout') killGroup(child, 'SIGKILL');
  }
  // workerd runs in the same group; make sure nothing of it outlives wrangler.
  killGroup(child, 'SIGKILL');
}

interface Reply {
  status: number;
  headers: Headers;
  text: string;
  json: Record<string, unknown>;
  cookie: string | undefined;
  ms: number;
}

async function call(
  server: DevServer,
  method: string,
  path: string,
  init: { body?: unknown; cookie?: string } = {},
) {
  const headers: Record<string, string> = { Origin: server.origin };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (init.cookie) headers.Cookie = init.cookie;
  const started = performance.now();
  const response = await fetch(`${server.origin}${path}`, {
    method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    redirect: 'manual',
  });
  const text = await response.text();
  const ms = Math.round(performance.now() - started);
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  const session = response.headers.getSetCookie().find((line) => line.startsWith('esg_session='));
  if (response.status >= 500) {
    // Show what wrangler and the Worker said, not just a status.
    console.info(
      `${server.name}: ${method} ${path} answered ${response.status}: ${text.slice(0, 500)}\n${server.output().slice(-3000)}`,
    );
  }
  return {
    status: response.status,
    headers: response.headers,
    text,
    json,
    cookie: session?.split(';')[0],
    ms,
  } as Reply;
}

/** Milliseconds the app measured inside workerd (its access-log line) for each call to `path`. */
function workerMs(server: DevServer, path: string): number[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes('"message":"request"'))
    .map((line) => JSON.parse(line) as { path: string; ms: number })
    .filter((entry) => entry.path === path)
    .map((entry) => entry.ms);
}

const signUpBody = (email: string) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email,
  password: PASSWORD,
  companyName: 'Analytical Engines Ltd',
  jurisdiction: 'CSRD',
});

let plain: DevServer;
let limited: DevServer;

beforeAll(async () => {
  // The test runner builds the pages first; build here only when run on its own.
  if (!existsSync(join(DIST, 'index.html'))) {
    const build = await run(process.execPath, ['--bun', 'astro', 'build'], { timeoutMs: 150_000 });
    if (build.code !== 0) throw new Error(`astro build failed\n${build.output}`);
  }
  if (!existsSync(join(DIST, 'csp-hashes.json'))) {
    const hashes = await run(process.execPath, ['scripts/csp-hashes.ts'], { timeoutMs: 30_000 });
    if (hashes.code !== 0) throw new Error(`csp-hashes failed\n${hashes.output}`);
  }

  cpSync(DIST, ASSETS, { recursive: true });

  const started = performance.now();
  const plainState = join(work, 'plain');
  const limitedState = join(work, 'limited');
  const referenceSql = join(work, 'reference-data.sql');
  const [plainBundle, limitedBundle] = await Promise.all([
    bundle(join(work, 'build-plain')),
    bundle(join(work, 'build-limited'), 'tests/worker/production-limits-entry.js'),
    (async () => {
      // One wrangler step per migration (about 2–8 s each on a busy 2-core machine): room for many.
      await wrangler(
        ['d1', 'migrations', 'apply', 'esg-pilot', '--local', '--persist-to', plainState],
        150_000,
      );
      // The build's reference-data step, written here so other work on the tree cannot change it.
      const sql = await run(process.execPath, ['scripts/reference-data-sql.ts', referenceSql], {
        timeoutMs: 60_000,
      });
      if (sql.code !== 0) throw new Error(`reference-data-sql failed\n${sql.output}`);
      await wrangler(
        [
          'd1',
          'execute',
          'esg-pilot',
          '--local',
          '--persist-to',
          plainState,
          '--file',
          referenceSql,
          '--yes',
        ],
        120_000,
      );
    })(),
  ]);
  cpSync(plainState, limitedState, { recursive: true });
  const preparedMs = performance.now() - started;

  plain = await startDev('plain', plainBundle, plainState);
  limited = await startDev('production limits', limitedBundle, limitedState);
  const [plainMs, limitedMs] = await Promise.all([
    waitUntilReady(plain, 60_000),
    waitUntilReady(limited, 60_000),
  ]);
  console.info(
    `worker: bundled twice and migrated D1 in ${Math.round(preparedMs)} ms; wrangler dev ready in ${Math.round(plainMs)} ms (plain) and ${Math.round(limitedMs)} ms (production limits), started together`,
  );
}, 420_000);

afterAll(async () => {
  await Promise.all(servers.map(stop));
  rmSync(work, { recursive: true, force: true });
}, 20_000);

describe('Worker under wrangler dev: plain entry', () => {
  const email = 'ada@worker.example';
  let cookie: string | undefined;

  test('GET / answers the landing page from the assets binding with the security headers', async () => {
    const reply = await call(plain, 'GET', '/');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toContain('text/html');
    expect(reply.text).toBe(readFileSync(join(ASSETS, 'index.html'), 'utf8'));
    const csp = reply.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    for (const hash of JSON.parse(readFileSync(join(ASSETS, 'csp-hashes.json'), 'utf8')) as string[]) {
      expect(csp).toContain(`'${hash}'`);
    }
    expect(reply.headers.get('vary')).toBe('Cookie');
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
  });

  test('build files come through the app with long-lived caching', async () => {
    const file = readdirSync(join(ASSETS, '_astro')).find((name) => /\.(js|css)$/.test(name));
    expect(file).toBeDefined();
    const reply = await call(plain, 'GET', `/_astro/${file}`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  test('POST /api/auth/signup creates the account in D1 and sets the session cookie', async () => {
    const reply = await call(plain, 'POST', '/api/auth/signup', { body: signUpBody(email) });
    expect(reply.status).toBe(201);
    expect(reply.json).toMatchObject({
      email,
      firstName: 'Ada',
      companyName: 'Analytical Engines Ltd',
      role: 'admin',
    });
    const line = reply.headers.getSetCookie().find((header) => header.startsWith('esg_session='));
    expect(line).toContain('HttpOnly');
    cookie = reply.cookie;
    expect(cookie).toMatch(/^esg_session=[a-z2-7]{32}$/);
  }, 20_000);

  test('GET /api/auth/user with the cookie answers the user; without it 401', async () => {
    const signedIn = await call(plain, 'GET', '/api/auth/user', { cookie });
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.email).toBe(email);

    const anonymous = await call(plain, 'GET', '/api/auth/user');
    expect(anonymous.status).toBe(401);
    expect(anonymous.json).toEqual({ message: 'Unauthorized' });
  });

  test('GET / with a session serves the signed-in page instead of the landing page', async () => {
    const reply = await call(plain, 'GET', '/', { cookie });
    expect(reply.status).toBe(200);
    expect(reply.text).toBe(readFileSync(join(ASSETS, 'signed-in', 'index.html'), 'utf8'));
  });

  test('POST /api/auth/signin: right password 200 with a new session, wrong password 401', async () => {
    const good = await call(plain, 'POST', '/api/auth/signin', { body: { email, password: PASSWORD } });
    expect(good.status).toBe(200);
    expect(good.json.email).toBe(email);
    expect(good.cookie).toMatch(/^esg_session=/);
    expect(good.cookie).not.toBe(cookie);
    const user = await call(plain, 'GET', '/api/auth/user', { cookie: good.cookie });
    expect(user.status).toBe(200);

    const bad = await call(plain, 'POST', '/api/auth/signin', {
      body: { email, password: 'not the password' },
    });
    expect(bad.status).toBe(401);
    expect(bad.json.code).toBe('invalid_credentials');
    expect(bad.cookie).toBeUndefined();
    console.info(
      `worker (local workerd, WebCrypto PBKDF2): sign-up ${workerMs(plain, '/api/auth/signup').join(' / ')} ms; sign-in ${workerMs(plain, '/api/auth/signin').join(' / ')} ms`,
    );
  }, 20_000);

  test('the Worker stores PBKDF2-SHA256 at 600,000 iterations, and Bun verifies that hash', async () => {
    const [row] = await d1(plain.persistDir, `select password_hash from users where email = '${email}'`);
    const hash = String(row?.password_hash);
    expect(hash.startsWith(PBKDF2_PREFIX)).toBe(true);
    expect(await verifyPassword(PASSWORD, hash)).toBe(true);
    expect(await verifyPassword('not the password', hash)).toBe(false);
  }, 30_000);

  // Invitations and company switches write with guard statements (raw SQL) inside one batch,
  // which Drizzle's D1 session could not bind (db/client.ts, batchableRawStatements).
  test('an invitation is accepted and the guest switches back to their own company, on D1', async () => {
    const invited = `guest-${crypto.randomUUID()}@example.com`;
    const guest = await call(plain, 'POST', '/api/auth/signup', { body: signUpBody(invited) });
    expect(guest.status).toBe(201);
    const ownCompanyId = guest.json.companyId as string;
    const sent = await call(plain, 'POST', '/api/team/invites', {
      cookie,
      body: { email: invited, role: 'member' },
    });
    expect(sent.status).toBe(201);
    const token = new URL(sent.json.link as string).searchParams.get('token');
    const accepted = await call(plain, 'POST', '/api/invites/accept', {
      cookie: guest.cookie,
      body: { token },
    });
    expect(accepted.status).toBe(200);
    const inHost = accepted.cookie ?? guest.cookie;
    const companies = await call(plain, 'GET', '/api/auth/companies', { cookie: inHost });
    expect(companies.json.companies).toHaveLength(2);
    const switched = await call(plain, 'POST', '/api/auth/switch-company', {
      cookie: inHost,
      body: { companyId: ownCompanyId },
    });
    expect(switched.status).toBe(200);
    expect(switched.json.companyId).toBe(ownCompanyId);
  }, 30_000);

  // The ledger on D1 (decision 035): an import writes through Drizzle batches (no writer thread on
  // the Worker), lines carry their stored results, and the KPI roll-ups sum them.
  test('a CSV import lands in D1 with its stored results, and the KPI figures sum them', async () => {
    const site = await call(plain, 'POST', '/api/sites', {
      cookie,
      body: { name: 'Bristol bakery', country: 'GB' },
    });
    expect(site.status).toBe(201);
    const form = new FormData();
    const csv = [
      'date,site,category,variant,quantity,unit,spend,currency,reference',
      '2025-01-31,Bristol bakery,electricity,,10000,kWh,,,MPAN 1',
      '2025-02-14,Bristol bakery,diesel,,1000,litres,,,Fuel card',
    ].join('\n');
    form.append('file', new File([`${csv}\n`], 'ledger.csv', { type: 'text/csv' }));
    const imported = await fetch(`${plain.origin}/api/activities/import`, {
      method: 'POST',
      headers: { Origin: plain.origin, Cookie: cookie! },
      body: form,
    });
    expect(imported.status).toBe(201);
    expect(await imported.json()).toMatchObject({ imported: 2, duplicates: 0 });
    const lines = (await call(plain, 'GET', '/api/activities', { cookie })).json as {
      items: { category: string; results: { scope: string; kgCO2e: number }[] }[];
    };
    const electricity = lines.items.find((line) => line.category === 'electricity')!;
    // DESNZ 2025 UK grid: 10,000 kWh × 0.177 kg/kWh = 1,770 kg (location-based).
    expect(electricity.results.find((r) => r.scope === 'scope_2_location')!.kgCO2e).toBeCloseTo(1770, 6);
    const metrics = await call(plain, 'GET', '/api/metrics/summary?year=2025', { cookie });
    expect(metrics.status).toBe(200);
    const carbon = (metrics.json as { carbon: Record<string, { value: number }> }).carbon;
    expect(carbon.scope2Location!.value).toBeCloseTo(1.77, 6);
    expect(carbon.scope1!.value).toBeGreaterThan(2);
  }, 30_000);

  // A line entered by hand on D1 (decision 092): the batched writer reads the next id from
  // sqlite_sequence and binds it, so the audit row in the same batch can name it.
  test('a line entered by hand on D1 answers a decimal id, audited, that edits and deletes it', async () => {
    const site = await call(plain, 'POST', '/api/sites', {
      cookie,
      body: { name: 'Bath cafe', country: 'GB' },
    });
    expect(site.status).toBe(201);
    const line = {
      siteId: site.json.id,
      date: '2025-03-01',
      category: 'diesel',
      quantity: 100,
      unit: 'litres',
    };
    const created = await call(plain, 'POST', '/api/activities', { cookie, body: line });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    expect(id).toMatch(/^[1-9][0-9]*$/);
    const audited = await d1(
      plain.persistDir,
      `select entity_id from audit_logs where action = 'activity_created' and entity_id = '${id}'`,
    );
    expect(audited).toEqual([{ entity_id: id }]);
    const edited = await call(plain, 'PUT', `/api/activities/${id}`, { cookie, body: { quantity: 250 } });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ id, quantity: 250 });
    expect((await call(plain, 'DELETE', `/api/activities/${id}`, { cookie })).status).toBe(204);
    // The deleted line's id is not given again.
    const next = await call(plain, 'POST', '/api/activities', { cookie, body: { ...line, quantity: 120 } });
    expect(next.status).toBe(201);
    expect(Number(next.json.id)).toBeGreaterThan(Number(id));
  }, 30_000);

  test('the deploy step loaded the factor library and the offset catalogue; the catalogue sells on D1', async () => {
    const [factors] = await d1(plain.persistDir, 'select count(*) as n from emission_factors');
    expect(Number(factors?.n)).toBe(factorRows().length);
    const projects = await call(plain, 'GET', '/api/carbon-offsets/projects', { cookie });
    expect(projects.status).toBe(200);
    const listed = projects.json as unknown as { id: string; availableCredits: number }[];
    expect(listed).toHaveLength(bundledProjects().length);
    const project = listed.find((row) => row.availableCredits > 0)!;
    const bought = await call(plain, 'POST', '/api/carbon-offsets/purchase', {
      cookie,
      body: { projectId: project.id, quantity: 1 },
    });
    expect(bought.status).toBe(201);
  }, 60_000);

  test("a report's snapshot cites the sources of the imported lines' factors, read from D1", async () => {
    const requested = await call(plain, 'POST', '/api/reports/generate', {
      cookie,
      body: { format: 'csv', framework: 'gri', period: '2025' },
    });
    expect(requested.status).toBe(202);
    const [row] = await d1(
      plain.persistDir,
      `select snapshot from reports where id = '${requested.json.id}'`,
    );
    const snapshot = JSON.parse(String(row?.snapshot)) as {
      factors: { dataset: string; sourceUrl: string }[];
    };
    expect(snapshot.factors.find((factor) => factor.dataset === 'DESNZ 2025')?.sourceUrl).toBe(
      'https://www.gov.uk/government/publications/greenhouse-gas-reporting-conversion-factors-2025',
    );
  }, 60_000);

  test('the Worker verifies an argon2id hash written by Bun', async () => {
    const bunHash = await Bun.password.hash(PASSWORD, { algorithm: 'argon2id' });
    await d1(plain.persistDir, `update users set password_hash = '${bunHash}' where email = '${email}'`);
    const reply = await call(plain, 'POST', '/api/auth/signin', { body: { email, password: PASSWORD } });
    expect(reply.status).toBe(200);
    console.info(
      `worker: argon2id (Bun's default m=65536,t=2) verified in workerd in ${workerMs(plain, '/api/auth/signin').at(-1)} ms`,
    );
  }, 30_000);
});

describe('Worker under wrangler dev: production PBKDF2 limit (pure-JS fallback)', () => {
  const email = 'grace@worker.example';

  test('sign-up, sign-in and the current user work when WebCrypto refuses 600,000 iterations', async () => {
    const signUp = await call(limited, 'POST', '/api/auth/signup', { body: signUpBody(email) });
    expect(signUp.status).toBe(201);
    const user = await call(limited, 'GET', '/api/auth/user', { cookie: signUp.cookie });
    expect(user.status).toBe(200);
    expect(user.json.email).toBe(email);

    // The first sign-in of an isolate also computes the decoy hash; the second is one verify.
    const first = await call(limited, 'POST', '/api/auth/signin', { body: { email, password: PASSWORD } });
    expect(first.status).toBe(200);
    const second = await call(limited, 'POST', '/api/auth/signin', { body: { email, password: PASSWORD } });
    expect(second.status).toBe(200);
    const wrong = await call(limited, 'POST', '/api/auth/signin', {
      body: { email, password: 'not the password' },
    });
    expect(wrong.status).toBe(401);

    const [hashMs] = workerMs(limited, '/api/auth/signup');
    const signInMs = workerMs(limited, '/api/auth/signin');
    console.info(
      `worker (production PBKDF2 cap, @noble/hashes): sign-up (1 hash) ${hashMs} ms; sign-in ${signInMs.join(' / ')} ms (first includes the decoy hash, last is a wrong password)`,
    );
  }, 60_000);

  test('the fallback writes the same format, which Bun verifies', async () => {
    const [row] = await d1(limited.persistDir, `select password_hash from users where email = '${email}'`);
    const hash = String(row?.password_hash);
    expect(hash.startsWith(PBKDF2_PREFIX)).toBe(true);
    expect(await verifyPassword(PASSWORD, hash)).toBe(true);
  }, 30_000);
});
