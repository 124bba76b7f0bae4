import { atom } from 'nanostores';

/**
 * Toast queue shared by every island (spec §4, §9): one toast visible at a time, a new toast
 * replaces the previous one, each closes itself after 5 s (the Radix viewport runs that timer so it
 * pauses while hovered or focused) and a dismissed toast is removed from the queue after a long
 * delay, which lets its exit animation finish.
 */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD = 50;

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface Toast extends ToastInput {
  id: string;
  open: boolean;
}

export const $toasts = atom<Toast[]>([]);

let counter = 0;
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function nextId(): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return `toast-${counter}`;
}

function clearRemovalTimer(id: string): void {
  const timer = removalTimers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  removalTimers.delete(id);
}

/** Shows a toast; the oldest ones beyond the limit are dropped. Returns the new toast's id. */
export function addToast(input: ToastInput): string {
  const id = nextId();
  const toast: Toast = { variant: 'default', ...input, id, open: true };
  const next = [toast, ...$toasts.get()];
  for (const dropped of next.slice(TOAST_LIMIT)) clearRemovalTimer(dropped.id);
  $toasts.set(next.slice(0, TOAST_LIMIT));
  return id;
}

export function updateToast(id: string, patch: Partial<ToastInput>): void {
  $toasts.set($toasts.get().map((toast) => (toast.id === id ? { ...toast, ...patch } : toast)));
}

/** Closes a toast (or all of them) and schedules its removal from the queue. */
export function dismissToast(id?: string): void {
  const toasts = $toasts.get();
  for (const toast of toasts) {
    if (id !== undefined && toast.id !== id) continue;
    if (removalTimers.has(toast.id)) continue;
    removalTimers.set(
      toast.id,
      setTimeout(() => removeToast(toast.id), TOAST_REMOVE_DELAY_MS),
    );
  }
  $toasts.set(
    toasts.map((toast) => (id === undefined || toast.id === id ? { ...toast, open: false } : toast)),
  );
}

export function removeToast(id?: string): void {
  if (id === undefined) {
    for (const toast of $toasts.get()) clearRemovalTimer(toast.id);
    $toasts.set([]);
    return;
  }
  clearRemovalTimer(id);
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}

/** Shorthands for the two toasts of spec §8: 'Success' and the destructive 'Error'. */
export function toastSuccess(description: string, title = 'Success'): string {
  return addToast({ title, description });
}

export function toastError(description: string, title = 'Error'): string {
  return addToast({ title, description, variant: 'destructive' });
}
