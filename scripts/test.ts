// `npm test`: every tier. Prints each step's time and a final "N passed, N failed" line (the form
// CI reads). The checks and the build run first, in order; then two lanes run side by side — the
// unit and integration tier in one, the browser and Worker tiers in the other — because each tier
// keeps about one core busy and the CI machine has two (decision 062). A lane's output is printed
// whole when its step ends so the log stays readable.
import { existsSync } from 'node:fs';
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
  ok: boolean;
  passed: number;
  failed: number;
}

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
  [
    {
      name: 'unit + integration',
      // The timeout only catches a hung test (none asserts on time); the integration tier imports,
      // renders and syncs for real while the browser lane shares the CPU, so Bun's 5 s default
      // would fail a sound test on a busy machine.
      command: [process.execPath, 'test', '--timeout', '60000', './src', './scripts', './tests/integration'],
      countsTests: true,
    },
  ],
  [
    {
      name: 'browser (e2e)',
      command: [process.execPath, 'test', '--timeout', '60000', './tests/e2e'],
      countsTests: true,
    },
    ...(existsSync(join(root, 'tests', 'worker'))
      ? [
          {
            name: 'worker (wrangler dev)',
            command: [process.execPath, 'test', '--timeout', '120000', './tests/worker'],
            countsTests: true,
          },
        ]
      : []),
  ],
];

const started = performance.now();
let passed = 0;
let failed = 0;
const add = (outcome: Outcome) => {
  passed += outcome.passed;
  failed += outcome.failed;
};

let checksOk = true;
for (const step of checks) {
  const outcome = await run(step, true);
  add(outcome);
  // A lint failure still lets the tests run, so one CI run reports both.
  if (!outcome.ok && step.name !== 'lint') {
    checksOk = false;
    break;
  }
}
if (checksOk) {
  const laneOutcomes = await Promise.all(lanes.map((lane) => runLane(lane)));
  for (const outcomes of laneOutcomes) outcomes.forEach(add);
}

console.info(`\nTotal ${((performance.now() - started) / 1000).toFixed(1)}s`);
console.info(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

/** Runs a lane's steps in order, stopping at the first that fails. */
async function runLane(lane: Step[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const step of lane) {
    const outcome = await run(step, false);
    outcomes.push(outcome);
    if (!outcome.ok) break;
  }
  return outcomes;
}

async function run(step: Step, stream: boolean): Promise<Outcome> {
  const stepStarted = performance.now();
  const commandLine = step.command.map((part) => part.replace(`${root}/`, '')).join(' ');
  console.info(`\n▶ ${step.name}: ${commandLine}`);
  const child = Bun.spawn(step.command, {
    cwd: root,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', FORCE_COLOR: '0' },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [stdout, stderr] = await Promise.all([
    collect(child.stdout, stream ? process.stdout : null),
    collect(child.stderr, stream ? process.stderr : null),
  ]);
  const code = await child.exited;
  const seconds = ((performance.now() - stepStarted) / 1000).toFixed(1);
  if (!stream) {
    console.info(`\n── ${step.name} output ──`);
    process.stdout.write(stdout);
    process.stderr.write(stderr);
  }
  console.info(`${code === 0 ? '✓' : '✗'} ${step.name} (${seconds}s)`);
  if (!step.countsTests) return { ok: code === 0, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1 };
  const output = stdout + stderr;
  const pass = Number(/^\s*(\d+) pass$/m.exec(output)?.[1] ?? 0);
  const fail = Number(/^\s*(\d+) fail$/m.exec(output)?.[1] ?? 0);
  if (pass === 0 && code === 0) {
    console.error(`✗ ${step.name}: ran no test`);
    return { ok: false, passed: 0, failed: 1 };
  }
  return { ok: code === 0, passed: pass, failed: fail + (code !== 0 && fail === 0 ? 1 : 0) };
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
