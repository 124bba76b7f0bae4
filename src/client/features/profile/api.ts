import { useMutation } from '@tanstack/react-query';
import type { CurrentUser, UpdateProfile } from '../../../domain/contracts/auth';
import { apiRequest } from '../../lib/api';
import { setCurrentUser } from '../../stores/user';

export function updateProfile(input: UpdateProfile): Promise<CurrentUser> {
  return apiRequest<CurrentUser>('PUT', '/api/auth/user', input);
}

/**
 * PUT /api/auth/user. The current user lives in the user store (loaded once per page), not in the
 * query cache, so success writes the answer there and every island shows the new name at once.
 */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: updateProfile,
    meta: { ownErrorToast: true },
    onSuccess: (user) => setCurrentUser(user),
  });
}

export const LOGOUT_PATH = '/api/logout';
