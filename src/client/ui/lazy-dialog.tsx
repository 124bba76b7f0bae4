import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useState } from 'react';

/**
 * A dialog whose code downloads when it first opens, not with the page (decisions 064, 071): the
 * form dialogs carry react-hook-form and their fields, which most visits never use.
 */
export function lazyDialog<Props extends { open: boolean }>(
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
