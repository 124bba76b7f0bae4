/** ~60 updates per second (spec §9 'Chart throttle about 60 per second'). */
export const CHART_THROTTLE_MS = 1000 / 60;

/**
 * Calls `fn` at most once per `intervalMs`; a call inside the interval is kept and run at its end
 * with the latest arguments, so the tooltip always settles on where the pointer stopped.
 */
export function createThrottle<A extends unknown[]>(
  fn: (...args: A) => void,
  intervalMs = CHART_THROTTLE_MS,
  clock: {
    now: () => number;
    schedule: (run: () => void, ms: number) => unknown;
    cancel: (handle: unknown) => void;
  } = {
    now: () => performance.now(),
    schedule: (run, ms) => setTimeout(run, ms),
    cancel: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  },
): { call: (...args: A) => void; cancel: () => void } {
  let last = Number.NEGATIVE_INFINITY;
  let pending: A | null = null;
  let handle: unknown = null;
  const run = (args: A) => {
    last = clock.now();
    fn(...args);
  };
  return {
    call: (...args: A) => {
      const wait = last + intervalMs - clock.now();
      if (wait <= 0 && handle === null) {
        run(args);
        return;
      }
      pending = args;
      if (handle !== null) return;
      handle = clock.schedule(
        () => {
          handle = null;
          const latest = pending;
          pending = null;
          if (latest) run(latest);
        },
        Math.max(0, wait),
      );
    },
    cancel: () => {
      if (handle !== null) clock.cancel(handle);
      handle = null;
      pending = null;
    },
  };
}

export interface ChartPoint {
  /** Full label, e.g. 'March 2025'. */
  label: string;
  /** Short label for the axis, e.g. 'Mar'. */
  shortLabel: string;
  /** null: nothing recorded for the period, drawn as a gap and read out as "not recorded", never 0. */
  value: number | null;
  target?: number | null;
}

/** How a period with nothing recorded reads in the tooltip, the summary and the data table. */
export const NOT_RECORDED = 'not recorded';

const figure = (value: number) =>
  new Intl.NumberFormat('en-GB', {
    maximumFractionDigits: value !== 0 && Math.abs(value) < 10 ? 2 : 1,
  }).format(value);

export function formatChartValue(value: number | null, unit: string): string {
  return value === null ? NOT_RECORDED : `${figure(value)} ${unit}`;
}

/**
 * The chart's text alternative: range, highest and lowest period, total, and the target path.
 * 'Emissions by month, January 2025 to December 2025. Highest 12.3 tCO2e in March 2025; …'
 */
export function summarizeChart(
  points: readonly ChartPoint[],
  {
    title,
    unit,
    valueName,
    targetName = 'Target',
  }: { title: string; unit: string; valueName: string; targetName?: string },
): string {
  if (points.length === 0) return `${title}: no data.`;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const range = points.length === 1 ? first.label : `${first.label} to ${last.label}`;
  const parts = [`${title}, ${range}.`];
  const recorded = points.filter((point): point is ChartPoint & { value: number } => point.value !== null);
  const missing = points.length - recorded.length;
  if (recorded.length === 0) {
    parts.push(`${valueName}: ${NOT_RECORDED}.`);
  } else if (points.length === 1) {
    parts.push(`${valueName} ${formatChartValue(first.value, unit)}.`);
  } else {
    let highest = recorded[0]!;
    let lowest = recorded[0]!;
    let total = 0;
    for (const point of recorded) {
      if (point.value > highest.value) highest = point;
      if (point.value < lowest.value) lowest = point;
      total += point.value;
    }
    parts.push(
      recorded.length === 1
        ? `${valueName} ${formatChartValue(highest.value, unit)} in ${highest.label}.`
        : `Highest ${formatChartValue(highest.value, unit)} in ${highest.label}; lowest ${formatChartValue(lowest.value, unit)} in ${lowest.label}; total ${formatChartValue(total, unit)}.`,
    );
    if (missing > 0) parts.push(`${missing} of ${points.length} periods ${NOT_RECORDED}.`);
  }
  const targets = points.filter((point) => point.target != null);
  if (targets.length > 0) {
    const from = targets[0]!;
    const to = targets[targets.length - 1]!;
    parts.push(
      targets.length === 1
        ? `${targetName} ${formatChartValue(from.target!, unit)} in ${from.label}.`
        : `${targetName} path from ${formatChartValue(from.target!, unit)} in ${from.label} to ${formatChartValue(to.target!, unit)} in ${to.label}.`,
    );
  }
  return parts.join(' ');
}

/** The tooltip's lines for one point: 'March 2025', 'Emissions: 12.3 tCO2e', 'Target: 11 tCO2e'. */
export function tooltipLines(
  point: ChartPoint,
  { unit, valueName, targetName = 'Target' }: { unit: string; valueName: string; targetName?: string },
): string[] {
  const lines = [point.label, `${valueName}: ${formatChartValue(point.value, unit)}`];
  if (point.target != null) lines.push(`${targetName}: ${formatChartValue(point.target, unit)}`);
  return lines;
}
