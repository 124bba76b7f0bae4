import { type KeyboardEvent, type RefObject, useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import { type ChartPoint, createThrottle, tooltipLines } from './chart-helpers';

export type TrendChartVariant = 'line' | 'bar';

/** Whole-number tick steps for counts, so an axis never reads 0.2 users. */
const WHOLE_INCREMENTS = [
  1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10_000, 50_000, 100_000,
];

// Brand green for the figures; amber and dashed for the target, so the two differ without colour.
export const VALUE_COLOUR = '#047857';
export const TARGET_COLOUR = '#b45309';
const AXIS_COLOUR = '#475569';
const GRID_COLOUR = '#e2e8f0';
/** Minimum room per x-axis label in CSS pixels before labels are thinned out. */
const LABEL_SPACE_PX = 44;

const axisNumber = (value: number) =>
  new Intl.NumberFormat('en-GB', { maximumFractionDigits: Math.abs(value) < 10 ? 1 : 0 }).format(value);

export interface TrendPlotSettings {
  points: readonly ChartPoint[];
  unit: string;
  valueName: string;
  targetName: string;
  variant: TrendChartVariant;
  height: number;
  wholeNumbers: boolean;
  hasTarget: boolean;
}

type UPlotClass = typeof uPlot;
type CursorHandler = (plot: uPlot) => void;

/** The columns uPlot draws: period indexes, the figures and, when set, the target. */
function plotData({ points, hasTarget }: TrendPlotSettings): uPlot.AlignedData {
  return [
    points.map((_, index) => index),
    // null = not recorded: uPlot leaves a gap there (no spanGaps), never a point at 0.
    points.map((point) => point.value),
    ...(hasTarget ? [points.map((point) => point.target ?? null)] : []),
  ];
}

function plotSeries(UPlot: UPlotClass, settings: TrendPlotSettings): uPlot.Series[] {
  const bars = settings.variant === 'bar';
  const series: uPlot.Series[] = [
    {},
    {
      label: settings.valueName,
      stroke: VALUE_COLOUR,
      width: 2,
      fill: bars ? 'rgba(4, 120, 87, 0.75)' : 'rgba(4, 120, 87, 0.08)',
      paths: bars ? UPlot.paths.bars!({ size: [0.6, 48] }) : UPlot.paths.spline!(),
      points: { show: !bars, size: 6, fill: VALUE_COLOUR },
    },
  ];
  if (settings.hasTarget) {
    series.push({
      label: settings.targetName,
      stroke: TARGET_COLOUR,
      width: 2,
      dash: [6, 4],
      spanGaps: true,
      points: { show: false },
    });
  }
  return series;
}

function plotAxes({ points, wholeNumbers }: TrendPlotSettings): uPlot.Axis[] {
  const xs = points.map((_, index) => index);
  return [
    {
      stroke: AXIS_COLOUR,
      grid: { show: false },
      ticks: { show: false },
      splits: () => xs,
      values: (plot, splits) => {
        const room = plot.bbox.width / (window.devicePixelRatio || 1);
        const every = Math.max(1, Math.ceil((xs.length * LABEL_SPACE_PX) / Math.max(room, 1)));
        return splits.map((index) => (index % every === 0 ? (points[index]?.shortLabel ?? '') : ''));
      },
    },
    {
      stroke: AXIS_COLOUR,
      grid: { stroke: GRID_COLOUR, width: 1 },
      ticks: { show: false },
      size: 56,
      ...(wholeNumbers ? { incrs: WHOLE_INCREMENTS } : {}),
      values: (_plot, splits) => splits.map(axisNumber),
    },
  ];
}

function plotOptions(
  UPlot: UPlotClass,
  settings: TrendPlotSettings,
  width: number,
  onCursor: CursorHandler,
): uPlot.Options {
  return {
    width,
    height: settings.height,
    series: plotSeries(UPlot, settings),
    legend: { show: false },
    scales: {
      x: { time: false, range: (_plot, min, max) => [min - 0.5, max + 0.5] },
      y: { range: (_plot, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
    },
    axes: plotAxes(settings),
    cursor: {
      y: false,
      drag: { x: false, y: false, setScale: false },
      points: { size: 8 },
    },
    hooks: { setCursor: [onCursor] },
  };
}

/** Fills the tooltip with the period's lines and places it beside the cursor, flipped at the edge. */
function placeTooltip(
  tooltip: HTMLDivElement,
  container: HTMLDivElement,
  plot: uPlot,
  lines: string[],
  left: number,
  top: number,
) {
  tooltip.replaceChildren(
    ...lines.map((text, line) => {
      const row = document.createElement('div');
      row.textContent = text;
      if (line === 0) row.className = 'font-semibold';
      return row;
    }),
  );
  tooltip.hidden = false;
  const over = plot.over;
  const x = over.offsetLeft + left;
  const flip = x + tooltip.offsetWidth + 12 > container.clientWidth;
  tooltip.style.left = `${flip ? x - tooltip.offsetWidth - 12 : x + 12}px`;
  tooltip.style.top = `${Math.max(0, over.offsetTop + Math.min(top, over.clientHeight - tooltip.offsetHeight) - 8)}px`;
}

/**
 * Creates the uPlot chart in the container once uPlot's chunk has loaded (it needs the DOM), keeps
 * it as wide as the container and shows the tooltip at most ~60 times a second; destroys it when the
 * settings change or the chart unmounts. Returns the refs for the chart's and tooltip's boxes and the
 * live plot, for keyboard navigation.
 */
export function useTrendPlot(settings: TrendPlotSettings): {
  containerRef: RefObject<HTMLDivElement | null>;
  tooltipRef: RefObject<HTMLDivElement | null>;
  plotRef: RefObject<uPlot | null>;
} {
  const containerRef = useRef<HTMLDivElement>(null);
  const tooltipRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const { points, hasTarget, height, unit, valueName, targetName, variant, wholeNumbers } = settings;

  useEffect(() => {
    const container = containerRef.current;
    const tooltip = tooltipRef.current;
    if (!container || !tooltip || points.length === 0) return;
    let disposed = false;
    let observer: ResizeObserver | null = null;

    const showTooltip = (
      index: number | null | undefined,
      left: number | undefined,
      top: number | undefined,
    ) => {
      const plot = plotRef.current;
      const point = index == null ? undefined : points[index];
      if (!plot || !point || left == null || left < 0 || top == null) {
        tooltip.hidden = true;
        return;
      }
      placeTooltip(tooltip, container, plot, tooltipLines(point, { unit, valueName, targetName }), left, top);
    };
    const throttled = createThrottle(showTooltip);

    void import('uplot').then(({ default: UPlot }) => {
      if (disposed) return;
      const current = { points, hasTarget, height, unit, valueName, targetName, variant, wholeNumbers };
      const options = plotOptions(UPlot, current, container.clientWidth || 600, (plot) =>
        throttled.call(plot.cursor.idx, plot.cursor.left, plot.cursor.top),
      );
      plotRef.current = new UPlot(options, plotData(current), container);
      observer = new ResizeObserver((entries) => {
        const width = Math.floor(entries[0]?.contentRect.width ?? 0);
        if (width > 0 && plotRef.current && plotRef.current.width !== width) {
          plotRef.current.setSize({ width, height });
        }
      });
      observer.observe(container);
    });

    return () => {
      disposed = true;
      throttled.cancel();
      observer?.disconnect();
      plotRef.current?.destroy();
      plotRef.current = null;
      tooltip.hidden = true;
    };
  }, [points, hasTarget, height, unit, valueName, targetName, variant, wholeNumbers]);

  return { containerRef, tooltipRef, plotRef };
}

/** The period the arrow keys move to from `current`, null to clear the cursor, undefined to ignore. */
function nextPeriod(key: string, current: number | null, count: number): number | null | undefined {
  if (key === 'ArrowRight') return current == null ? 0 : Math.min(count - 1, current + 1);
  if (key === 'ArrowLeft') return current == null ? count - 1 : Math.max(0, current - 1);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  if (key === 'Escape') return null;
  return undefined;
}

/** Arrow keys, Home and End step the plot's cursor through the periods; Escape and blur clear it. */
export function usePeriodCursor(plotRef: RefObject<uPlot | null>, points: readonly ChartPoint[]) {
  const activeIndex = useRef<number | null>(null);
  const clearCursor = () => {
    activeIndex.current = null;
    plotRef.current?.setCursor({ left: -10, top: -10 });
  };
  const moveCursor = (event: KeyboardEvent<HTMLDivElement>) => {
    const plot = plotRef.current;
    if (!plot || points.length === 0) return;
    const next = nextPeriod(event.key, activeIndex.current, points.length);
    if (next === undefined) return;
    if (next === null) {
      clearCursor();
      return;
    }
    event.preventDefault();
    activeIndex.current = next;
    plot.setCursor({ left: plot.valToPos(next, 'x'), top: plot.valToPos(points[next]!.value ?? 0, 'y') });
  };
  return { onKeyDown: moveCursor, onBlur: clearCursor };
}
