import { describe, expect, test } from 'bun:test';
import {
  type ChartPoint,
  createThrottle,
  formatChartValue,
  summarizeChart,
  tooltipLines,
} from './chart-helpers';

function fakeClock() {
  let now = 0;
  const timers: Array<{ at: number; run: () => void; id: number }> = [];
  let nextId = 0;
  return {
    clock: {
      now: () => now,
      schedule: (run: () => void, ms: number) => {
        const id = ++nextId;
        timers.push({ at: now + ms, run, id });
        return id;
      },
      cancel: (handle: unknown) => {
        const index = timers.findIndex((timer) => timer.id === handle);
        if (index >= 0) timers.splice(index, 1);
      },
    },
    advance(ms: number) {
      now += ms;
      for (const timer of [...timers].sort((a, b) => a.at - b.at)) {
        if (timer.at <= now) {
          timers.splice(timers.indexOf(timer), 1);
          timer.run();
        }
      }
    },
  };
}

describe('tooltip throttle (~60 per second)', () => {
  test('runs at once, then at most once per interval with the latest arguments', () => {
    const { clock, advance } = fakeClock();
    const calls: number[] = [];
    const throttle = createThrottle((value: number) => calls.push(value), 16, clock);
    throttle.call(1);
    throttle.call(2);
    throttle.call(3);
    expect(calls).toEqual([1]);
    advance(16);
    expect(calls).toEqual([1, 3]);
    advance(100);
    throttle.call(4);
    expect(calls).toEqual([1, 3, 4]);
  });

  test('120 pointer moves in one second give about 60 updates', () => {
    const { clock, advance } = fakeClock();
    let count = 0;
    const throttle = createThrottle(() => count++, 1000 / 60, clock);
    for (let i = 0; i < 120; i++) {
      throttle.call();
      advance(1000 / 120);
    }
    expect(count).toBeGreaterThanOrEqual(55);
    expect(count).toBeLessThanOrEqual(61);
  });

  test('cancel drops a pending call', () => {
    const { clock, advance } = fakeClock();
    const calls: number[] = [];
    const throttle = createThrottle((value: number) => calls.push(value), 16, clock);
    throttle.call(1);
    throttle.call(2);
    throttle.cancel();
    advance(50);
    expect(calls).toEqual([1]);
  });
});

const points: ChartPoint[] = [
  { label: 'January 2025', shortLabel: 'Jan', value: 4.2, target: 5 },
  { label: 'February 2025', shortLabel: 'Feb', value: 12.34, target: 4.8 },
  { label: 'March 2025', shortLabel: 'Mar', value: 3.1, target: 4.6 },
];

describe('chart text', () => {
  test('the summary names range, highest, lowest, total and the target path', () => {
    expect(
      summarizeChart(points, { title: 'Emissions by month', unit: 'tCO2e', valueName: 'Emissions' }),
    ).toBe(
      'Emissions by month, January 2025 to March 2025. Highest 12.3 tCO2e in February 2025; lowest 3.1 tCO2e in March 2025; total 19.6 tCO2e. Target path from 5 tCO2e in January 2025 to 4.6 tCO2e in March 2025.',
    );
  });

  test('one period, no target, or no data', () => {
    expect(
      summarizeChart([{ label: '2025', shortLabel: '2025', value: 40 }], {
        title: 'Emissions by year',
        unit: 'tCO2e',
        valueName: 'Emissions',
      }),
    ).toBe('Emissions by year, 2025. Emissions 40 tCO2e.');
    expect(summarizeChart([], { title: 'Energy use', unit: 'MWh', valueName: 'Energy' })).toBe(
      'Energy use: no data.',
    );
  });

  test('the tooltip shows emissions and target in tCO2e', () => {
    expect(tooltipLines(points[1]!, { unit: 'tCO2e', valueName: 'Emissions' })).toEqual([
      'February 2025',
      'Emissions: 12.3 tCO2e',
      'Target: 4.8 tCO2e',
    ]);
    expect(
      tooltipLines(
        { label: 'Q1 2025', shortLabel: 'Q1', value: 0.456 },
        { unit: 'MWh', valueName: 'Energy' },
      ),
    ).toEqual(['Q1 2025', 'Energy: 0.46 MWh']);
  });

  test('a period with nothing recorded reads "not recorded", never 0, and is left out of highest, lowest and total', () => {
    const gappy: ChartPoint[] = [
      { label: 'January 2026', shortLabel: 'Jan', value: 2 },
      { label: 'February 2026', shortLabel: 'Feb', value: null },
      { label: 'March 2026', shortLabel: 'Mar', value: 0.5 },
    ];
    expect(
      summarizeChart(gappy, { title: 'Emissions by month', unit: 'tCO2e', valueName: 'Emissions' }),
    ).toBe(
      'Emissions by month, January 2026 to March 2026. Highest 2 tCO2e in January 2026; lowest 0.5 tCO2e in March 2026; total 2.5 tCO2e. 1 of 3 periods not recorded.',
    );
    expect(tooltipLines(gappy[1]!, { unit: 'tCO2e', valueName: 'Emissions' })).toEqual([
      'February 2026',
      'Emissions: not recorded',
    ]);
    expect(summarizeChart([gappy[1]!], { title: 'Energy use', unit: 'MWh', valueName: 'Energy' })).toBe(
      'Energy use, February 2026. Energy: not recorded.',
    );
    expect(formatChartValue(null, 'MWh')).toBe('not recorded');
  });

  test('values carry their unit', () => {
    expect(formatChartValue(1234.56, 'tCO2e')).toBe('1,234.6 tCO2e');
    expect(formatChartValue(0, 'MWh')).toBe('0 MWh');
  });
});
