/**
 * A tiny vanilla toaster for the marketing pages, which ship no React (landing page JS budget).
 * Behaviour follows spec §4 and §9: one toast visible at a time (a new one replaces the old),
 * auto-close after 5000 ms, swipe threshold 50 px, F8 focuses the notification area.
 */

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

/** Spec §9: toasts are displayed for 5000 ms. */
export const TOAST_DURATION_MS = 5000;
/** Spec §9: a horizontal swipe of at least 50 px dismisses the toast. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;

const VARIANT_CLASSES: Record<ToastVariant, string> = {
  default: 'border-border bg-surface text-ink',
  destructive: 'border-danger bg-danger text-white',
};

let region: HTMLElement | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * Creates the notification region once. It must exist before the first toast is inserted so that
 * screen readers treat it as a live region.
 */
export function mountToaster(): HTMLElement {
  if (region) return region;
  region = document.createElement('section');
  region.setAttribute('role', 'region');
  region.setAttribute('aria-label', 'Notifications (F8)');
  region.setAttribute('aria-live', 'polite');
  region.tabIndex = -1;
  region.className =
    'pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-4 sm:inset-x-auto sm:right-0 sm:justify-end';
  document.body.append(region);
  document.addEventListener('keydown', (event) => {
    if (event.key === 'F8') {
      event.preventDefault();
      region?.focus();
    }
  });
  return region;
}

export function dismissToast(): void {
  clearTimeout(timer);
  region?.replaceChildren();
}

function startTimer(): void {
  clearTimeout(timer);
  timer = setTimeout(dismissToast, TOAST_DURATION_MS);
}

export function showToast({ title, description, variant = 'default' }: ToastOptions): void {
  const container = mountToaster();
  const toast = document.createElement('div');
  toast.className = `pointer-events-auto flex w-full max-w-sm touch-pan-y items-start gap-3 rounded-lg border p-4 shadow-lg ${VARIANT_CLASSES[variant]}`;

  const text = document.createElement('div');
  text.className = 'min-w-0 flex-1';
  const heading = document.createElement('p');
  heading.className = 'text-sm font-semibold';
  heading.textContent = title;
  text.append(heading);
  if (description) {
    const body = document.createElement('p');
    body.className = 'mt-1 text-sm opacity-95';
    body.textContent = description;
    text.append(body);
  }

  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'shrink-0 rounded p-1 hover:bg-black/10 focus-visible:outline-current';
  close.setAttribute('aria-label', 'Close notification');
  close.innerHTML =
    '<svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"><path d="M18 6 6 18M6 6l12 12"/></svg>';
  close.addEventListener('click', dismissToast);

  // Pause while the pointer or keyboard focus is on the toast so it can be read (WCAG 2.2.1).
  toast.addEventListener('pointerenter', () => clearTimeout(timer));
  toast.addEventListener('pointerleave', startTimer);
  toast.addEventListener('focusin', () => clearTimeout(timer));
  toast.addEventListener('focusout', startTimer);

  let swipeStartX: number | null = null;
  toast.addEventListener('pointerdown', (event) => {
    swipeStartX = event.clientX;
  });
  toast.addEventListener('pointerup', (event) => {
    if (swipeStartX !== null && Math.abs(event.clientX - swipeStartX) >= TOAST_SWIPE_THRESHOLD_PX) {
      dismissToast();
    }
    swipeStartX = null;
  });

  toast.append(text, close);
  container.replaceChildren(toast);
  startTimer();
}
