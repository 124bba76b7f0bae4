import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * A form on the page whose code (react-hook-form and the shared fields, decision 071) downloads
 * after the page, not with it (decision 064), behind a `Suspense` that shows a skeleton meanwhile.
 * Dialogs load on first open through `DeferredDialog` (deferred-control.tsx), the one way.
 */
export function lazyForm<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): LazyExoticComponent<ComponentType<Props>> {
  return lazy(() => load().then((component) => ({ default: component })));
}
