import { atom, onMount } from 'nanostores';
import type { CurrentUser } from '../../domain/contracts/auth';
import { apiRequest, getErrorMessage, isUnauthorizedError } from '../lib/api';

/**
 * The signed-in user, fetched once per page (spec §7: GET /api/auth/user, no retry) the first time
 * any island subscribes. `unauthenticated` triggers the session-loss flow (see src/client/lib/session-watch.ts).
 */
export type UserState =
  | { status: 'loading'; user: null }
  | { status: 'authenticated'; user: CurrentUser }
  | { status: 'unauthenticated'; user: null }
  | { status: 'error'; user: null; message: string };

export const $currentUser = atom<UserState>({ status: 'loading', user: null });

let pending: Promise<void> | null = null;

export function loadCurrentUser(): Promise<void> {
  pending ??= apiRequest<CurrentUser | null>('GET', '/api/auth/user').then(
    (user) => {
      // spec §3: authenticated means the auth response is non-empty.
      $currentUser.set(user ? { status: 'authenticated', user } : { status: 'unauthenticated', user: null });
    },
    (error: unknown) => {
      $currentUser.set(
        isUnauthorizedError(error)
          ? { status: 'unauthenticated', user: null }
          : { status: 'error', user: null, message: getErrorMessage(error) },
      );
    },
  );
  return pending;
}

/** After a profile update the server answers with the new user; every island shows it at once. */
export function setCurrentUser(user: CurrentUser): void {
  $currentUser.set({ status: 'authenticated', user });
}

onMount($currentUser, () => {
  // Server rendering (the static build) reads stores too; only a browser fetches.
  if (typeof window !== 'undefined') void loadCurrentUser();
});
