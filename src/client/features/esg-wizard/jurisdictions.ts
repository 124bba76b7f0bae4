// The three jurisdictions of the wizard's step 1 and the points of their info panels. Spec §2
// wrote them before the EU Omnibus and the SEC's proposed rescission; they now say what the rule
// packs' dated `currentStatus`, shown under each panel, says (reviewed 2026-11-25, issue 18), so a
// bullet never contradicts the status text under it.
import type { Jurisdiction } from '../../../domain/contracts/auth';

export interface JurisdictionInfo {
  value: Jurisdiction;
  /** Option label of the select. */
  label: string;
  /** Panel heading. */
  title: string;
  /** Panel points, in order (in line with the rule pack's current status). */
  points: string[];
}

export const JURISDICTIONS: readonly JurisdictionInfo[] = [
  {
    value: 'CSRD',
    label: 'EU CSRD',
    title: 'EU Corporate Sustainability Reporting Directive (CSRD)',
    points: [
      'VSME: the voluntary standard for SMEs',
      'CSRD only above 1,000 employees and €450m turnover',
      'Requests to SMEs capped at the VSME from FY2027',
      'Large companies not yet reporting: first on FY2027',
    ],
  },
  {
    value: 'SECR',
    label: 'UK SECR',
    title: 'UK Streamlined Energy and Carbon Reporting (SECR)',
    points: [
      'Energy and carbon reporting',
      'Two of: more than 250 employees, £36m turnover, £18m balance sheet, two years running',
      'Mandatory since April 2019',
    ],
  },
  {
    value: 'SEC',
    label: 'US SEC',
    title: 'US SEC Climate Disclosure',
    points: [
      'SEC rule stayed; rescission proposed 29 May 2026',
      'California SB 253: revenue above $1bn',
      'Scope 1 and 2 first due 10 Aug 2026 (passed)',
      'Scope 3 from 2027',
    ],
  },
];

export const DEFAULT_JURISDICTION: Jurisdiction = 'CSRD';

export function jurisdictionInfo(value: Jurisdiction): JurisdictionInfo {
  return JURISDICTIONS.find((info) => info.value === value) ?? JURISDICTIONS[0]!;
}
