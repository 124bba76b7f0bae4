import { afterEach, describe, expect, test } from 'bun:test';
import { ANALYTICS_EVENT, type TrackedEvent, trackEvent } from './analytics';

const globals = globalThis as Record<string, unknown>;
const originalWindow = globals.window;

afterEach(() => {
  if (originalWindow === undefined) delete globals.window;
  else globals.window = originalWindow;
});

describe('trackEvent', () => {
  test('does nothing and does not throw outside a browser', () => {
    delete globals.window;
    expect(() => trackEvent('wizard_started')).not.toThrow();
  });

  test('announces the event with its data in the page; without a started session it only warns', async () => {
    const warnings: unknown[][] = [];
    const originalWarn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args);
    const target = new EventTarget();
    const seen: TrackedEvent[] = [];
    target.addEventListener(ANALYTICS_EVENT, (event) =>
      seen.push((event as CustomEvent<TrackedEvent>).detail),
    );
    globals.window = target;
    trackEvent('wizard_step_completed', { step: 1 });
    trackEvent('wizard_completed');
    expect(seen).toEqual([
      { eventName: 'wizard_step_completed', eventData: { step: 1 } },
      { eventName: 'wizard_completed', eventData: {} },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    console.warn = originalWarn;
    expect(warnings).toEqual([
      ['Analytics session not initialized', 'wizard_step_completed'],
      ['Analytics session not initialized', 'wizard_completed'],
    ]);
  });

  test('never throws when announcing fails, and only warns', () => {
    const warnings: unknown[][] = [];
    const originalWarn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args);
    globals.window = {
      dispatchEvent: () => {
        throw new Error('listener exploded');
      },
    };
    try {
      expect(() =>
        trackEvent('esg_progress_updated', { jurisdiction: 'CSRD', section: 'social' }),
      ).not.toThrow();
    } finally {
      console.warn = originalWarn;
    }
    expect(warnings[0]?.[0]).toBe('Failed to track event');
  });

  test('survives a console that throws too', () => {
    const originalWarn = console.warn;
    console.warn = () => {
      throw new Error('no console');
    };
    globals.window = {
      dispatchEvent: () => {
        throw new Error('listener exploded');
      },
    };
    try {
      expect(() => trackEvent('wizard_completed')).not.toThrow();
    } finally {
      console.warn = originalWarn;
    }
  });
});
