// The emissions bar chart, drawn as vector rectangles and lines (no raster images), with every bar
// labelled by name and value so it reads without colour.
import { rgb } from 'pdf-lib';
import { isInventoryFigureRecorded } from '../provenance.ts';
import type { ReportSnapshot } from '../snapshot.ts';
import { formatNumber } from './format.ts';
import { COLOURS, CONTENT_WIDTH, MARGIN, type PdfLayout } from './layout.ts';

export interface ChartBar {
  label: string;
  value: number;
  group: 'scope1' | 'scope2' | 'scope3';
}

const BAR_COLOURS = {
  scope1: rgb(0.05, 0.42, 0.33),
  scope2: rgb(0.16, 0.5, 0.72),
  scope3: rgb(0.85, 0.55, 0.15),
};

/** One bar per inventory figure that has entries: a figure nothing was recorded for draws no bar. */
export function inventoryBars(snapshot: ReportSnapshot): ChartBar[] {
  const inventory = snapshot.inventory;
  if (!inventory) return [];
  const bars: (ChartBar & { recorded: boolean })[] = [
    {
      label: 'Scope 1',
      value: inventory.scope1,
      group: 'scope1',
      recorded: isInventoryFigureRecorded(snapshot, ['scope1']),
    },
    {
      label: 'Scope 2 (location-based)',
      value: inventory.scope2Location,
      group: 'scope2',
      recorded: isInventoryFigureRecorded(snapshot, ['scope2Location']),
    },
    {
      label: 'Scope 2 (market-based)',
      value: inventory.scope2Market,
      group: 'scope2',
      recorded: isInventoryFigureRecorded(snapshot, ['scope2Market']),
    },
    ...inventory.scope3ByCategory.map((category) => ({
      label: `Scope 3 cat. ${category.category}: ${category.name}`,
      value: category.tCO2e,
      group: 'scope3' as const,
      recorded: isInventoryFigureRecorded(snapshot, [{ category: category.category }]),
    })),
  ];
  return bars.filter((bar) => bar.recorded).map(({ recorded: _, ...bar }) => bar);
}

/** A round axis maximum and step (1, 2 or 5 × 10ⁿ) giving at most five intervals. */
export function niceScale(maximum: number): { max: number; step: number } {
  if (maximum <= 0) return { max: 1, step: 0.2 };
  const rough = maximum / 5;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * magnitude).find((candidate) => candidate >= rough)!;
  return { max: Math.ceil(maximum / step) * step, step };
}

/** Horizontal bar chart of tCO2e by scope and Scope 3 category. */
export function drawEmissionsChart(layout: PdfLayout, title: string, bars: ChartBar[]): void {
  const size = 7.5;
  const barHeight = 12;
  const gap = 10;
  const labelWidth = 190;
  const valueWidth = 44;
  const plotWidth = CONTENT_WIDTH - labelWidth - valueWidth;
  const height = 22 + bars.length * (barHeight + gap) + 18;
  layout.ensureSpace(height);
  layout.drawText(title, MARGIN, layout.y - 9, 9, true);
  const top = layout.y - 20;
  const plotLeft = MARGIN + labelWidth;
  const plotBottom = top - bars.length * (barHeight + gap);
  const scale = niceScale(Math.max(0, ...bars.map((bar) => bar.value)));
  const decimals = scale.step < 1 ? 1 : 0;

  for (let tick = 0; tick <= scale.max + scale.step / 2; tick += scale.step) {
    const x = plotLeft + (tick / scale.max) * plotWidth;
    layout.page.drawLine({
      start: { x, y: top },
      end: { x, y: plotBottom },
      thickness: tick === 0 ? 0.8 : 0.3,
      color: tick === 0 ? COLOURS.muted : COLOURS.rule,
    });
    const label = formatNumber(tick, decimals);
    layout.drawText(label, x - layout.measure(label, size) / 2, plotBottom - 10, size, false, COLOURS.muted);
  }
  bars.forEach((bar, index) => {
    const barTop = top - index * (barHeight + gap) - gap / 2;
    const width = Math.max(0, (bar.value / scale.max) * plotWidth);
    // Up to two label lines centred on the bar; longer names end with an ellipsis.
    const lines = layout.wrap(bar.label, labelWidth - 14, size);
    const shown = lines.length > 2 ? [lines[0]!, `${lines[1]}…`] : lines;
    shown.forEach((line, lineIndex) => {
      const baseline =
        barTop - barHeight / 2 - size / 2 + 1 + ((shown.length - 1) / 2 - lineIndex) * (size + 1);
      layout.drawText(line, MARGIN, baseline, size);
    });
    layout.page.drawRectangle({
      x: plotLeft,
      y: barTop - barHeight,
      width,
      height: barHeight,
      color: BAR_COLOURS[bar.group],
    });
    layout.drawText(formatNumber(bar.value, 2), plotLeft + width + 4, barTop - barHeight + 3.5, size, true);
  });
  layout.y = plotBottom - 26;
}
