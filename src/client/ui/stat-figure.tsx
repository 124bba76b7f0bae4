import type { ReactNode } from 'react';
import { Card } from './card';
import { cn } from './cn';

/**
 * One headline figure: a title, the number with its unit, and optional detail lines. `card` stands
 * alone in a grid (KPI Dashboard); `inset` sits inside a larger card (Marketplace overview).
 */
export function StatFigure({
  title,
  value,
  unit,
  children,
  variant = 'card',
}: {
  title: string;
  value: string;
  unit?: string;
  children?: ReactNode;
  variant?: 'card' | 'inset';
}) {
  const inset = variant === 'inset';
  const body = (
    <>
      <h3 className="text-sm font-medium text-muted">{title}</h3>
      <p className="flex flex-wrap items-baseline gap-x-1.5">
        <span className={cn('font-semibold text-ink tabular-nums', inset ? 'text-2xl' : 'text-3xl')}>
          {value}
        </span>
        {unit ? (
          <span className={cn('font-medium text-muted', inset ? 'text-sm' : 'text-base')}>{unit}</span>
        ) : null}
      </p>
      {children ? (
        <div className={cn('grid text-sm text-slate-700', inset ? 'gap-2' : 'gap-1')}>{children}</div>
      ) : null}
    </>
  );
  if (inset)
    return <div className="grid content-start gap-1 rounded-md border border-border p-4">{body}</div>;
  return <Card className="flex flex-col gap-2 p-5">{body}</Card>;
}
