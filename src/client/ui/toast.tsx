import { useStore } from '@nanostores/react';
import { Toast as ToastPrimitive } from 'radix-ui';
import {
  $toasts,
  dismissToast,
  TOAST_DURATION_MS,
  TOAST_SWIPE_THRESHOLD,
  type Toast,
} from '../stores/toasts';
import { cn } from './cn';
import { CloseIcon } from './icons';

function ToastItem({ toast }: { toast: Toast }) {
  const destructive = toast.variant === 'destructive';
  return (
    <ToastPrimitive.Root
      open={toast.open}
      onOpenChange={(open) => {
        if (!open) dismissToast(toast.id);
      }}
      className={cn(
        'relative flex w-full items-start gap-3 rounded-md border p-4 pr-10 shadow-lg',
        'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0',
        'data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
        destructive ? 'border-danger bg-danger text-white' : 'border-border bg-surface text-ink',
      )}
    >
      <div className="grid gap-1">
        <ToastPrimitive.Title className="text-sm font-semibold">{toast.title}</ToastPrimitive.Title>
        {toast.description ? (
          <ToastPrimitive.Description className={cn('text-sm', destructive ? 'text-white' : 'text-muted')}>
            {toast.description}
          </ToastPrimitive.Description>
        ) : null}
      </div>
      <ToastPrimitive.Close
        aria-label="Close notification"
        className={cn(
          'absolute top-2 right-2 inline-flex size-7 items-center justify-center rounded-md',
          'focus-visible:outline-2 focus-visible:outline-offset-1',
          destructive
            ? 'text-white hover:bg-red-800 focus-visible:outline-white'
            : 'text-muted hover:bg-canvas',
        )}
      >
        <CloseIcon />
      </ToastPrimitive.Close>
    </ToastPrimitive.Root>
  );
}

/** Radix Toast: announced to screen readers, swipe right to dismiss, F8 jumps to the area (spec §9). */
export function ToastViewport() {
  const toasts = useStore($toasts, { ssr: 'initial' });
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        className="fixed right-0 bottom-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none"
      />
    </ToastPrimitive.Provider>
  );
}
