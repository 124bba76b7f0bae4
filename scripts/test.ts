// `npm test`: every tier, in the order that fails fastest. Prints each step's time and a final
// "N passed, N failed" line (the form CI reads).
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dir, '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
let passed = 0;
let failed = 0;

interface Step {
  name: string;
  command: string[];
  /** Test steps report their counts; check steps count as one pass or one failure. */
  countsTests?: boolean;
}

const steps: Step[] = [
  { name: 'typecheck', command: [bin('tsc'), '--noEmit', '-p', 'tsconfig.json'] },
  ...(existsSync(join(root, 'tsconfig.worker.json'))
    ? [{ name: 'typecheck (worker)', command: [bin('tsc'), '--noEmit', '-p', 'tsconfig.worker.json'] }]
    : []),
  { name: 'lint', command: [bin('biome'), 'check', '.'] },
  {
    name: 'unit + integration',
    command: [process.execPath, 'test', './src', './tests/integration'],
    countsTests: true,
  },
  { name: 'build', command: [process.execPath, 'run', 'build'] },
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
];

const started = performance.now();
for (const step of steps) {
  const stepStarted = performance.now();
  console.info(`\n▶ ${step.name}: ${step.command.map((part) => part.replace(`${root}/`, '')).join(' ')}`);
  const child = Bun.spawn(step.command, {
    cwd: root,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', FORCE_COLOR: '0' },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [stdout, stderr] = await Promise.all([
    pipeThrough(child.stdout, process.stdout),
    pipeThrough(child.stderr, process.stderr),
  ]);
  const code = await child.exited;
  const seconds = ((performance.now() - stepStarted) / 1000).toFixed(1);
  if (step.countsTests) {
    const output = stdout + stderr;
    const pass = Number(/^\s*(\d+) pass$/m.exec(output)?.[1] ?? 0);
    const fail = Number(/^\s*(\d+) fail$/m.exec(output)?.[1] ?? 0);
    passed += pass;
    failed += fail + (code !== 0 && fail === 0 ? 1 : 0);
    if (pass === 0 && code === 0) {
      console.error(`✗ ${step.name}: ran no test`);
      failed += 1;
    }
  } else if (code === 0) {
    passed += 1;
  } else {
    failed += 1;
  }
  console.info(`${code === 0 ? '✓' : '✗'} ${step.name} (${seconds}s)`);
  if (code !== 0 && step.name !== 'lint') break;
}

console.info(`\nTotal ${((performance.now() - started) / 1000).toFixed(1)}s`);
console.info(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

async function pipeThrough(stream: ReadableStream<Uint8Array>, target: NodeJS.WriteStream): Promise<string> {
  let text = '';
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    target.write(chunk.value);
    text += decoder.decode(chunk.value, { stream: true });
  }
  return text;
}
