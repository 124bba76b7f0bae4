import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BRANDING_LOGO_PATH,
  BRANDING_PATH,
  type Branding,
  LOGO_FIELD,
  type UpdateBranding,
} from '../../../domain/contracts/branding';
import { apiRequest } from '../../lib/api';
import { uploadForm } from '../../lib/upload';

export const brandingKeys = {
  branding: () => [BRANDING_PATH] as const,
};

export function useBranding() {
  return useQuery({
    queryKey: brandingKeys.branding(),
    queryFn: () => apiRequest<Branding>('GET', BRANDING_PATH),
  });
}

/** Every change answers the whole branding: it replaces the cached copy. */
function useBrandingMutation<Input>(mutationFn: (input: Input) => Promise<Branding>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { ownErrorToast: true },
    onSuccess: (branding) => queryClient.setQueryData(brandingKeys.branding(), branding),
  });
}

/** PUT /api/company/branding (admin, Enterprise). */
export function useUpdateBranding() {
  return useBrandingMutation((input: UpdateBranding) => apiRequest<Branding>('PUT', BRANDING_PATH, input));
}

/** POST /api/company/branding/logo (multipart, field `logo`). */
export function useUploadLogo() {
  return useBrandingMutation((file: File) => {
    const form = new FormData();
    form.append(LOGO_FIELD, file, file.name);
    return uploadForm<Branding>(BRANDING_LOGO_PATH, form);
  });
}

/** DELETE /api/company/branding/logo. */
export function useRemoveLogo() {
  return useBrandingMutation(() => apiRequest<Branding>('DELETE', BRANDING_LOGO_PATH));
}
