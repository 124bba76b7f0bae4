import { useState } from 'react';
import type { ReportFormat, ReportFramework } from '../../../domain/contracts/export';
import { isUnauthorizedError } from '../../lib/api';
import { useCan } from '../../lib/permissions';
import { toastError, toastSuccess } from '../../stores/toasts';
import { useCompanyProfile, useUpdateCompanyProfile } from '../auth/api';
import {
  defaultIdentifierKind,
  type IdentifierKind,
  identifierProblem,
  normaliseIdentifier,
  profileChangeOf,
  profileIdentifierValue,
} from './identifier';

/**
 * The report's entity identifier: its kind follows the framework and its value the company profile
 * (decision 057) until the person picks or types one; a typed value can be saved to the profile.
 */
export function useReportIdentifier(framework: ReportFramework, format: ReportFormat) {
  const [chosenKind, setChosenKind] = useState<IdentifierKind | null>(null);
  const kind = chosenKind ?? defaultIdentifierKind(framework);
  const profile = useCompanyProfile();
  const saveProfile = useUpdateCompanyProfile();
  const canEditCompany = useCan('company.edit');
  const saved = profileIdentifierValue(profile.data, kind);
  const [typed, setTyped] = useState<string | null>(null);
  const value = typed ?? saved;
  const [saveToProfile, setSaveToProfile] = useState(true);
  const [showProblem, setShowProblem] = useState(false);
  const problem = identifierProblem(kind, value, format);
  const differsFromProfile = normaliseIdentifier(value) !== '' && normaliseIdentifier(value) !== saved;
  const offerSave = canEditCompany && profile.isSuccess && differsFromProfile;

  const changeKind = (next: IdentifierKind) => {
    setChosenKind(next);
    setTyped(null);
  };
  /** Saves the typed identifier to the profile when offered and ticked; the report goes on either way. */
  const saveIfAsked = () => {
    if (!offerSave || !saveToProfile) return;
    saveProfile.mutate(profileChangeOf(kind, value), {
      onSuccess: () => {
        setTyped(null);
        toastSuccess('Identifier saved to the company profile');
      },
      onError: (error) => {
        if (!isUnauthorizedError(error)) toastError('The identifier was not saved to the company profile');
      },
    });
  };

  return {
    kind,
    value,
    problem,
    showProblem,
    setShowProblem,
    fromProfile: saved !== '' && typed === null,
    offerSave,
    saveToProfile,
    setSaveToProfile,
    changeKind,
    setTyped,
    saveIfAsked,
  };
}
