import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  ChangePassword,
  CompanyMemberships,
  CurrentUser,
  UpdateProfile,
} from '../../../domain/contracts/auth';
import { PHOTO_FIELD, PHOTO_UPLOAD_PATH } from '../../../domain/contracts/profile-photo';
import { apiRequest } from '../../lib/api';
import { uploadForm } from '../../lib/upload';
import { setCurrentUser } from '../../stores/user';
import { addressAfterSwitch } from './company-switch';

export const profileKeys = {
  companies: () => ['/api/auth/companies'] as const,
};

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

/** POST /api/auth/user/photo (multipart, field `photo`): the cropped square; answers the user. */
export function useUploadPhoto() {
  return useMutation({
    mutationFn: (photo: Blob) => {
      const form = new FormData();
      const extension = photo.type === 'image/webp' ? 'webp' : photo.type === 'image/png' ? 'png' : 'jpg';
      form.append(PHOTO_FIELD, photo, `photo.${extension}`);
      return uploadForm<CurrentUser>(PHOTO_UPLOAD_PATH, form);
    },
    meta: { ownErrorToast: true },
    onSuccess: (user) => setCurrentUser(user),
  });
}

/** DELETE /api/auth/user/photo: back to the initials. */
export function useRemovePhoto() {
  return useMutation({
    mutationFn: () => apiRequest<CurrentUser>('DELETE', PHOTO_UPLOAD_PATH),
    meta: { ownErrorToast: true },
    onSuccess: (user) => setCurrentUser(user),
  });
}

/**
 * GET /api/auth/companies: the companies the person belongs to. Asked for only once the person
 * reaches for the user menu (`enabled`), so a page load costs no extra request (decision 031).
 */
export function useMyCompanies(enabled: boolean) {
  return useQuery({
    queryKey: profileKeys.companies(),
    queryFn: () => apiRequest<CompanyMemberships>('GET', '/api/auth/companies'),
    enabled,
  });
}

/**
 * POST /api/auth/switch-company, then a new page load: every island (and the query cache, which
 * holds the old company's data) starts again for the new company. A failure shows the shared
 * error toast (spec §8).
 */
export function useSwitchCompany() {
  return useMutation({
    mutationFn: (companyId: string) =>
      apiRequest<CurrentUser>('POST', '/api/auth/switch-company', { companyId }),
    onSuccess: () => window.location.assign(addressAfterSwitch(window.location.pathname)),
  });
}

/** PUT /api/auth/password (decision 045): this session stays, the person's other sessions end. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePassword) => apiRequest<void>('PUT', '/api/auth/password', input),
    meta: { ownErrorToast: true },
  });
}
