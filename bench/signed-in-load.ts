// Issue 20 item 2, in a real browser: the built app (`bun src/server/entry-bun.ts`, dist/) with a
// signed-up company, loaded cold in headless Chromium. Counts the JavaScript responses of each
// heavy signed-in page until the network is idle (files and body bytes as sent, brotli when the
// browser asks for it), and times dashboard and KPI data shown on a throttled phone (Chrome
// DevTools' "Fast 3G" and a 4× slower CPU, through CDP) against a static HTML+CSS floor page:
// the dashboard's own built HTML with every script removed, served by the same server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { type Browser, chromium, type Page } from 'playwright-core';
import { serverProcess } from '../src/server/runtime-flags.ts';
import { chromiumArgs } from '../tests/e2e/harness.ts';

const root = join(import.meta.dir, '..');

/** Chrome DevTools' "Fast 3G" preset (front_end/core/sdk/NetworkManager.ts), in bytes per second. */
const FAST_3G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
};
const CPU_SLOWDOWN = 4;

export interface PageLoad {
  name: string;
  path: string;
  scriptFiles: number;
  scriptBytes: number;
  encodings: string[];
}

export interface ThrottledLoad {
  floorMs: number;
  dashboardMs: number;
  kpiMs: number;
}

/**
 * Resolves in the first animation frame in which `selector` matches an element with a box (what
 * Playwright calls visible). Polled in the page on every frame: a locator's `waitFor` looks again
 * only every 500 ms after its first few tries, so it reported the first look after the data was
 * shown, up to half a second late (bench/notes/signed-in-pages.md, "Deferred dashboard panels").
 */
function shown(selector: string) {
  return async (page: Page) => {
    await page.waitForFunction(
      (css) => {
        const element = document.querySelector(css);
        if (!element) return false;
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
      },
      selector,
      { polling: 'raf', timeout: 60_000 },
    );
  };
}

/** What "data shown" means on each screen: an element the screen renders only from its data. */
const DATA_SHOWN: Record<string, (page: Page) => Promise<void>> = {
  // The welcome banner's heading (dashboard-view.tsx), shown once the overview and the user arrive.
  '/': shown('#welcome-title'),
  // The KPI tabs (kpi-view.tsx), shown once the metrics summary arrives.
  '/kpi-dashboard': shown('[role="tablist"][aria-label="KPI categories"]'),
  '/data-sources': (page) =>
    page.getByRole('heading', { name: 'Activity data' }).waitFor({ timeout: 60_000 }),
};

export const SIGNED_IN_PAGES = [
  { name: 'dashboard', path: '/' },
  { name: 'KPI', path: '/kpi-dashboard' },
  { name: 'data sources', path: '/data-sources' },
] as const;

export async function benchSignedInLoad(options: { throttledRuns?: number } = {}) {
  const folder = mkdtempSync(join(tmpdir(), 'esg-bench-load-'));
  const port = 20000 + Math.floor(Math.random() * 12000);
  const baseUrl = `http://127.0.0.1:${port}`;
  const { cmd, env } = serverProcess(join(root, 'src/server/entry-bun.ts'), [], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `file:${join(folder, 'bench.db')}`,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_PER_IP: '10000',
  });
  const server = Bun.spawn(cmd, { cwd: root, env, stdout: 'ignore', stderr: 'inherit' });
  let browser: Browser | undefined;
  try {
    await waitForServer(baseUrl);
    const cookie = await signUp(baseUrl);
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
    const loads: PageLoad[] = [];
    for (const { name, path } of SIGNED_IN_PAGES) {
      loads.push({ name, path, ...(await countScripts(browser, baseUrl, cookie, path)) });
    }
    const runs = options.throttledRuns ?? 3;
    const floorServer = await startFloor(baseUrl, cookie);
    const floorUrl = `http://127.0.0.1:${floorServer.port}/`;
    const floor: number[] = [];
    const dashboard: number[] = [];
    const kpi: number[] = [];
    // Alternate the three so drift in machine load affects each alike.
    for (let run = 0; run < runs; run++) {
      floor.push(await throttledLoad(browser, baseUrl, cookie, floorUrl));
      dashboard.push(await throttledLoad(browser, baseUrl, cookie, '/'));
      kpi.push(await throttledLoad(browser, baseUrl, cookie, '/kpi-dashboard'));
    }
    floorServer.stop(true);
    const throttled: ThrottledLoad = {
      floorMs: median(floor),
      dashboardMs: median(dashboard),
      kpiMs: median(kpi),
    };
    return { loads, throttled };
  } finally {
    await browser?.close();
    server.kill();
    await server.exited;
    rmSync(folder, { recursive: true, force: true });
  }
}

async function newSignedInPage(browser: Browser, baseUrl: string, cookie: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: baseUrl });
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: baseUrl }]);
  return { context, page: await context.newPage() };
}

async function countScripts(browser: Browser, baseUrl: string, cookie: string, path: string) {
  const { context, page } = await newSignedInPage(browser, baseUrl, cookie);
  const scripts: Promise<{ bytes: number; encoding: string }>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push(
      Promise.all([request.sizes(), request.response()]).then(([sizes, response]) => ({
        bytes: sizes.responseBodySize,
        encoding: response?.headers()['content-encoding'] ?? 'identity',
      })),
    );
  });
  await page.goto(path);
  await DATA_SHOWN[path]!(page);
  await page.waitForLoadState('networkidle');
  const done = await Promise.all(scripts);
  await context.close();
  return {
    scriptFiles: done.length,
    scriptBytes: done.reduce((sum, script) => sum + script.bytes, 0),
    encodings: [...new Set(done.map((script) => script.encoding))],
  };
}

/** Milliseconds from navigation to data shown (the floor, a full URL: to its load event), cold cache. */
async function throttledLoad(browser: Browser, baseUrl: string, cookie: string, path: string) {
  const { context, page } = await newSignedInPage(browser, baseUrl, cookie);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const started = performance.now();
  if (path.startsWith('http')) {
    await page.goto(path, { waitUntil: 'load', timeout: 60_000 });
  } else {
    await page.goto(path, { waitUntil: 'commit', timeout: 60_000 });
    await DATA_SHOWN[path]!(page);
  }
  const elapsed = performance.now() - started;
  await context.close();
  return elapsed;
}

/**
 * The floor: the signed-in dashboard's HTML as the server sends it, minus every script (module
 * scripts, inline scripts), so it shows the same server-rendered page with the same stylesheet and
 * nothing to run; served from its own port with the build's brotli copies, as the app serves them.
 */
async function startFloor(baseUrl: string, cookie: string) {
  const response = await fetch(`${baseUrl}/`, { headers: { Cookie: cookie } });
  const html = (await response.text())
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link[^>]+rel="modulepreload"[^>]*>/g, '');
  const htmlBrotli = brotliCompressSync(html);
  const dist = join(root, 'dist');
  return Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(request) {
      const path = new URL(request.url).pathname;
      const brotli = /\bbr\b/.test(request.headers.get('Accept-Encoding') ?? '');
      if (path === '/') {
        return new Response(brotli ? htmlBrotli : html, {
          headers: {
            'Content-Type': 'text/html; charset=utf-8',
            ...(brotli ? { 'Content-Encoding': 'br' } : {}),
          },
        });
      }
      if (path.includes('..')) return new Response('Not found', { status: 404 });
      const file = Bun.file(join(dist, path));
      const compressed = Bun.file(`${join(dist, path)}.br`);
      if (!(await file.exists())) return new Response('Not found', { status: 404 });
      const type = file.type;
      if (brotli && (await compressed.exists())) {
        return new Response(compressed, { headers: { 'Content-Type': type, 'Content-Encoding': 'br' } });
      }
      return new Response(file, { headers: { 'Content-Type': type } });
    },
  });
}

async function signUp(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl },
    body: JSON.stringify({
      firstName: 'Bench',
      lastName: 'Mark',
      email: 'bench-load@example.com',
      password: 'bench password',
      companyName: 'Bench Ltd',
      jurisdiction: 'SECR',
    }),
  });
  if (response.status !== 201) throw new Error(`sign-up answered ${response.status}`);
  return response.headers.getSetCookie()[0]!.split(';')[0]!;
}

async function waitForServer(baseUrl: string) {
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      if ((await fetch(`${baseUrl}/api/auth/providers`)).ok) return;
    } catch {
      // not listening yet
    }
    await Bun.sleep(150);
  }
  throw new Error(`the server at ${baseUrl} did not start`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

if (import.meta.main) {
  const { loads, throttled } = await benchSignedInLoad({ throttledRuns: Number(process.argv[2] ?? 3) });
  for (const load of loads) {
    console.info(
      `${load.name}: ${load.scriptFiles} JS files, ${(load.scriptBytes / 1024).toFixed(1)} KB (${load.encodings.join(', ')})`,
    );
  }
  console.info(
    `throttled: floor ${throttled.floorMs.toFixed(0)} ms, dashboard ${throttled.dashboardMs.toFixed(0)} ms (${(throttled.dashboardMs / throttled.floorMs).toFixed(2)}×), KPI ${throttled.kpiMs.toFixed(0)} ms (${(throttled.kpiMs / throttled.floorMs).toFixed(2)}×)`,
  );
}
