// What an account's lines become (decision 050): a spend category (spend-categories.ts; a 6-digit
// NAICS code stays accepted, as connector mappings use them), an activity category counted by the
// quantity a bill's memo states (electricity, gas, fuels, water, heat), or left out ('ignore').
// One company-level mapping per account, remembered for file imports and used by connectors.
import { spendCategoryOf } from '../../emissions/spend-categories.ts';
import type { ActivityCategory } from '../vocabulary.ts';

/** Activity categories an account can map to: counted by a quantity, needing no variant. */
export const QUANTITY_CATEGORIES = [
  'electricity',
  'natural_gas',
  'diesel',
  'petrol',
  'gas_oil',
  'heating_oil',
  'lpg',
  'propane',
  'water',
  'district_heat',
] as const satisfies readonly ActivityCategory[];
export type QuantityCategory = (typeof QUANTITY_CATEGORIES)[number];

export const QUANTITY_CATEGORY_LABELS: Record<QuantityCategory, string> = {
  electricity: 'Electricity (kWh from the memo)',
  natural_gas: 'Gas (kWh or m³ from the memo)',
  diesel: 'Diesel (litres from the memo)',
  petrol: 'Petrol (litres from the memo)',
  gas_oil: 'Red diesel / gas oil (litres from the memo)',
  heating_oil: 'Heating oil / kerosene (litres from the memo)',
  lpg: 'LPG (litres or kg from the memo)',
  propane: 'Propane (litres or kg from the memo)',
  water: 'Water (m³ from the memo)',
  district_heat: 'Heat network (kWh from the memo)',
};

export type AccountTarget =
  | { category: 'ignore'; variant: null }
  | { category: 'purchased_goods'; variant: string }
  | { category: QuantityCategory; variant: null };

export function isQuantityCategory(category: string): category is QuantityCategory {
  return (QUANTITY_CATEGORIES as readonly string[]).includes(category);
}

/** A spend variant this product accepts: a spend category key or a 6-digit NAICS code. */
export function isSpendVariant(variant: string): boolean {
  return spendCategoryOf(variant) !== undefined || /^\d{6}$/.test(variant);
}

/**
 * The one rule table from an account's name to what its lines become (decision 086), read by the
 * accounting-export import (suggestAccountTarget) and by connector syncs (defaultAccountMapping,
 * connectors/account-mapping.ts), so the same account counts the same way on both paths. Checked
 * in order against the name only (codes are numbers or a provider's own keys); the first match wins.
 * Travel and freight have no spend category: they name the EPA NAICS codes connectors offer.
 */
export const ACCOUNT_RULES: ReadonlyArray<readonly [RegExp, QuantityCategory | string]> = [
  // Not purchases of goods or services: no spend-based emissions. Bank charges and fees are
  // purchases (banking_finance, below); interest, loans and the rest are finance.
  [
    /\b(tax|taxes|vat|gst|hst|duty|duties|wages?|salar(y|ies)|payroll|pension|social (security|charges)|interest|depreciation|amorti[sz]ation|dividends?|loans?|suspense|rounding|exchange (difference|rate)|write.?off|provisions?)\b/i,
    'ignore',
  ],
  // Counted by the quantity a bill states (kWh, litres, m³), never as spend.
  [/\b(electricity|electric|power)\b/i, 'electricity'],
  [/\b(gas|heating)\b(?! oil)/i, 'natural_gas'],
  [/\b(heating oil|kerosene|burning oil)\b/i, 'heating_oil'],
  [/\b(red diesel|gas oil)\b/i, 'gas_oil'],
  [/\bdiesel\b/i, 'diesel'],
  [/\bpetrol\b/i, 'petrol'],
  [/\bfuel\b/i, 'diesel'],
  [/\bwater\b/i, 'water'],
  // Spend, by plain-language spend category.
  [/\b(packaging|packing|boxes|bags|cartons?|labels?)\b/i, 'packaging'],
  [/\b(repairs?|maintenance|servicing|renewals)\b/i, 'repairs_maintenance'],
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
  [/\b(bank(ing)?|card fees|merchant fees)\b/i, 'banking_finance'],
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
  [/\b(couriers?|postage|postal|carriage|delivery)\b/i, 'postage_couriers'],
  [/\b(waste|refuse|rubbish|recycling)\b/i, 'waste_services'],
  [/\b(computers?|hardware|it equipment)\b/i, 'computers_electronics'],
  [/\b(construction|building works?|renovation|refurbishment)\b/i, 'construction_works'],
  [/\b(rent|rates and rent|service charges?)\b/i, 'rent_property'],
  [/\b(machinery|equipment|plant|ovens?|tools?)\b/i, 'machinery_equipment'],
  [/\b(furniture|fittings|fixtures)\b/i, 'furniture_fittings'],
  [/\b(uniforms?|workwear|clothing|laundry)\b/i, 'clothing_workwear'],
  [/\b(training|courses?|education)\b/i, 'training_education'],
  [/\b(recruitment|agency staff|temporary staff)\b/i, 'recruitment_staffing'],
  [/\b(security|alarm)\b/i, 'security_services'],
  // Services no rule above names ("Purchases of services") are other professional services,
  // before the generic purchases below.
  [/\b(consult\w*|professional fees?|management fees?|services)\b/i, 'consultancy'],
  [
    /\b(ingredients?|food|flour|dairy|produce|drinks?|beverages?|purchases|materials|cost of (sales|goods)|stock purchases)\b/i,
    'food_drink_ingredients',
  ],
  [/\b(motor vehicles?|vans?|vehicles?)\b/i, 'vehicles_parts'],
];

/**
 * The suggested target of an account from its name (the one rule table above), or null when
 * nothing fits well: the import asks the person (travel by the mile, for instance), a connector
 * falls back to a spend category for the person to review.
 */
export function suggestAccountTarget(account: { code: string | null; name: string }): AccountTarget | null {
  const target = ACCOUNT_RULES.find(([pattern]) => pattern.test(account.name))?.[1];
  if (target === undefined) return null;
  if (target === 'ignore') return { category: 'ignore', variant: null };
  return isQuantityCategory(target)
    ? { category: target, variant: null }
    : { category: 'purchased_goods', variant: target };
}

/** The company-level key of an account: its name, case and spacing folded ("General  Expenses" = "general expenses"). */
export function accountKeyOf(account: { name: string }): string {
  return account.name.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ').slice(0, 200);
}
