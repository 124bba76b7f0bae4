import type { Jurisdiction } from '../../../domain/contracts/auth';
import { LEI_SCHEME, type ReportFormat, type ReportFramework } from '../../../domain/contracts/reports';
import { isValidLei } from '../../../domain/reports/xbrl/entity';

/**
 * The identifier an XBRL report names the company by (XBRL 2.1 §4.7.3.1: a scheme URI and a
 * value). The company profile has none, so it is given with each request. Companies House files
 * UK accounts under the company number; the ESAP and VSME converter expect an LEI.
 */
export type IdentifierKind = 'lei' | 'company_number';

/** Companies House's XBRL entity identifier scheme (the one its software filing takes). */
export const COMPANIES_HOUSE_SCHEME = 'http://www.companieshouse.gov.uk/';

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

/** Both are written in capitals without spaces. */
export function normaliseIdentifier(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/**
 * Null when the value is acceptable. Optional for PDF and CSV; needed for XBRL (the server refuses
 * XBRL, 'Export XBRL' of the report later included, without one). An LEI is ISO 17442: 18 letters
 * or digits then 2 check digits, checked with the server's rule. A company number is 8 digits, or 2
 * letters then 6 digits (Companies House: SC, NI, OC…).
 */
export function identifierProblem(kind: IdentifierKind, value: string, format: ReportFormat): string | null {
  const identifier = normaliseIdentifier(value);
  if (identifier === '') {
    if (format !== 'xbrl') return null;
    return kind === 'lei'
      ? 'Enter your LEI: an XBRL report names your company by it'
      : 'Enter your company number: an XBRL report names your company by it';
  }
  if (kind === 'company_number') {
    return /^(?:\d{8}|[A-Z]{2}\d{6})$/.test(identifier)
      ? null
      : 'A company number has 8 digits, or 2 letters then 6 digits';
  }
  if (!/^[A-Z0-9]{20}$/.test(identifier)) return 'An LEI has 20 letters and digits';
  if (!isValidLei(identifier)) return 'Check the LEI: its last two check digits do not match the rest';
  return null;
}

/** The request's `entityIdentifier`, or nothing when the field is empty. */
export function entityIdentifierOf(kind: IdentifierKind, value: string) {
  const identifier = normaliseIdentifier(value);
  return identifier ? { scheme: IDENTIFIER_KINDS[kind].scheme, value: identifier } : undefined;
}
