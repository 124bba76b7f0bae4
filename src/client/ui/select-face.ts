import { cn } from './cn';

/**
 * The select trigger's look, apart from Radix Select so a placeholder trigger (deferred-control.tsx)
 * can wear it without loading the select's code.
 */
export function selectTriggerClasses(className?: string): string {
  return cn(
    'flex h-10 w-full items-center justify-between gap-2 rounded-md border border-slate-400 bg-surface px-3 text-left text-sm text-ink',
    'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600',
    'disabled:cursor-not-allowed disabled:opacity-60 data-[placeholder]:text-slate-600',
    className,
  );
}
