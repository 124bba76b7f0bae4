// Why a ledger line is "not counted", in plain words, and what fixes it (issue 17: "blank is not
// zero"). A line is not counted when its stored result has no entries (`activity_lines.datasets =
// '[]'`, decision 051). The reason is not stored: it is worked out when the line is read, from a
// fresh calculation of the line with the current library (the server's calculateLine), so it
// never goes stale: when a factor now exists the fix is an explicit recalculation, never a silent
// rewrite of the stored result (ARCHITECTURE.md "Calculations").
import { planFor } from './activity-plans.ts';
import { CATEGORY_LABELS } from './category-labels.ts';
import type { FactorLibrary } from './factor-library.ts';
import { normaliseRegion } from './regions.ts';
import { spendCategoryOf } from './spend-categories.ts';
import type { ActivityCategory, Flag } from './types.ts';

/**
 * Why a line has no figure.
 * - factor_now_available: the current library calculates it; its stored result predates that.
 * - site_region_unknown: the site's region is not one the library knows (a typo, "England").
 * - exchange_rate_missing: spend in a currency without an exchange rate.
 * - no_spend_factor / no_factor: no factor for the spend category or activity in that place.
 * - unknown_type: the variant (spend category, fuel, flight class…) is not one we know.
 * - unknown_unit: the unit cannot be used for this category.
 * - missing_amount: no quantity with a unit and no spend with a currency.
 */
export type NotCountedReason =
  | 'factor_now_available'
  | 'site_region_unknown'
  | 'exchange_rate_missing'
  | 'no_spend_factor'
  | 'no_factor'
  | 'unknown_type'
  | 'unknown_unit'
  | 'missing_amount';

/** What the person can do: edit the line, edit its site, or recalculate the period. */
export type NotCountedFixAction = 'edit_line' | 'edit_site' | 'recalculate';

export interface NotCountedStatus {
  reason: NotCountedReason;
  /** The reason in plain words, naming the line's own category, place or currency. */
  message: string;
  fix: { action: NotCountedFixAction; label: string };
}

/** The fields of a stored line the explanation reads, with its site's place. */
export interface NotCountedLine {
  date: string;
  category: string;
  variant: string | null;
  quantity: number | null;
  unit: string | null;
  spend: number | null;
  currency: string | null;
  site: { country: string; region: string | null };
}

/** What a calculation of the line with the current library gave. */
export type RecalculationOutcome =
  | { kind: 'result'; entryCount: number; flags: readonly Flag[] }
  /** The calculator refused the line; `field` names what it could not use. */
  | {
      kind: 'refused';
      field: 'variant' | 'unit' | 'quantity' | 'spend' | 'currency' | 'date';
      message: string;
    };

const regionCache = new WeakMap<FactorLibrary, ReadonlySet<string>>();

/** Every region some factor of the library is published for. */
export function libraryRegions(library: FactorLibrary): ReadonlySet<string> {
  let regions = regionCache.get(library);
  if (regions === undefined) {
    regions = new Set(library.factors.map((factor) => factor.region));
    regionCache.set(library, regions);
  }
  return regions;
}

let countryNames: Intl.DisplayNames | null | undefined;

/** 'JP' → 'Japan'; the code itself where the runtime has no names. */
export function placeName(code: string): string {
  const upper = normaliseRegion(code);
  if (upper === 'GB-LONDON') return 'London';
  if (countryNames === undefined) {
    try {
      countryNames = new Intl.DisplayNames(['en-GB'], { type: 'region' });
    } catch {
      countryNames = null;
    }
  }
  if (/^[A-Z]{2}$/.test(upper)) {
    try {
      return countryNames?.of(upper) ?? upper;
    } catch {
      return upper;
    }
  }
  return upper;
}

const categoryName = (category: string) =>
  CATEGORY_LABELS[category as ActivityCategory]?.toLowerCase() ?? category.replaceAll('_', ' ');

/** 'accountancy_legal' → 'Accountancy and legal'; a NAICS code → 'NAICS 541211'. */
function spendCategoryName(variant: string | null): string {
  if (!variant) return 'no category';
  const known = spendCategoryOf(variant);
  if (known) return known.label;
  return /^\d{6}$/.test(variant) ? `NAICS ${variant}` : variant;
}

const EDIT_LINE = 'edit_line' as const;

function status(
  reason: NotCountedReason,
  message: string,
  action: NotCountedFixAction,
  label: string,
): NotCountedStatus {
  return { reason, message, fix: { action, label } };
}

/**
 * The site's region when the line's factor is looked up by it (grid electricity and heat) and the
 * library has no factor for it (a typo, "CAMX" for "US-CAMX", "England"); otherwise null.
 */
function unknownSiteRegion(line: NotCountedLine, regions: ReadonlySet<string>): string | null {
  const region = line.site.region?.trim();
  if (!region || regions.has(normaliseRegion(region))) return null;
  try {
    const plan = planFor(line.category as ActivityCategory, line.variant ?? undefined);
    return plan.regionSource === 'subregion' ? region : null;
  } catch {
    return null;
  }
}

function refusedStatus(line: NotCountedLine, field: string, message: string): NotCountedStatus {
  const category = categoryName(line.category);
  if (field === 'variant') {
    return line.category === 'purchased_goods'
      ? status(
          'unknown_type',
          `Spend category '${line.variant ?? ''}' is not one we know`,
          EDIT_LINE,
          'Choose a spend category',
        )
      : status(
          'unknown_type',
          line.variant
            ? `'${line.variant}' is not a type of ${category} we know`
            : `The ${category} line does not say which type it is`,
          EDIT_LINE,
          'Choose the type',
        );
  }
  if (field === 'unit') {
    return status(
      'unknown_unit',
      `The unit '${line.unit ?? ''}' cannot be used for ${category}`,
      EDIT_LINE,
      'Correct the unit',
    );
  }
  if (field === 'quantity' || field === 'spend' || field === 'currency') return missingAmount(line);
  return status('missing_amount', message, EDIT_LINE, 'Edit the line');
}

function missingAmount(line: NotCountedLine): NotCountedStatus {
  return line.category === 'purchased_goods'
    ? status('missing_amount', 'The line has no spend with a currency', EDIT_LINE, 'Add the amount spent')
    : status(
        'missing_amount',
        `The ${categoryName(line.category)} line has no quantity with a unit`,
        EDIT_LINE,
        'Add the quantity',
      );
}

/**
 * Why a line without figures is not counted, and its fix. `outcome` is the calculation of the line
 * with the current library; `regions` the library's regions (libraryRegions).
 */
export function explainNotCounted(
  line: NotCountedLine,
  outcome: RecalculationOutcome,
  regions: ReadonlySet<string>,
): NotCountedStatus {
  if (outcome.kind === 'refused') return refusedStatus(line, outcome.field, outcome.message);
  if (outcome.entryCount > 0) {
    return status(
      'factor_now_available',
      'A factor now exists for this line; its figures were stored before it did',
      'recalculate',
      'Recalculate',
    );
  }
  const hasAmount =
    line.category === 'purchased_goods'
      ? line.spend !== null && !!line.currency
      : line.quantity !== null && !!line.unit;
  if (!hasAmount) return missingAmount(line);
  if (outcome.flags.includes('fx_rate_missing')) {
    const currency = (line.currency ?? '').toUpperCase();
    return status(
      'exchange_rate_missing',
      `No exchange rate for ${currency} in ${line.date.slice(0, 4)}`,
      EDIT_LINE,
      `Add an exchange rate for ${currency}: enter the amount in a currency with a rate (such as GBP)`,
    );
  }
  // A region the library does not know leaves grid electricity and heat with no factor at all:
  // the site, not the line, is what to correct.
  const badRegion = unknownSiteRegion(line, regions);
  if (badRegion !== null) {
    return status(
      'site_region_unknown',
      `The site's region '${badRegion}' is not one we have factors for`,
      'edit_site',
      "Correct the site's region",
    );
  }
  const place = placeName(line.site.country);
  if (line.category === 'purchased_goods') {
    return status(
      'no_spend_factor',
      `No emission factor for spend category '${spendCategoryName(line.variant)}' in ${place}`,
      EDIT_LINE,
      'Choose a factor: pick the nearest spend category',
    );
  }
  return status(
    'no_factor',
    `No emission factor for ${categoryName(line.category)}${line.variant ? ` (${line.variant})` : ''} in ${place}`,
    EDIT_LINE,
    'Choose a factor: pick the nearest type',
  );
}
