import { expect, test } from 'bun:test';
import { createLogSink } from './log-sink.ts';

/** A sink whose deferred writes run only when the test says so. */
function sinkWithManualTurns(maxPendingBytes?: number) {
  const out: string[] = [];
  const err: string[] = [];
  const turns: (() => void)[] = [];
  const sink = createLogSink({
    out: (text) => out.push(text),
    err: (text) => err.push(text),
    maxPendingBytes,
    schedule: (write) => turns.push(write),
  });
  const nextTurn = () => {
    for (const write of turns.splice(0)) write();
  };
  return { sink, out, err, turns, nextTurn };
}

test('info and debug lines wait for the next turn and go out together in one write', () => {
  const { sink, out, turns, nextTurn } = sinkWithManualTurns();
  sink.write('info', 'one');
  sink.write('debug', 'two');
  sink.write('info', 'three');
  expect(out).toEqual([]);
  expect(turns).toHaveLength(1);
  nextTurn();
  expect(out).toEqual(['one\ntwo\nthree\n']);
  sink.write('info', 'four');
  nextTurn();
  expect(out).toEqual(['one\ntwo\nthree\n', 'four\n']);
});

test('waiting text that reaches the limit is written there and then', () => {
  const { sink, out, nextTurn } = sinkWithManualTurns(10);
  sink.write('info', 'abcd');
  expect(out).toEqual([]);
  sink.write('info', 'efgh');
  expect(out).toEqual(['abcd\nefgh\n']);
  nextTurn();
  expect(out).toEqual(['abcd\nefgh\n']);
});

test('a warning or an error is written at once, after the lines waiting before it', () => {
  const { sink, out, err } = sinkWithManualTurns();
  sink.write('info', 'request');
  sink.write('error', 'unhandled error');
  expect(out).toEqual(['request\n']);
  expect(err).toEqual(['unhandled error\n']);
  sink.write('warn', 'slow');
  expect(out).toEqual(['request\n']);
  expect(err).toEqual(['unhandled error\n', 'slow\n']);
});

test('flush writes what is waiting (as the process does on exit) and nothing when nothing waits', () => {
  const { sink, out } = sinkWithManualTurns();
  sink.flush();
  expect(out).toEqual([]);
  sink.write('info', 'last words');
  sink.flush();
  expect(out).toEqual(['last words\n']);
});
