import { useStore } from '@nanostores/react';
import { $toasts } from '../client/stores/toasts';
import { loadOnce, useLoadedWhen } from '../client/ui/deferred-control';
import { IslandRoot } from '../client/ui/island-root';

const loadToastViewport = loadOnce(() => import('../client/ui/toast').then((module) => module.ToastViewport));

/**
 * Radix Toast loads with the page's first toast, not before (decision 064); until then there is
 * nothing to announce or jump to with F8. Toasts added meanwhile wait in the store, and each new
 * one retries a failed download (a failure cannot be told by toast).
 */
function LazyToastViewport() {
  const toasts = useStore($toasts, { ssr: 'initial' });
  const Viewport = useLoadedWhen(toasts.length > 0, loadToastViewport, { retryKey: toasts });
  return Viewport ? <Viewport /> : null;
}

export default function Toaster() {
  return (
    <IslandRoot>
      <LazyToastViewport />
    </IslandRoot>
  );
}
