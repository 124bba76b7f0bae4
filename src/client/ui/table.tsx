import type { ComponentProps } from 'react';
import { cn } from './cn';

/**
 * A data table in a horizontally scrollable, keyboard-focusable region (wide tables on phones).
 * `contain: inline-size` keeps the table's width out of the page layout, so a wide table scrolls
 * inside its card instead of stretching every grid around it.
 */
export function Table({
  className,
  label,
  ...props
}: ComponentProps<'table'> & { /** Names the scroll region for screen readers. */ label: string }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable).
      tabIndex={0}
      className="relative w-full overflow-x-auto rounded-md [contain:inline-size]"
    >
      <table className={cn('w-full border-collapse text-left text-sm', className)} {...props} />
    </section>
  );
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return <caption className={cn('mb-2 text-left text-sm text-muted', className)} {...props} />;
}

export function TableHeaderCell({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      className={cn(
        'border-b border-border px-3 py-2 text-xs font-semibold tracking-wide text-slate-700 uppercase',
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('border-b border-border px-3 py-2 align-top text-ink', className)} {...props} />;
}
