import { addToast, type ToastInput } from '../stores/toasts';
import { getErrorMessage, isUnauthorizedError } from './api';

/** spec §2, §8, §9: tell the person, then send the browser to sign in again after 500 ms. */
export const SESSION_LOSS_REDIRECT_MS = 500;
export const LOGIN_PATH = '/api/login';

export const SESSION_LOSS_TOAST: ToastInput = {
  title: 'Unauthorized',
  description: 'You are logged out. Logging in again...',
  variant: 'destructive',
};

let handled = false;

/** Runs at most once per page, however many islands or requests notice the lost session. */
export function handleSessionLoss(): void {
  if (handled || typeof window === 'undefined') return;
  handled = true;
  addToast(SESSION_LOSS_TOAST);
  setTimeout(() => {
    window.location.href = LOGIN_PATH;
  }, SESSION_LOSS_REDIRECT_MS);
}

/**
 * spec §8: a failed mutation shows 'Error' / 'Operation failed: message', except when its message
 * contains 401 (the session-loss flow speaks instead). Returns null when nothing should be shown.
 */
export function describeMutationError(error: unknown): ToastInput | null {
  const text = error instanceof Error ? error.message : String(error);
  if (text.includes('401')) return null;
  return {
    title: 'Error',
    description: `Operation failed: ${getErrorMessage(error)}`,
    variant: 'destructive',
  };
}

/** Mutations that show their own failure toast set `meta: { ownErrorToast: true }`. */
export interface MutationErrorMeta {
  ownErrorToast?: boolean;
}

export function handleMutationError(error: unknown, meta?: MutationErrorMeta): void {
  if (isUnauthorizedError(error)) {
    handleSessionLoss();
    return;
  }
  if (meta?.ownErrorToast) return;
  const toast = describeMutationError(error);
  if (toast) addToast(toast);
}

export function handleQueryError(error: unknown): void {
  if (isUnauthorizedError(error)) handleSessionLoss();
}
