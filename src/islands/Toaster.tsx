import { useStore } from '@nanostores/react';
import { type ComponentType, useEffect, useState } from 'react';
import { $toasts } from '../client/stores/toasts';
import { IslandRoot } from '../client/ui/island-root';

/**
 * Radix Toast loads with the page's first toast, not before (decision 064); until then there is
 * nothing to announce or jump to with F8. Toasts added meanwhile wait in the store.
 */
function LazyToastViewport() {
  const toasts = useStore($toasts, { ssr: 'initial' });
  const [Viewport, setViewport] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (toasts.length === 0 || Viewport) return;
    // A failed download leaves the toasts in the store; the next change to them tries again.
    import('../client/ui/toast').then(
      (module) => setViewport(() => module.ToastViewport),
      () => undefined,
    );
  }, [toasts, Viewport]);
  return Viewport ? <Viewport /> : null;
}

export default function Toaster() {
  return (
    <IslandRoot>
      <LazyToastViewport />
    </IslandRoot>
  );
}
