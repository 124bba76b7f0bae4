import { expect, test } from 'bun:test';
import { accessLogWeight } from './access-log.ts';

/** A fixed sequence of "random" numbers, repeated. */
const sequence = (...values: number[]) => {
  let index = 0;
  return () => values[index++ % values.length]!;
};

test('keeps about one in N fast successful reads and says on the line how many it stands for', () => {
  const weigh = accessLogWeight({ sampleEvery: 4, slowMs: 100, random: sequence(0.1, 0.3, 0.6, 0.9) });
  const weights = ['GET', 'GET', 'HEAD', 'GET'].map((method) => weigh(method, 200, 2));
  expect(weights).toEqual([4, 0, 0, 0]);
  expect(weigh('GET', 304, 1)).toBe(4);
});

test('always logs writes, refusals and failures, and slow requests', () => {
  const weigh = accessLogWeight({ sampleEvery: 1000, slowMs: 100, random: () => 0.99 });
  expect(weigh('POST', 201, 3)).toBe(1);
  expect(weigh('DELETE', 204, 3)).toBe(1);
  expect(weigh('GET', 401, 1)).toBe(1);
  expect(weigh('GET', 404, 1)).toBe(1);
  expect(weigh('GET', 500, 1)).toBe(1);
  expect(weigh('GET', 200, 100)).toBe(1);
  expect(weigh('GET', 200, 99.9)).toBe(0);
});

test('a sample of 1 logs every request', () => {
  const weigh = accessLogWeight({ sampleEvery: 1, slowMs: 100, random: () => 0.99 });
  expect(weigh('GET', 200, 1)).toBe(1);
});
