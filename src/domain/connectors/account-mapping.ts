// Default mapping of an accounting system's expense accounts to ledger lines. Bills carry money,
// not kWh or litres, so every mapped line is spend-based: category purchased_goods with a
// plain-language spend category (spend-categories.ts; the calculator picks Defra SIC for UK sites,
// EPA NAICS elsewhere), data quality 'spend_based'. An electricity account is therefore NOT mapped
// to `electricity`: that category needs kWh, which a bill line does not give (enter metered kWh
// by hand or CSV instead). Accounts that are not purchases (taxes, wages, bank fees,
// depreciation…) are 'ignore'. Mappings saved before the categories existed name a six-digit
// NAICS code: those stay accepted.

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

/** Checked in order; the first pattern matching the account's code + name wins. */
const RULES: ReadonlyArray<readonly [RegExp, SpendVariant | 'ignore']> = [
  // Not purchases of goods or services: no spend-based emissions.
  [
    /\b(tax|taxes|vat|gst|hst|duty|duties|wages?|salar(y|ies)|payroll|pension|social (security|charges)|bank (fees?|charges?)|interest|depreciation|amorti[sz]ation|dividends?|loans?|suspense|rounding|exchange (difference|rate)|write.?off|provisions?)\b/i,
    'ignore',
  ],
  [/\b(packaging|packing|boxes|cartons?|labels?)\b/i, 'packaging'],
  [/\b(repairs?|maintenance|servicing)\b/i, 'repairs_maintenance'],
  [
    /\b(hosting|cloud|saas|subscriptions?|data processing|software|programming|development|it services?|it support)\b/i,
    'it_software',
  ],
  [/\b(telephone|phone|telecom\w*|internet|broadband|mobile)\b/i, 'telecoms'],
  [
    /\b(legal|lawyers?|solicitors?|attorneys?|accountan\w*|accounting|audit\w*|bookkeeping)\b/i,
    'accountancy_legal',
  ],
  [/\b(advertising|marketing|promotion)\b/i, 'marketing_advertising'],
  [/\binsurance\b/i, 'insurance'],
  [/\bbank(ing)?\b/i, 'banking_finance'],
  [/\b(cleaning (materials|supplies|products)|hygiene|detergents?)\b/i, 'cleaning_hygiene'],
  [/\b(cleaning|cleaners|janitorial|pest control)\b/i, 'cleaning_services'],
  [/\b(stationery|office (supplies|expenses))\b/i, 'office_supplies'],
  [/\b(printing|print)\b/i, 'printing'],
  [/\b(meals?|restaurants?|catering|entertainment|subsistence)\b/i, 'meals_hospitality'],
  [/\b(hotels?|accommodation|lodging)\b/i, '721110'],
  [/\b(air ?fares?|flights?|air travel)\b/i, '481111'],
  [/\btaxis?\b/i, '485310'],
  [/\b(car (rental|hire)|vehicle (rental|hire))\b/i, '532111'],
  [/\b(freight|haulage|shipping|transport)\b/i, '484121'],
  [/\b(couriers?|postage|postal|delivery)\b/i, 'postage_couriers'],
  [/\b(waste|refuse|rubbish|recycling)\b/i, 'waste_services'],
  [/\b(computers?|hardware|it equipment)\b/i, 'computers_electronics'],
  [/\b(construction|building works?|renovation|refurbishment)\b/i, 'construction_works'],
  [/\b(rent|rates and rent|service charges?)\b/i, 'rent_property'],
  [/\b(equipment|machinery|plant|tools?)\b/i, 'machinery_equipment'],
  [/\b(furniture|fittings|fixtures)\b/i, 'furniture_fittings'],
  [/\b(uniforms?|workwear|clothing|laundry)\b/i, 'clothing_workwear'],
  [/\b(training|courses?|education)\b/i, 'training_education'],
  [/\b(recruitment|agency staff|temporary staff)\b/i, 'recruitment_staffing'],
  [/\b(security|alarm)\b/i, 'security_services'],
  [/\b(food|ingredients|produce|drinks?|beverages?)\b/i, 'food_drink_ingredients'],
  [/\b(consult\w*|professional fees?|management fees?)\b/i, 'consultancy'],
];

/** The suggested mapping of an account, from its code and name. */
export function defaultAccountMapping(account: { code: string; name: string }): AccountMapping {
  const text = `${account.code} ${account.name}`;
  for (const [pattern, target] of RULES) {
    if (pattern.test(text)) {
      return target === 'ignore'
        ? { category: 'ignore', variant: null }
        : { category: 'purchased_goods', variant: target };
    }
  }
  return { category: 'purchased_goods', variant: FALLBACK_SPEND_VARIANT };
}

/** What a person reads for a mapping's variant. */
export function spendVariantLabel(variant: string): string {
  return SPEND_VARIANTS.find((choice) => choice.variant === variant)?.label ?? variant;
}
