// The quantity a bill's memo states ("Electricity Jan 1,820 kWh", "Diesel 58.4 L", "Water 12.5 m3",
// "350 litres diesel"), so a utility or fuel bill in an accounting export counts as activity (kWh,
// litres, m³), not spend (issue 17). Only units that fit the account's category are taken: a kWh
// figure on a diesel account is not its quantity.
// Several quantities in the same unit are added ("Day 1,200 kWh Night 620 kWh" = 1,820 kWh: UK
// two-rate meters bill each rate); quantities in different units of the category are ambiguous and
// give none. "units" is kWh on an electricity account (a UK bill's "units" are kWh).
// Numbers: "1,820" is one thousand eight hundred and twenty (a comma before exactly three digits
// groups thousands); "58,4" is fifty-eight point four (a decimal comma, as European bills write it).

import type { ActivityCategory, ActivityUnit } from '../vocabulary.ts';
import { CATEGORY_DIMENSIONS, parseUnit, UNIT_DIMENSION } from '../vocabulary.ts';

export interface MemoQuantity {
  quantity: number;
  unit: ActivityUnit;
}

const NUMBER = String.raw`(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:[.,]\d+)?)`;
const UNIT_WORDS = String.raw`kwhs?|kilowatt[\s-]?hours?|mwhs?|megawatt[\s-]?hours?|therms?|litres?|liters?|ltrs?|lts?|l|m3|m³|cubic\s+met(?:re|er)s?|cu\.?\s?m|kgs?|kilograms?|kilos?|tonnes?|units?|gallons?|gals?|imperial\s+gallons?|uk\s+gallons?`;
const QUANTITY = new RegExp(String.raw`(?<![\w.,£$€])${NUMBER}\s?(${UNIT_WORDS})(?![\w³])`, 'giu');

function readNumber(text: string): number | null {
  const compact = text;
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(compact)) return Number(compact.replaceAll(',', ''));
  if (/^\d+,\d{1,2}$/.test(compact)) return Number(compact.replace(',', '.'));
  if (/^\d+(\.\d+)?$/.test(compact)) return Number(compact);
  return null;
}

function unitOf(word: string, category: ActivityCategory): ActivityUnit | null {
  const key = word.toLowerCase().replace(/\s+/g, ' ');
  if (/^units?$/.test(key)) return category === 'electricity' ? 'kWh' : null;
  if (/^(cubic met(re|er)s?|cu\.? ?m|m³)$/.test(key)) return 'm3';
  // A plain gallon in a UK bill is imperial; this product is UK-first (vocabulary.ts lets the caller choose).
  if (/^(gallons?|gals?|imperial gallons?|uk gallons?)$/.test(key)) return 'gal_uk';
  const found = parseUnit(key);
  return found.ok ? found.unit : null;
}

/** The quantity the memo states in a unit that fits `category`, or null. */
export function memoQuantity(memo: string, category: ActivityCategory): MemoQuantity | null {
  const dimensions = CATEGORY_DIMENSIONS[category];
  if (dimensions.length === 0) return null;
  let unit: ActivityUnit | null = null;
  let total = 0;
  for (const match of memo.matchAll(QUANTITY)) {
    const value = readNumber(match[1]!);
    const found = unitOf(match[2]!, category);
    if (value === null || found === null || !dimensions.includes(UNIT_DIMENSION[found])) continue;
    if (unit !== null && unit !== found) return null;
    unit = found;
    total += value;
  }
  if (unit === null || !(total > 0)) return null;
  return { quantity: Math.round(total * 1e6) / 1e6, unit };
}
