import { afterEach, beforeEach, describe, expect, jest, test } from 'bun:test';
import {
  createProgressTicker,
  IDLE_PROGRESS,
  PROGRESS_CAP,
  PROGRESS_INTERVAL_MS,
  progressReducer,
} from './progress';

describe('progressReducer', () => {
  test('start sets the generating state at 0', () => {
    expect(progressReducer(IDLE_PROGRESS, { type: 'start' })).toEqual({ isGenerating: true, progress: 0 });
  });

  test('a second start while generating changes nothing', () => {
    const state = { isGenerating: true, progress: 40 };
    expect(progressReducer(state, { type: 'start' })).toBe(state);
  });

  test('a tick adds 10 points and never passes 90', () => {
    expect(progressReducer({ isGenerating: true, progress: 30 }, { type: 'tick' }).progress).toBe(40);
    const capped = { isGenerating: true, progress: 90 };
    expect(progressReducer(capped, { type: 'tick' })).toBe(capped);
  });

  test('a tick while idle changes nothing', () => {
    expect(progressReducer(IDLE_PROGRESS, { type: 'tick' })).toBe(IDLE_PROGRESS);
  });

  test('finish resets progress and ends generating', () => {
    expect(progressReducer({ isGenerating: true, progress: 70 }, { type: 'finish' })).toEqual(IDLE_PROGRESS);
  });
});

describe('createProgressTicker', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('rises 10 points every 500 ms from 0', () => {
    const ticker = createProgressTicker();
    expect(ticker.start()).toBe(true);
    expect(ticker.getState()).toEqual({ isGenerating: true, progress: 0 });
    jest.advanceTimersByTime(PROGRESS_INTERVAL_MS - 1);
    expect(ticker.getState().progress).toBe(0);
    jest.advanceTimersByTime(1);
    expect(ticker.getState().progress).toBe(10);
    jest.advanceTimersByTime(PROGRESS_INTERVAL_MS * 3);
    expect(ticker.getState().progress).toBe(40);
    ticker.dispose();
  });

  test('stops at 90 however long the server takes', () => {
    const ticker = createProgressTicker();
    ticker.start();
    jest.advanceTimersByTime(PROGRESS_INTERVAL_MS * 30);
    expect(ticker.getState()).toEqual({ isGenerating: true, progress: PROGRESS_CAP });
    expect(jest.getTimerCount()).toBe(0);
  });

  test('ignores a second start while generating and keeps one timer', () => {
    const ticker = createProgressTicker();
    ticker.start();
    jest.advanceTimersByTime(PROGRESS_INTERVAL_MS * 2);
    expect(ticker.start()).toBe(false);
    expect(ticker.getState().progress).toBe(20);
    expect(jest.getTimerCount()).toBe(1);
    ticker.dispose();
  });

  test('finish resets to idle, stops the timer and tells subscribers', () => {
    const ticker = createProgressTicker();
    const seen: number[] = [];
    const unsubscribe = ticker.subscribe(() => seen.push(ticker.getState().progress));
    ticker.start();
    jest.advanceTimersByTime(PROGRESS_INTERVAL_MS * 2);
    ticker.finish();
    expect(ticker.getState()).toEqual(IDLE_PROGRESS);
    expect(jest.getTimerCount()).toBe(0);
    jest.advanceTimersByTime(PROGRESS_INTERVAL_MS * 4);
    expect(seen).toEqual([0, 10, 20, 0]);
    unsubscribe();
  });

  test('can start again after finishing', () => {
    const ticker = createProgressTicker();
    ticker.start();
    ticker.finish();
    expect(ticker.start()).toBe(true);
    jest.advanceTimersByTime(PROGRESS_INTERVAL_MS);
    expect(ticker.getState()).toEqual({ isGenerating: true, progress: 10 });
    ticker.dispose();
  });
});
