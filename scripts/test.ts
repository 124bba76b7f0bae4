// `npm test`: every tier. Prints each step's time, a summary of the tiers' times, and a final
// "N passed, N failed" line (the form CI reads). The checks and the build run first, in order; then
// two lanes run side by side — unit, integration and slow in one, browser and Worker in the other —
// because each tier keeps about one core busy and the CI machine has two (decisions 062, 072). A
// lane's output is printed whole when its step ends so the log stays readable.
//
// `bun scripts/test.ts <tier>…` (`npm run test:unit`, `test:integration`, `test:slow`,
// `test:browser`, `test:worker`) runs only those tiers, one after another, without the checks; the
// browser and Worker tiers build the pages first when a build input changed.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dir, '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

interface Step {
  name: string;
  command: string[];
  /** Test steps report their counts; check steps count as one pass or one failure. */
  countsTests?: boolean;
}

interface Outcome {
  name: string;
  ok: boolean;
  passed: number;
  failed: number;
  seconds: number;
}

/**
 * The per-test timeout only catches a hung test (none asserts on time): tiers share the CPU with
 * the other lane, so Bun's 5 s default would fail a sound test on a busy machine (decision 062).
 */
const bunTest = (timeoutMs: number, ...paths: string[]) => [
  process.execPath,
  'test',
  '--timeout',
  String(timeoutMs),
  ...paths,
];

const TIERS = {
  // The feature-boundary walk (decision 080) lives beside the tests it guards, but runs with the units.
  unit: {
    name: 'unit',
    command: bunTest(60_000, './src', './scripts', './tests/architecture.test.ts'),
    countsTests: true,
  },
  integration: {
    name: 'integration',
    command: bunTest(60_000, './tests/integration'),
    countsTests: true,
  },
  // Runs at full size (100k-row imports); apart so `test:integration` stays quick (decision 072).
  slow: { name: 'slow', command: bunTest(300_000, './tests/slow'), countsTests: true },
  browser: { name: 'browser (e2e)', command: bunTest(60_000, './tests/e2e'), countsTests: true },
  worker: { name: 'worker (wrangler dev)', command: bunTest(120_000, './tests/worker'), countsTests: true },
} satisfies Record<string, Step>;
type Tier = keyof typeof TIERS;
/** The tiers that serve the built pages (dist/). */
const NEEDS_BUILD: Tier[] = ['browser', 'worker'];

const checks: Step[] = [
  { name: 'typecheck', command: [bin('tsc'), '--noEmit', '-p', 'tsconfig.json'] },
  ...(existsSync(join(root, 'tsconfig.worker.json'))
    ? [{ name: 'typecheck (worker)', command: [bin('tsc'), '--noEmit', '-p', 'tsconfig.worker.json'] }]
    : []),
  { name: 'lint', command: [bin('biome'), 'check', '.'] },
  // Built before the lanes start: the browser and Worker tiers serve dist/, and the Worker
  // typecheck above reads dist/csp-hashes.json when it exists, so nothing reads a half-written tree.
  { name: 'build', command: [process.execPath, 'run', 'build'] },
];

const lanes: Step[][] = [
  [TIERS.unit, TIERS.integration, TIERS.slow],
  [TIERS.browser, ...(existsSync(join(root, 'tests', 'worker')) ? [TIERS.worker] : [])],
];

const started = performance.now();
const outcomes: Outcome[] = [];
const chosen = process.argv.slice(2);

if (chosen.length > 0) {
  const unknown = chosen.filter((name) => !(name in TIERS));
  if (unknown.length > 0) {
    console.error(`Unknown tier ${unknown.join(', ')}; the tiers are ${Object.keys(TIERS).join(', ')}.`);
    process.exit(2);
  }
  const tiers = chosen as Tier[];
  let ready = true;
  if (tiers.some((tier) => NEEDS_BUILD.includes(tier))) {
    const build = await run(
      { name: 'build (if stale)', command: [process.execPath, join(root, 'scripts', 'build-if-stale.ts')] },
      true,
    );
    outcomes.push(build);
    ready = build.ok;
  }
  for (const tier of ready ? tiers : []) outcomes.push(await run(TIERS[tier], true));
} else {
  let checksOk = true;
  for (const step of checks) {
    const outcome = await run(step, true);
    outcomes.push(outcome);
    // A lint failure still lets the tests run, so one CI run reports both.
    if (!outcome.ok && step.name !== 'lint') {
      checksOk = false;
      break;
    }
  }
  if (checksOk) {
    // Every tier of a lane runs even after another fails, so one run reports every failure.
    const laneOutcomes = await Promise.all(lanes.map(runLane));
    for (const lane of laneOutcomes) outcomes.push(...lane);
  }
}

console.info('\nTimes:');
for (const outcome of outcomes) {
  console.info(
    `  ${outcome.ok ? '✓' : '✗'} ${outcome.name.padEnd(24)} ${outcome.seconds.toFixed(1).padStart(7)}s`,
  );
}
console.info(`Total ${((performance.now() - started) / 1000).toFixed(1)}s`);
const passed = outcomes.reduce((sum, outcome) => sum + outcome.passed, 0);
const failed = outcomes.reduce((sum, outcome) => sum + outcome.failed, 0);
console.info(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

async function runLane(lane: Step[]): Promise<Outcome[]> {
  const results: Outcome[] = [];
  for (const step of lane) results.push(await run(step, false));
  return results;
}

async function run(step: Step, stream: boolean): Promise<Outcome> {
  const stepStarted = performance.now();
  const commandLine = step.command.map((part) => part.replace(`${root}/`, '')).join(' ');
  console.info(`\n▶ ${step.name}: ${commandLine}`);
  // A temporary folder of the step's own: tests that look at what is left in it (an import's
  // staging files) then never see another tier's or another run's files on the same machine.
  const temporary = mkdtempSync(join(tmpdir(), 'esg-test-run-'));
  const child = Bun.spawn(step.command, {
    cwd: root,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', FORCE_COLOR: '0', TMPDIR: temporary },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [stdout, stderr] = await Promise.all([
    collect(child.stdout, stream ? process.stdout : null),
    collect(child.stderr, stream ? process.stderr : null),
  ]);
  const code = await child.exited;
  rmSync(temporary, { recursive: true, force: true });
  const seconds = (performance.now() - stepStarted) / 1000;
  if (!stream) {
    console.info(`\n── ${step.name} output ──`);
    process.stdout.write(stdout);
    process.stderr.write(stderr);
  }
  console.info(`${code === 0 ? '✓' : '✗'} ${step.name} (${seconds.toFixed(1)}s)`);
  const { name } = step;
  if (!step.countsTests) {
    return { name, ok: code === 0, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, seconds };
  }
  const output = stdout + stderr;
  const pass = Number(/^\s*(\d+) pass$/m.exec(output)?.[1] ?? 0);
  const fail = Number(/^\s*(\d+) fail$/m.exec(output)?.[1] ?? 0);
  if (pass === 0 && code === 0) {
    console.error(`✗ ${step.name}: ran no test`);
    return { name, ok: false, passed: 0, failed: 1, seconds };
  }
  return { name, ok: code === 0, passed: pass, failed: fail + (code !== 0 && fail === 0 ? 1 : 0), seconds };
}

async function collect(
  stream: ReadableStream<Uint8Array>,
  target: NodeJS.WriteStream | null,
): Promise<string> {
  let text = '';
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    target?.write(chunk.value);
    text += decoder.decode(chunk.value, { stream: true });
  }
  return text;
}
