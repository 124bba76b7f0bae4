import type { ComponentProps } from 'react';
import { cn } from './cn';

/** A grey placeholder block; decorative, so screen readers skip it (wrap regions in aria-busy). */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-slate-200', className)} {...props} />
  );
}
