import { useId, useMemo } from 'react';
import { type ChartPoint, formatChartValue, summarizeChart } from './chart-helpers';
import {
  TARGET_COLOUR,
  type TrendChartVariant,
  usePeriodCursor,
  useTrendPlot,
  VALUE_COLOUR,
} from './trend-plot';

export type { TrendChartVariant } from './trend-plot';

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
  const hasTarget = points.some((point) => point.target != null);
  const summary = useMemo(
    () => summarizeChart(points, { title, unit, valueName, targetName }),
    [points, title, unit, valueName, targetName],
  );
  const { containerRef, tooltipRef, plotRef } = useTrendPlot({
    points,
    unit,
    valueName,
    targetName,
    variant,
    height,
    wholeNumbers,
    hasTarget,
  });

  const cursorKeys = usePeriodCursor(plotRef, points);

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
          onKeyDown={cursorKeys.onKeyDown}
          onBlur={cursorKeys.onBlur}
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
      <ChartLegend
        variant={variant}
        unit={unit}
        valueName={valueName}
        targetName={hasTarget ? targetName : null}
      />
      <ChartTable
        title={title}
        points={points}
        unit={unit}
        valueName={valueName}
        targetName={hasTarget ? targetName : null}
      />
    </figure>
  );
}

/** The visible key; hidden from screen readers, which read the figures from the table. */
function ChartLegend({
  variant,
  unit,
  valueName,
  targetName,
}: {
  variant: TrendChartVariant;
  unit: string;
  valueName: string;
  /** null when no period has a target. */
  targetName: string | null;
}) {
  return (
    <ul aria-hidden="true" className="flex flex-wrap gap-4 text-xs text-slate-700">
      <li className="inline-flex items-center gap-2">
        <span
          className={variant === 'bar' ? 'inline-block size-3 rounded-sm' : 'inline-block h-0.5 w-5'}
          style={{ background: VALUE_COLOUR }}
        />
        {valueName} ({unit})
      </li>
      {targetName != null ? (
        <li className="inline-flex items-center gap-2">
          <span
            className="inline-block w-5 border-t-2 border-dashed"
            style={{ borderColor: TARGET_COLOUR }}
          />
          {targetName} ({unit})
        </li>
      ) : null}
    </ul>
  );
}

/** Every figure for screen readers, in a visually hidden table. */
function ChartTable({
  title,
  points,
  unit,
  valueName,
  targetName,
}: {
  title: string;
  points: readonly ChartPoint[];
  unit: string;
  valueName: string;
  /** null when no period has a target. */
  targetName: string | null;
}) {
  const hasTarget = targetName != null;
  return (
    // A table cannot shrink below its content, so the visually hidden box is a wrapper.
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
  );
}
