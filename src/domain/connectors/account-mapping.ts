// Default mapping of an accounting system's expense accounts to ledger lines. Bills carry money,
// not kWh or litres, so every mapped line is spend-based: category purchased_goods with a USEEIO
// v1.3 NAICS variant (the spend factors of db/seed/factors/emission-factors.csv), data quality
// 'spend_based'. An electricity account is therefore NOT mapped to `electricity`: that category
// needs kWh, which a bill line does not give (enter metered kWh by hand or CSV instead).
// Accounts that are not purchases (taxes, wages, bank fees, depreciation…) are 'ignore'.

/** The NAICS codes with a USEEIO v1.3 factor in the library, with the words people use for them. */
export const SPEND_VARIANTS = [
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

export type SpendNaics = (typeof SPEND_VARIANTS)[number]['naics'];

export const SPEND_NAICS: ReadonlySet<string> = new Set(SPEND_VARIANTS.map((variant) => variant.naics));

/** Unmatched expense accounts: general services, the user is asked to review the suggestion. */
export const FALLBACK_NAICS: SpendNaics = '541611';

export type AccountMapping =
  | { category: 'purchased_goods'; variant: SpendNaics }
  | { category: 'ignore'; variant: null };

/** Checked in order; the first pattern matching the account's code + name wins. */
const RULES: ReadonlyArray<readonly [RegExp, SpendNaics | 'ignore']> = [
  // Not purchases of goods or services: no spend-based emissions.
  [
    /\b(tax|taxes|vat|gst|hst|duty|duties|wages?|salar(y|ies)|payroll|pension|social (security|charges)|bank (fees?|charges?)|interest|depreciation|amorti[sz]ation|dividends?|loans?|suspense|rounding|exchange (difference|rate)|write.?off|provisions?)\b/i,
    'ignore',
  ],
  [/\b(hosting|cloud|saas|subscriptions?|data processing|software licen[cs]es?)\b/i, '518210'],
  [/\b(software|programming|development|it services?)\b/i, '541511'],
  [/\b(telephone|phone|telecom\w*|internet|broadband|mobile)\b/i, '517311'],
  [/\b(legal|lawyers?|solicitors?|attorneys?)\b/i, '541110'],
  [/\b(advertising|marketing|promotion)\b/i, '541810'],
  [/\binsurance\b/i, '524126'],
  [/\bbank(ing)?\b/i, '522110'],
  [/\b(cleaning|janitorial)\b/i, '561720'],
  [/\b(printing|print)\b/i, '323111'],
  [/\b(meals?|restaurants?|catering|entertainment)\b/i, '722511'],
  [/\b(hotels?|accommodation|lodging)\b/i, '721110'],
  [/\b(air ?fares?|flights?|air travel)\b/i, '481111'],
  [/\btaxis?\b/i, '485310'],
  [/\b(car (rental|hire)|vehicle (rental|hire))\b/i, '532111'],
  [/\b(freight|haulage|shipping|transport)\b/i, '484121'],
  [/\b(couriers?|postage|postal|delivery)\b/i, '492110'],
  [/\b(waste|refuse|rubbish|recycling)\b/i, '562111'],
  [/\b(computers?|hardware|it equipment)\b/i, '334111'],
  [/\b(construction|building works?|renovation)\b/i, '236220'],
  [/\b(consult\w*|accountancy|accounting|audit|professional fees?|management fees?)\b/i, '541611'],
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
  return { category: 'purchased_goods', variant: FALLBACK_NAICS };
}

export function spendVariantLabel(naics: string): string {
  const found = SPEND_VARIANTS.find((variant) => variant.naics === naics);
  return found ? `${found.label} (NAICS ${naics})` : `NAICS ${naics}`;
}
