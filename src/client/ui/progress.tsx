import { Progress as ProgressPrimitive } from 'radix-ui';
import { cn } from './cn';

export interface ProgressProps {
  /** 0–100; values outside are clamped. */
  value: number;
  /** Accessible name of the bar (axe requires one). */
  label: string;
  className?: string;
}

export function Progress({ value, label, className }: ProgressProps) {
  const clamped = Math.min(100, Math.max(0, Number.isFinite(value) ? value : 0));
  return (
    <ProgressPrimitive.Root
      value={clamped}
      aria-label={label}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-slate-200', className)}
    >
      <ProgressPrimitive.Indicator
        className="h-full bg-brand-600 transition-[width]"
        style={{ width: `${clamped}%` }}
      />
    </ProgressPrimitive.Root>
  );
}
