import { useEffect, useState, useSyncExternalStore } from 'react';

/** spec §4, §9: progress rises 10 points every 500 ms, capped at 90 until the server answers. */
export const PROGRESS_STEP = 10;
export const PROGRESS_INTERVAL_MS = 500;
export const PROGRESS_CAP = 90;

export interface ProgressState {
  isGenerating: boolean;
  /** 0–90 while generating; 0 otherwise. */
  progress: number;
}

export type ProgressAction = { type: 'start' } | { type: 'tick' } | { type: 'finish' };

export const IDLE_PROGRESS: ProgressState = { isGenerating: false, progress: 0 };

/**
 * spec §4 report generation: start sets the generating state at 0 (a second start while
 * generating changes nothing), each tick adds 10 up to 90, finish (success or failure) resets.
 * Returns the same object when nothing changes, so subscribers are not woken for nothing.
 */
export function progressReducer(state: ProgressState, action: ProgressAction): ProgressState {
  switch (action.type) {
    case 'start':
      return state.isGenerating ? state : { isGenerating: true, progress: 0 };
    case 'tick': {
      if (!state.isGenerating) return state;
      const progress = Math.min(PROGRESS_CAP, state.progress + PROGRESS_STEP);
      return progress === state.progress ? state : { isGenerating: true, progress };
    }
    case 'finish':
      return state.isGenerating || state.progress !== 0 ? IDLE_PROGRESS : state;
  }
}

export interface ProgressTicker {
  getState(): ProgressState;
  subscribe(listener: () => void): () => void;
  /** Starts generating; false (and nothing happens) when already generating. */
  start(): boolean;
  /** The server answered: stop the timer and reset. */
  finish(): void;
  /** Stops the timer without telling anyone (the screen is going away). */
  dispose(): void;
}

/** The reducer driven by a 500 ms interval that runs only while generating. */
export function createProgressTicker(): ProgressTicker {
  let state = IDLE_PROGRESS;
  let timer: ReturnType<typeof setInterval> | undefined;
  const listeners = new Set<() => void>();
  const stopTimer = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };
  const dispatch = (action: ProgressAction) => {
    const next = progressReducer(state, action);
    if (next === state) return;
    state = next;
    if (state.progress >= PROGRESS_CAP) stopTimer();
    for (const listener of listeners) listener();
  };
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      if (state.isGenerating) return false;
      dispatch({ type: 'start' });
      timer = setInterval(() => dispatch({ type: 'tick' }), PROGRESS_INTERVAL_MS);
      return true;
    },
    finish() {
      stopTimer();
      dispatch({ type: 'finish' });
    },
    dispose: stopTimer,
  };
}

/** One ticker per mounted generator card, stopped when the card unmounts. */
export function useProgressTicker(): { ticker: ProgressTicker; state: ProgressState } {
  const [ticker] = useState(createProgressTicker);
  useEffect(() => () => ticker.dispose(), [ticker]);
  const state = useSyncExternalStore(ticker.subscribe, ticker.getState, ticker.getState);
  return { ticker, state };
}
