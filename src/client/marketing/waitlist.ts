/**
 * Early-access waitlist on the landing page (spec §3, §4, §5, §8). Sign-ups are kept in the
 * visitor's browser only (localStorage) and never sent to the server.
 */
import { showToast, type ToastOptions } from './toast';

export const WAITLIST_STORAGE_KEY = 'esg-waitlist';
export const WAITLIST_SOURCE = 'landing_hero';

export interface WaitlistEntry {
  email: string;
  /** ISO 8601 time of the sign-up. */
  timestamp: string;
  source: typeof WAITLIST_SOURCE;
}

/** The part of the Web Storage API the waitlist needs; tests pass a fake. */
export type WaitlistStorage = Pick<Storage, 'getItem' | 'setItem'>;

export const WAITLIST_TOASTS = {
  required: {
    title: 'Email Required',
    description: 'Please enter your email address to join the waitlist.',
    variant: 'destructive',
  },
  failed: { title: 'Error', description: 'Something went wrong. Please try again.', variant: 'destructive' },
  joined: {
    title: 'Success!',
    description:
      "You've been added to our early access list. We'll notify you when the product is available.",
  },
} as const satisfies Record<string, ToastOptions>;

export type WaitlistOutcome = keyof typeof WAITLIST_TOASTS;

/** Spec §5: the only rule is "non-empty after trimming"; the input's email type does the rest. */
export function normaliseWaitlistEmail(raw: string): string | null {
  const email = raw.trim();
  return email === '' ? null : email;
}

/** Reads the stored list; anything that is not a JSON array (absent, corrupt) counts as empty. */
export function readWaitlist(storage: WaitlistStorage): unknown[] {
  const stored = storage.getItem(WAITLIST_STORAGE_KEY);
  if (stored === null) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/** Appends one entry to the stored JSON array. Throws when storage refuses the write. */
export function appendWaitlistEntry(storage: WaitlistStorage, entry: WaitlistEntry): void {
  storage.setItem(WAITLIST_STORAGE_KEY, JSON.stringify([...readWaitlist(storage), entry]));
}

/** The whole submit rule without the DOM: validate, save, and say which toast to show. */
export function joinWaitlist(
  rawEmail: string,
  getStorage: () => WaitlistStorage,
  now: () => Date = () => new Date(),
): WaitlistOutcome {
  const email = normaliseWaitlistEmail(rawEmail);
  if (email === null) return 'required';
  try {
    // getStorage is inside the try: reading window.localStorage itself throws when storage is blocked.
    appendWaitlistEntry(getStorage(), { email, timestamp: now().toISOString(), source: WAITLIST_SOURCE });
    return 'joined';
  } catch {
    return 'failed';
  }
}

/** Wires a `<form>` holding an email input and a submit button. */
export function initWaitlistForm(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('input[type="email"]');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!input || !button) return;
  const idleLabel = button.textContent ?? '';

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (button.disabled) return;
    button.disabled = true;
    button.textContent = 'Joining...';
    // Let the browser paint the submitting state before the (synchronous) save.
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const outcome = joinWaitlist(input.value, () => window.localStorage);
    if (outcome === 'joined') input.value = '';
    button.disabled = false;
    button.textContent = idleLabel;
    showToast(WAITLIST_TOASTS[outcome]);
    if (outcome === 'required') input.focus();
  });
}
