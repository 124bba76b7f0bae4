// The filing dialog's form (decision 071): the regulator and the filing type, checked with the
// POST's contract for the report being filed, so the dialog refuses what the server would.
import { type SubmitFiling, SubmitFilingSchema } from '../../../domain/contracts/export';
import { type FormCheck, issuesToErrors } from '../../forms/checked-form-schema';

/** What the filing dialog holds: codes as picked, '' before a choice. */
export interface FilingValues {
  regulatorCode: string;
  filingType: string;
}

export const FILING_START: FilingValues = { regulatorCode: '', filingType: '' };

/** The request for `reportId` in `jurisdiction` (spec §7: the user's, or US). */
export function filingCheck(reportId: string, jurisdiction: string): FormCheck<FilingValues, SubmitFiling> {
  return (values) => {
    const result = SubmitFilingSchema.safeParse({ reportId, jurisdiction, ...values });
    if (result.success) return { ok: true, payload: result.data };
    const errors = issuesToErrors<string>(result.error.issues);
    // A refusal of no field of the dialog (the report, the jurisdiction) still says why, on the regulator.
    const regulatorCode =
      errors.regulatorCode ?? (errors.filingType ? undefined : result.error.issues[0]?.message);
    return { ok: false, errors: { regulatorCode, filingType: errors.filingType } };
  };
}
