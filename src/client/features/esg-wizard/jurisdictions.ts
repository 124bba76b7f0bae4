// The three jurisdictions of the wizard's step 1 and the text of their info panels (spec §2 ESG
// Wizard, word for word). What has changed since (e.g. the EU Omnibus) is shown under each panel
// from the rule pack's dated `currentStatus`, so the panel text and the news never get mixed up.
import type { Jurisdiction } from '../../../domain/contracts/auth';

export interface JurisdictionInfo {
  value: Jurisdiction;
  /** Option label of the select. */
  label: string;
  /** Panel heading. */
  title: string;
  /** spec §2 panel points, in order. */
  points: string[];
}

export const JURISDICTIONS: readonly JurisdictionInfo[] = [
  {
    value: 'CSRD',
    label: 'EU CSRD',
    title: 'EU Corporate Sustainability Reporting Directive (CSRD)',
    points: [
      'Comprehensive E, S and G coverage',
      'Large EU companies and listed SMEs',
      'Double materiality and third-party assurance',
      'Phased 2024-2028',
    ],
  },
  {
    value: 'SECR',
    label: 'UK SECR',
    title: 'UK Streamlined Energy and Carbon Reporting (SECR)',
    points: [
      'Energy and carbon reporting',
      'Two of: more than 250 employees, £36m turnover, £18m balance sheet',
      'Mandatory since April 2019',
    ],
  },
  {
    value: 'SEC',
    label: 'US SEC',
    title: 'US SEC Climate Disclosure',
    points: [
      'Climate risks and governance',
      'US public companies',
      'TCFD-aligned, Scope 1 and 2 emissions',
      'Phased 2025-2026',
    ],
  },
];

export const DEFAULT_JURISDICTION: Jurisdiction = 'CSRD';

export function jurisdictionInfo(value: Jurisdiction): JurisdictionInfo {
  return JURISDICTIONS.find((info) => info.value === value) ?? JURISDICTIONS[0]!;
}
