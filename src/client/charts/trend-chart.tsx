import { type KeyboardEvent, useEffect, useId, useMemo, useRef } from 'react';
import type uPlot from 'uplot';
import {
  type ChartPoint,
  createThrottle,
  formatChartValue,
  summarizeChart,
  tooltipLines,
} from './chart-helpers';

export type TrendChartVariant = 'line' | 'bar';

export interface TrendChartProps {
  /** What the chart shows, e.g. 'Emissions by month'; captions the chart and its data table. */
  title: string;
  points: readonly ChartPoint[];
  unit: string;
  valueName: string;
  targetName?: string;
  variant?: TrendChartVariant;
  height?: number;
  /** Counts (users, events): the value axis steps in whole numbers only. */
  wholeNumbers?: boolean;
}

/** Whole-number tick steps for counts, so an axis never reads 0.2 users. */
const WHOLE_INCREMENTS = [
  1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10_000, 50_000, 100_000,
];

// Brand green for the figures; amber and dashed for the target, so the two differ without colour.
const VALUE_COLOUR = '#047857';
const TARGET_COLOUR = '#b45309';
const AXIS_COLOUR = '#475569';
const GRID_COLOUR = '#e2e8f0';
/** Minimum room per x-axis label in CSS pixels before labels are thinned out. */
const LABEL_SPACE_PX = 44;

const axisNumber = (value: number) =>
  new Intl.NumberFormat('en-GB', { maximumFractionDigits: Math.abs(value) < 10 ? 1 : 0 }).format(value);

/**
 * uPlot trend chart: a monotone line (or bars) of the figures, an optional dashed target line and
 * a tooltip with both values, updated at most ~60 times a second. uPlot needs the DOM, so it is
 * loaded and created in an effect (its code is a separate chunk, fetched when a chart first shows).
 * Screen readers get the summary as the image's name and every figure in a visually hidden table;
 * keyboard users can focus the chart and move through the periods with the arrow keys.
 */
export function TrendChart({
  title,
  points,
  unit,
  valueName,
  targetName = 'Target',
  variant = 'line',
  height = 260,
  wholeNumbers = false,
}: TrendChartProps) {
  const id = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const tooltipRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const activeIndex = useRef<number | null>(null);
  const hasTarget = points.some((point) => point.target != null);
  const summary = useMemo(
    () => summarizeChart(points, { title, unit, valueName, targetName }),
    [points, title, unit, valueName, targetName],
  );

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
      tooltip.replaceChildren(
        ...tooltipLines(point, { unit, valueName, targetName }).map((text, line) => {
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
    };
    const throttled = createThrottle(showTooltip);

    void import('uplot').then(({ default: UPlot }) => {
      if (disposed) return;
      const bars = variant === 'bar';
      const xs = points.map((_, index) => index);
      const data: uPlot.AlignedData = [
        xs,
        // null = not recorded: uPlot leaves a gap there (no spanGaps), never a point at 0.
        points.map((point) => point.value),
        ...(hasTarget ? [points.map((point) => point.target ?? null)] : []),
      ];
      const series: uPlot.Series[] = [
        {},
        {
          label: valueName,
          stroke: VALUE_COLOUR,
          width: 2,
          fill: bars ? 'rgba(4, 120, 87, 0.75)' : 'rgba(4, 120, 87, 0.08)',
          paths: bars ? UPlot.paths.bars!({ size: [0.6, 48] }) : UPlot.paths.spline!(),
          points: { show: !bars, size: 6, fill: VALUE_COLOUR },
        },
      ];
      if (hasTarget) {
        series.push({
          label: targetName,
          stroke: TARGET_COLOUR,
          width: 2,
          dash: [6, 4],
          spanGaps: true,
          points: { show: false },
        });
      }
      const options: uPlot.Options = {
        width: container.clientWidth || 600,
        height,
        series,
        legend: { show: false },
        scales: {
          x: { time: false, range: (_plot, min, max) => [min - 0.5, max + 0.5] },
          y: { range: (_plot, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
        },
        axes: [
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
        ],
        cursor: {
          y: false,
          drag: { x: false, y: false, setScale: false },
          points: { size: 8 },
        },
        hooks: {
          setCursor: [(plot) => throttled.call(plot.cursor.idx, plot.cursor.left, plot.cursor.top)],
        },
      };
      plotRef.current = new UPlot(options, data, container);
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

  const moveCursor = (event: KeyboardEvent<HTMLDivElement>) => {
    const plot = plotRef.current;
    if (!plot || points.length === 0) return;
    const current = activeIndex.current;
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = current == null ? 0 : Math.min(points.length - 1, current + 1);
    else if (event.key === 'ArrowLeft') next = current == null ? points.length - 1 : Math.max(0, current - 1);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = points.length - 1;
    else if (event.key === 'Escape') {
      activeIndex.current = null;
      plot.setCursor({ left: -10, top: -10 });
      return;
    } else return;
    event.preventDefault();
    activeIndex.current = next;
    plot.setCursor({ left: plot.valToPos(next, 'x'), top: plot.valToPos(points[next]!.value ?? 0, 'y') });
  };

  return (
    <figure className="grid gap-2" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="sr-only">
        {title}
      </figcaption>
      <div className="relative">
        <div
          ref={containerRef}
          role="img"
          aria-label={summary}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: focus lets keyboard users step through the periods with the arrow keys.
          tabIndex={0}
          onKeyDown={moveCursor}
          onBlur={() => {
            activeIndex.current = null;
            plotRef.current?.setCursor({ left: -10, top: -10 });
          }}
          className="w-full rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          style={{ minHeight: height }}
        />
        <div
          ref={tooltipRef}
          hidden
          aria-hidden="true"
          className="pointer-events-none absolute z-10 grid gap-0.5 rounded-md border border-border bg-surface px-3 py-2 text-xs whitespace-nowrap text-ink shadow-md"
        />
      </div>
      <ul aria-hidden="true" className="flex flex-wrap gap-4 text-xs text-slate-700">
        <li className="inline-flex items-center gap-2">
          <span
            className={variant === 'bar' ? 'inline-block size-3 rounded-sm' : 'inline-block h-0.5 w-5'}
            style={{ background: VALUE_COLOUR }}
          />
          {valueName} ({unit})
        </li>
        {hasTarget ? (
          <li className="inline-flex items-center gap-2">
            <span
              className="inline-block w-5 border-t-2 border-dashed"
              style={{ borderColor: TARGET_COLOUR }}
            />
            {targetName} ({unit})
          </li>
        ) : null}
      </ul>
      {/* A table cannot shrink below its content, so the visually hidden box is a wrapper. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Period</th>
              <th scope="col">
                {valueName} ({unit})
              </th>
              {hasTarget ? (
                <th scope="col">
                  {targetName} ({unit})
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.label}>
                <th scope="row">{point.label}</th>
                <td>{formatChartValue(point.value, unit)}</td>
                {hasTarget ? (
                  <td>{point.target == null ? 'none' : formatChartValue(point.target, unit)}</td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
