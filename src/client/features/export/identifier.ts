import {
  COMPANIES_HOUSE_SCHEME,
  LEI_SCHEME,
  normaliseIdentifier,
} from '../../../domain/company-profile/identifiers';
import type { Jurisdiction } from '../../../domain/contracts/auth';
import type { CompanyProfile } from '../../../domain/contracts/company-profile';
import type { ReportFormat, ReportFramework } from '../../../domain/contracts/export';

export { COMPANIES_HOUSE_SCHEME, normaliseIdentifier };

/**
 * The identifier an XBRL report names the company by (XBRL 2.1 §4.7.3.1: a scheme URI and a
 * value). It lives in the company profile (decision 057): the form starts from the profile's and
 * a different one typed here is sent with the request (and may be saved to the profile).
 * Companies House files UK accounts under the company number; the ESAP and VSME converter expect
 * an LEI.
 */
export type IdentifierKind = 'lei' | 'company_number';

export const IDENTIFIER_KINDS: Record<IdentifierKind, { option: string; field: string; scheme: string }> = {
  lei: { option: 'LEI (Legal Entity Identifier)', field: 'LEI (for Inline XBRL)', scheme: LEI_SCHEME },
  company_number: {
    option: 'UK company number (Companies House)',
    field: 'Company number (Companies House)',
    scheme: COMPANIES_HOUSE_SCHEME,
  },
};

/**
 * The framework a report starts on: the company's jurisdiction's (SECR for a UK company, the EU
 * CSRD/VSME, TCFD for the US climate rules; issue 18), or GRI while none is known.
 */
export function defaultFramework(jurisdiction: Jurisdiction | null): ReportFramework {
  if (jurisdiction === 'SECR') return 'secr';
  if (jurisdiction === 'CSRD') return 'csrd';
  if (jurisdiction === 'SEC') return 'tcfd';
  return 'gri';
}

/** UK SECR reports are filed with Companies House; every other framework names the LEI. */
export function defaultIdentifierKind(framework: ReportFramework): IdentifierKind {
  return framework === 'secr' ? 'company_number' : 'lei';
}

/**
 * The message for an empty identifier where one is needed: optional for PDF and CSV, needed for
 * XBRL (the server refuses XBRL, 'Export XBRL' of the report later included, without one in the
 * request or the profile). A typed one is checked by the contract (EntityIdentifierSchema: ISO
 * 17442 check digits, Companies House formats).
 */
export function missingIdentifierMessage(
  kind: IdentifierKind,
  value: string,
  format: ReportFormat,
): string | null {
  if (format !== 'xbrl' || normaliseIdentifier(value) !== '') return null;
  return kind === 'lei'
    ? 'Enter your LEI: an XBRL report names your company by it'
    : 'Enter your company number: an XBRL report names your company by it';
}

/** The profile's identifier of this kind, or '' when it has none (or is still loading). */
export function profileIdentifierValue(profile: CompanyProfile | undefined, kind: IdentifierKind): string {
  return (kind === 'lei' ? profile?.lei : profile?.companyNumber) ?? '';
}

/** The profile change that saves a typed identifier: only its own field. */
export function profileChangeOf(kind: IdentifierKind, value: string) {
  const identifier = normaliseIdentifier(value);
  return kind === 'lei' ? { lei: identifier } : { companyNumber: identifier };
}

/** The request's `entityIdentifier`, or nothing when the field is empty. */
export function entityIdentifierOf(kind: IdentifierKind, value: string) {
  const identifier = normaliseIdentifier(value);
  return identifier ? { scheme: IDENTIFIER_KINDS[kind].scheme, value: identifier } : undefined;
}
