import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChangePassword,
  CompanyMemberships,
  CurrentUser,
  EmailChangeConfirmed,
  EmailChangeStatus,
  ProfileUpdateResult,
  UpdateProfile,
} from '../../../domain/contracts/auth';
import { PHOTO_FIELD, PHOTO_UPLOAD_PATH } from '../../../domain/contracts/auth-photo';
import {
  COMPANY_PROFILE_PATH,
  type CompanyProfile,
  type UpdateCompanyProfile,
} from '../../../domain/contracts/company-profile';
import { apiRequest } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { uploadForm } from '../../lib/upload';
import { setCurrentUser } from '../../stores/user';
import { addressAfterSwitch } from './company-switch';

export const profileKeys = {
  companies: () => ['/api/auth/companies'] as const,
  emailChange: () => ['/api/auth/email-change'] as const,
  companyProfile: () => [COMPANY_PROFILE_PATH] as const,
};

/** GET /api/company/profile: LEI, company number, consolidation approach and boundary. */
export function useCompanyProfile() {
  return useQuery({
    queryKey: profileKeys.companyProfile(),
    queryFn: () => apiRequest<CompanyProfile>('GET', COMPANY_PROFILE_PATH),
  });
}

/** PATCH /api/company/profile: only the fields given change (admins; decision 057). */
export function useUpdateCompanyProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: UpdateCompanyProfile) =>
      apiRequest<CompanyProfile>('PATCH', COMPANY_PROFILE_PATH, change),
    meta: { ownErrorToast: true },
    onSuccess: (profile) => queryClient.setQueryData(profileKeys.companyProfile(), profile),
  });
}

export function updateProfile(input: UpdateProfile): Promise<ProfileUpdateResult> {
  return apiRequest<ProfileUpdateResult>('PUT', '/api/auth/user', input);
}

/**
 * PUT /api/auth/user. The current user lives in the user store (loaded once per page), not in the
 * query cache, so success writes the answer there and every island shows the new name at once.
 * A new email is not in that answer: it waits for its link (decision 041), shown as pending.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    meta: { ownErrorToast: true },
    onSuccess: ({ emailChange, ...user }) => {
      setCurrentUser(user);
      if (emailChange) void queryClient.invalidateQueries({ queryKey: profileKeys.emailChange() });
    },
  });
}

/** GET /api/auth/email-change: the new address waiting for its confirmation link, if any. */
export function useEmailChange() {
  return useQuery({
    queryKey: profileKeys.emailChange(),
    queryFn: () => apiRequest<EmailChangeStatus>('GET', '/api/auth/email-change'),
  });
}

/** DELETE /api/auth/email-change: the emailed link stops working; the email stays. */
export function useCancelEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>('DELETE', '/api/auth/email-change'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.emailChange() }),
  });
}

/** POST /api/auth/email-change/confirm, from the /confirm-email page the link opens. */
export function useConfirmEmailChange() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<EmailChangeConfirmed>('POST', '/api/auth/email-change/confirm', { token }),
    meta: { ownErrorToast: true },
  });
}

/** Spec §7: the menu's "Log out" is a link here; without JavaScript it opens a page that posts. */
export const LOGOUT_PATH = '/api/logout';

/**
 * Signs out with a POST (a GET changes nothing, decision 041), then opens the landing page. If the
 * call fails, the log-out page takes over, so the person is never left signed in unawares.
 */
export async function logOut(): Promise<void> {
  try {
    await apiRequest<void>('POST', LOGOUT_PATH);
    window.location.assign('/');
  } catch {
    window.location.assign(LOGOUT_PATH);
  }
}

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
  return useQuery({ queryKey: profileKeys.companies(), queryFn: getMyCompanies, enabled });
}

function getMyCompanies(): Promise<CompanyMemberships> {
  return apiRequest<CompanyMemberships>('GET', '/api/auth/companies');
}

/** The header's placeholder trigger asks for the list on hover or focus, as the menu's own does. */
export function prefetchMyCompanies(): Promise<void> {
  return queryClient.prefetchQuery({ queryKey: profileKeys.companies(), queryFn: getMyCompanies });
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
