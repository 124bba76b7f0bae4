import { type ReactNode, useEffect, useState } from 'react';
import { useNearViewport } from './deferred-panel';

/** Calls `callback` once the browser is idle after its next paint; returns the cancel. */
function whenIdleAfterPaint(callback: () => void): () => void {
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A frame's callbacks run just before it is painted, so what they schedule runs after it.
  const frame = requestAnimationFrame(() => {
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(callback);
    else timer = setTimeout(callback, 0); // Safari has no requestIdleCallback
  });
  return () => {
    cancelAnimationFrame(frame);
    if (idle !== undefined) cancelIdleCallback(idle);
    clearTimeout(timer);
  };
}

/**
 * Part of a screen below a phone's first view whose code is already loaded but whose rendering
 * would delay the first view on a slow phone (decision 082). It renders once the browser is idle
 * after the first paint, or sooner when it comes near the viewport or the person presses Tab;
 * until then an empty block of `reservedHeight` keeps its place, so nothing jumps.
 *
 * Rendering on idle, not only when reached, is the point: find-in-page, a screen reader's reading
 * cursor and its list of headings give the page no event to react to, so the whole page has to
 * exist a moment after it arrives, not when someone scrolls there.
 */
export function DeferredSection({
  reservedHeight,
  children,
}: {
  /** Tailwind min-height classes close to the rendered section's height at each width. */
  reservedHeight: string;
  children: ReactNode;
}) {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const near = useNearViewport(element);
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdleAfterPaint(() => setIdle(true)), []);
  if (near || idle) return children;
  return <div ref={setElement} aria-busy="true" className={reservedHeight} />;
}
