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

/** Checked in order against the account's name (and code); the first match is the suggestion. */
const RULES: ReadonlyArray<readonly [RegExp, QuantityCategory | string]> = [
  [/\b(electricity|electric|power)\b/i, 'electricity'],
  [/\b(gas|heating)\b(?! oil)/i, 'natural_gas'],
  [/\b(heating oil|kerosene|burning oil)\b/i, 'heating_oil'],
  [/\b(red diesel|gas oil)\b/i, 'gas_oil'],
  [/\bdiesel\b/i, 'diesel'],
  [/\b(petrol|fuel)\b/i, 'diesel'],
  [/\bwater\b/i, 'water'],
  [/\b(packaging|boxes|bags|labels)\b/i, 'packaging'],
  [
    /\b(ingredients?|food|flour|dairy|purchases|materials|cost of (sales|goods)|stock purchases)\b/i,
    'food_drink_ingredients',
  ],
  [/\b(machinery|equipment|plant|ovens?|tools)\b/i, 'machinery_equipment'],
  [/\b(computers?|hardware|it equipment)\b/i, 'computers_electronics'],
  [/\b(software|subscriptions?|hosting|saas|it (services?|support))\b/i, 'it_software'],
  [/\b(telephone|phone|internet|broadband|mobile|telecoms?)\b/i, 'telecoms'],
  [/\b(accountancy|accounting|audit|legal|solicitors?|professional fees)\b/i, 'accountancy_legal'],
  [/\b(consult\w*|management fees?)\b/i, 'consultancy'],
  [/\b(advertising|marketing|promotion)\b/i, 'marketing_advertising'],
  [/\binsurance\b/i, 'insurance'],
  [/\b(bank charges|bank fees|card fees|merchant fees)\b/i, 'banking_finance'],
  [/\b(rent|rates|service charges?)\b/i, 'rent_property'],
  [/\b(repairs?|maintenance|renewals)\b/i, 'repairs_maintenance'],
  [/\b(cleaning)\b/i, 'cleaning_services'],
  [/\b(printing|print)\b/i, 'printing'],
  [/\b(stationery|office supplies|postage)\b/i, 'office_supplies'],
  [/\b(couriers?|carriage|delivery)\b/i, 'postage_couriers'],
  [/\b(training|courses?)\b/i, 'training_education'],
  [/\b(recruitment|agency staff)\b/i, 'recruitment_staffing'],
  [/\b(workwear|uniforms?|laundry)\b/i, 'clothing_workwear'],
  [/\b(waste|refuse|rubbish|recycling)\b/i, 'waste_services'],
  [/\b(meals|entertainment|catering|subsistence)\b/i, 'meals_hospitality'],
  [/\b(furniture|fixtures|fittings)\b/i, 'furniture_fittings'],
  [/\b(motor vehicles?|vans?|vehicles?)\b/i, 'vehicles_parts'],
];

/**
 * The suggested target of a counted account from its name, or null when nothing fits well (the
 * person chooses: travel, for instance, has no spend category and no quantity in a memo).
 */
export function suggestAccountTarget(account: { code: string | null; name: string }): AccountTarget | null {
  const text = account.name;
  for (const [pattern, target] of RULES) {
    if (!pattern.test(text)) continue;
    return isQuantityCategory(target)
      ? { category: target, variant: null }
      : { category: 'purchased_goods', variant: target };
  }
  return null;
}

/** The company-level key of an account: its name, case and spacing folded ("General  Expenses" = "general expenses"). */
export function accountKeyOf(account: { name: string }): string {
  return account.name.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ').slice(0, 200);
}
