import { type ComponentType, type KeyboardEvent, type ReactNode, useEffect, useState } from 'react';
import { toastError } from '../stores/toasts';

/** A menu, dialog or select whose root takes `defaultOpen`, as Radix's roots do. */
export type OpenableControl<P = object> = ComponentType<P & { defaultOpen?: boolean }>;

/** What the placeholder spreads on its trigger button. */
export interface PlaceholderTriggerProps {
  type: 'button';
  'aria-haspopup': 'menu' | 'dialog' | 'listbox';
  'aria-expanded': false;
  onPointerEnter: () => void;
  onFocus: () => void;
  onClick: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
}

/**
 * Loads a control's module once, whoever asks first; a failed download is forgotten so the next
 * click tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}

/**
 * A header control whose menu or dialog code (Radix's positioning, focus trapping and dismissal)
 * downloads when the person first reaches for it, not with the page (decision 064). Until then
 * `placeholder` draws the same trigger as a plain button: hovering or focusing it starts the
 * download, activating it opens the real control as soon as the code has arrived. The placeholder
 * is only swapped on activation, so a keyboard user's focus never vanishes under them.
 */
export function DeferredControl<P extends object>({
  load,
  props,
  popup,
  placeholder,
}: {
  load: () => Promise<OpenableControl<P>>;
  /** What the real control takes besides `defaultOpen`. */
  props: P;
  popup: PlaceholderTriggerProps['aria-haspopup'];
  placeholder: (trigger: PlaceholderTriggerProps) => ReactNode;
}) {
  const [Control, setControl] = useState<OpenableControl<P> | null>(null);
  if (Control) return <Control {...props} defaultOpen />;
  const open = () => {
    load().then(
      (loaded) => setControl(() => loaded),
      () => toastError("Couldn't load this menu. Check your connection and try again."),
    );
  };
  const prefetch = () => {
    load().catch(() => undefined);
  };
  return placeholder({
    type: 'button',
    'aria-haspopup': popup,
    'aria-expanded': false,
    onPointerEnter: prefetch,
    onFocus: prefetch,
    onClick: open,
    // Enter and Space arrive as clicks; Radix's triggers also open on the arrow keys.
    onKeyDown: (event) => {
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      event.preventDefault();
      open();
    },
  });
}

/**
 * The component `load` gives, from the first time `wanted` is true (a dialog opened, a toast
 * queued); null before that and while it downloads. On a failed download `failure` is shown (when
 * given) and `onFailed` runs, e.g. to close the dialog so that opening it again retries.
 */
export function useLoadedWhen<P>(
  wanted: boolean,
  load: () => Promise<ComponentType<P>>,
  options: { failure?: string; onFailed?: () => void; retryKey?: unknown } = {},
): ComponentType<P> | null {
  const [Loaded, setLoaded] = useState<ComponentType<P> | null>(null);
  const { failure, onFailed, retryKey } = options;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new retryKey only retries a failed download
  useEffect(() => {
    if (!wanted || Loaded) return;
    load().then(
      (component) => setLoaded(() => component),
      () => {
        if (failure) toastError(failure);
        onFailed?.();
      },
    );
  }, [wanted, Loaded, load, retryKey]);
  return Loaded;
}

/** What a controlled dialog takes: Radix's `open` and `onOpenChange`. */
interface ControlledDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A controlled dialog whose code (its form, Radix Dialog's focus trap and scroll lock) downloads
 * the first time it is opened rather than with the screen (decision 070): `load` gives the dialog,
 * the other props are the dialog's own. It renders nothing until then; once loaded it stays
 * mounted like the dialog it stands for. A failed download says so and closes the dialog again,
 * so opening it once more retries.
 */
export function DeferredDialog<P extends ControlledDialogProps>({
  load,
  ...props
}: { load: () => Promise<ComponentType<P>> } & P) {
  const Dialog = useLoadedWhen(props.open, load, {
    failure: "Couldn't open this dialog. Check your connection and try again.",
    onFailed: () => props.onOpenChange(false),
  });
  return Dialog ? <Dialog {...(props as unknown as P)} /> : null;
}
