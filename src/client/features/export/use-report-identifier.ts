import type { UseFormSetValue } from 'react-hook-form';
import { isUnauthorizedError } from '../../lib/api';
import { useCan } from '../../lib/permissions';
import { toastError, toastSuccess } from '../../stores/toasts';
import { useUpdateCompanyProfile } from '../auth/api';
import type { GeneratorFormValues, ResolvedGenerator } from './generator-form';
import { isTypedIdentifier } from './generator-form';
import { profileChangeOf } from './identifier';

/**
 * Saving a typed identifier to the company profile: offered to those who may edit the company when
 * the identifier differs from the profile's; the report goes on either way.
 */
export function useReportIdentifier(
  resolved: ResolvedGenerator,
  isProfileLoaded: boolean,
  setValue: UseFormSetValue<GeneratorFormValues>,
) {
  const saveProfile = useUpdateCompanyProfile();
  const canEditCompany = useCan('company.edit');
  const offerSave = canEditCompany && isProfileLoaded && isTypedIdentifier(resolved);

  const saveIfAsked = () => {
    if (!offerSave || !resolved.saveIdentifier) return;
    saveProfile.mutate(profileChangeOf(resolved.identifierKind, resolved.identifier), {
      // The field follows the profile again, which now holds what was typed.
      onSuccess: () => {
        setValue('identifier', null);
        toastSuccess('Identifier saved to the company profile');
      },
      onError: (error) => {
        if (!isUnauthorizedError(error)) toastError('The identifier was not saved to the company profile');
      },
    });
  };

  return { offerSave, saveIfAsked };
}
