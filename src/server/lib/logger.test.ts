import { expect, test } from 'bun:test';
import { Logger, type LogLineLevel } from './logger.ts';

const NOON = Date.parse('2026-11-26T12:00:00.000Z');

function capture(level: 'debug' | 'info' | 'warn' = 'info') {
  const lines: { level: LogLineLevel; line: string }[] = [];
  const log = new Logger(
    level,
    { service: 'esg' },
    (lineLevel, line) => lines.push({ level: lineLevel, line }),
    () => NOON,
  );
  return { log, lines };
}

test('writes one JSON line with the time of the injected clock, the level, the message and the fields', () => {
  const { log, lines } = capture();
  log.info('request', { method: 'GET', path: '/api/auth/user', status: 200, ms: 0.4 });
  expect(lines).toHaveLength(1);
  expect(lines[0]!.line).toBe(
    '{"time":"2026-11-26T12:00:00.000Z","level":"info","message":"request","service":"esg","method":"GET","path":"/api/auth/user","status":200,"ms":0.4}',
  );
});

test('a child carries its own fields after its parent’s, on every line it writes', () => {
  const { log, lines } = capture();
  const child = log.child({ requestId: 'req-1' });
  child.warn('slow "query"', { table: 'activities' });
  child.info('done');
  expect(lines.map(({ line }) => JSON.parse(line))).toEqual([
    {
      time: '2026-11-26T12:00:00.000Z',
      level: 'warn',
      message: 'slow "query"',
      service: 'esg',
      requestId: 'req-1',
      table: 'activities',
    },
    { time: '2026-11-26T12:00:00.000Z', level: 'info', message: 'done', service: 'esg', requestId: 'req-1' },
  ]);
  expect(lines.map(({ level }) => level)).toEqual(['warn', 'info']);
});

test('a field that repeats a base key or a line key replaces it, and the line names it once', () => {
  const { log, lines } = capture();
  log.child({ requestId: 'outer' }).info('handed over', { requestId: 'inner', level: 'custom' });
  const line = lines[0]!.line;
  expect(line.match(/"requestId"/g)).toHaveLength(1);
  expect(JSON.parse(line)).toMatchObject({ requestId: 'inner', level: 'custom', message: 'handed over' });
});

test('lines below the logger’s level are not written, and isEnabled says so', () => {
  const { log, lines } = capture('warn');
  log.debug('detail');
  log.info('request');
  log.error('failed', { error: 'boom' });
  expect(log.isEnabled('info')).toBe(false);
  expect(log.isEnabled('error')).toBe(true);
  expect(lines.map(({ line }) => JSON.parse(line).message)).toEqual(['failed']);
});

test('a silent logger writes nothing at all', () => {
  const lines: string[] = [];
  const log = new Logger('silent', {}, (_level, line) => lines.push(line));
  log.error('failed');
  expect(lines).toEqual([]);
});
