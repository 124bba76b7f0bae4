import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useState } from 'react';

/**
 * A form component whose code (react-hook-form and the shared fields, decision 071) downloads
 * after the page, not with it (decision 064): dialogs when they first open (`DialogOnFirstOpen`),
 * forms on the page behind a `Suspense` that shows a skeleton meanwhile.
 */
export function lazyForm<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): LazyExoticComponent<ComponentType<Props>> {
  return lazy(() => load().then((component) => ({ default: component })));
}

/**
 * Draws nothing until `props.open` is first true, then the lazy dialog. Once opened it stays
 * mounted, so closing keeps its animation and reopening is instant.
 */
export function DialogOnFirstOpen<Props extends { open: boolean }>({
  dialog: Dialog,
  props,
}: {
  dialog: LazyExoticComponent<ComponentType<Props>>;
  props: Props;
}) {
  const [hasOpened, setHasOpened] = useState(props.open);
  if (props.open && !hasOpened) setHasOpened(true);
  if (!hasOpened && !props.open) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
