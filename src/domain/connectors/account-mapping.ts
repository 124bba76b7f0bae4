// Default mapping of an accounting system's expense accounts to a connector's ledger lines. Bills
// carry money, not kWh or litres, so every mapped line is spend-based: category purchased_goods
// with a plain-language spend category (spend-categories.ts; the calculator picks Defra SIC for UK
// sites, EPA NAICS elsewhere), data quality 'spend_based'. An electricity account is therefore NOT
// mapped to `electricity`: that category needs kWh, which a bill line does not give (enter metered
// kWh by hand or CSV instead), so it is left out. Accounts that are not purchases (taxes, wages,
// interest, depreciation…) are 'ignore'. Which is which comes from the one rule table shared with
// the accounting-export import (decision 086). Mappings saved before the categories existed name a
// six-digit NAICS code: those stay accepted.

import { suggestAccountTarget } from '../activity-import/accounting-export/account-targets.ts';
import { SPEND_CATEGORIES, type SpendCategoryKey } from '../emissions/spend-categories.ts';

/** NAICS codes the mapping offered before spend categories (EPA v1.3 rows): still accepted.
 * Travel and freight have no spend category (their own ledger categories take distances). */
export const LEGACY_SPEND_NAICS = [
  { naics: '541611', label: 'Management, consulting and general services' },
  { naics: '541511', label: 'Software development and IT services' },
  { naics: '518210', label: 'Hosting, cloud and data processing' },
  { naics: '517311', label: 'Telephone and internet' },
  { naics: '541110', label: 'Legal services' },
  { naics: '541810', label: 'Advertising and marketing' },
  { naics: '524126', label: 'Insurance' },
  { naics: '522110', label: 'Banking services' },
  { naics: '561720', label: 'Cleaning' },
  { naics: '323111', label: 'Printing' },
  { naics: '722511', label: 'Meals and restaurants' },
  { naics: '721110', label: 'Hotels' },
  { naics: '481111', label: 'Air travel' },
  { naics: '485310', label: 'Taxis' },
  { naics: '532111', label: 'Car rental' },
  { naics: '484121', label: 'Freight trucking' },
  { naics: '492110', label: 'Couriers and postage' },
  { naics: '562111', label: 'Waste collection' },
  { naics: '334111', label: 'Computers and IT equipment' },
  { naics: '236220', label: 'Building and construction works' },
] as const;

/** Travel and freight spend: no spend category, so these codes stay offered. */
const TRAVEL_NAICS = new Set(['721110', '481111', '485310', '532111', '484121']);

export interface SpendVariantChoice {
  /** A spend category key or a NAICS code. */
  variant: string;
  label: string;
  /** Offered only to a mapping that already names it. */
  legacy: boolean;
}

/** Every choice the mapping accepts: the spend categories, then the NAICS codes. */
export const SPEND_VARIANTS: readonly SpendVariantChoice[] = [
  ...SPEND_CATEGORIES.map((c) => ({ variant: c.key, label: c.label, legacy: false })),
  ...LEGACY_SPEND_NAICS.map((v) => ({
    variant: v.naics,
    label: `${v.label} (US industry code ${v.naics})`,
    legacy: !TRAVEL_NAICS.has(v.naics),
  })),
];

export const SPEND_VARIANT_KEYS: ReadonlySet<string> = new Set(SPEND_VARIANTS.map((v) => v.variant));

export type SpendVariant = SpendCategoryKey | (typeof LEGACY_SPEND_NAICS)[number]['naics'];

/** Unmatched expense accounts: professional services; the user is asked to review the suggestion. */
export const FALLBACK_SPEND_VARIANT: SpendVariant = 'consultancy';

export type AccountMapping =
  | { category: 'purchased_goods'; variant: SpendVariant }
  | { category: 'ignore'; variant: null };

/**
 * The suggested mapping of an account for a connector's bill lines: the one rule table of the
 * accounting-export import (suggestAccountTarget, decision 086), so an account counts the same way
 * whichever path brings it. A bill line carries money, not kWh or litres: an account the table
 * counts by quantity (electricity, fuel, water) is left out here, as the export import leaves out
 * a bill whose memo states no quantity (decision 050); its figures come from metered quantities.
 * No rule: the fallback spend category, for the person to review.
 */
export function defaultAccountMapping(account: { code: string; name: string }): AccountMapping {
  const target = suggestAccountTarget(account);
  if (!target) return { category: 'purchased_goods', variant: FALLBACK_SPEND_VARIANT };
  if (target.category !== 'purchased_goods') return { category: 'ignore', variant: null };
  // Every spend variant of the table is one of SPEND_VARIANTS (account-mapping.test.ts checks it).
  return { category: 'purchased_goods', variant: target.variant as SpendVariant };
}

/** What a person reads for a mapping's variant. */
export function spendVariantLabel(variant: string): string {
  return SPEND_VARIANTS.find((choice) => choice.variant === variant)?.label ?? variant;
}
