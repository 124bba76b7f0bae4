export interface BarListItem {
  label: string;
  value: number;
  /** The figure as written beside the bar, e.g. '12.4 MWh (38%)'. */
  display: string;
}

/**
 * Horizontal bars drawn with plain HTML: each row writes its label and figure, so the bars
 * themselves are decorative and the list reads well without them.
 */
export function BarList({ items, label }: { items: readonly BarListItem[]; label: string }) {
  const max = Math.max(0, ...items.map((item) => item.value));
  return (
    <ul aria-label={label} className="grid gap-3">
      {items.map((item) => (
        <li key={item.label} className="grid gap-1">
          <div className="flex justify-between gap-3 text-sm">
            <span className="text-ink">{item.label}</span>
            <span className="text-slate-700 tabular-nums">{item.display}</span>
          </div>
          <div aria-hidden="true" className="h-2 w-full overflow-hidden rounded-full bg-slate-200">
            <div
              className="h-full rounded-full bg-brand-600"
              style={{ width: `${max > 0 ? Math.max(0, (item.value / max) * 100) : 0}%` }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
