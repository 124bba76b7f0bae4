// The words a person chooses from when a file's category or variant is not one we know: every
// category and variant with its plain label (never an internal key on screen), for the import's
// mapping step and its messages (decision 049). The calculator (emissions/activity-plans.ts)
// stays the judge of what a variant means; these lists name the ones it knows.

import { planFor } from '../emissions/activity-plans.ts';
import { ActivityInputError, type FLIGHT_CLASSES, FLIGHT_HAULS } from '../emissions/activity-variants.ts';
import { CATEGORY_LABELS } from '../emissions/category-labels.ts';
import { SPEND_CATEGORIES, spendCategoryOf } from '../emissions/spend-categories.ts';
import type { ActivityCategory } from '../emissions/types.ts';
import { ACTIVITY_CATEGORIES, memo } from './vocabulary.ts';

export { CATEGORY_LABELS };

export interface Choice {
  value: string;
  label: string;
}

/** A category mapping that names a spend category: the row becomes spend (purchased_goods). */
export const SPEND_TARGET_PREFIX = 'spend:';

/** What a category text can mean: an activity, or spend in one of the plain spend categories. */
export const CATEGORY_CHOICES: readonly Choice[] = [
  ...ACTIVITY_CATEGORIES.filter((category) => category !== 'purchased_goods').map((category) => ({
    value: category,
    label: CATEGORY_LABELS[category],
  })),
  ...SPEND_CATEGORIES.map((category) => ({
    value: `${SPEND_TARGET_PREFIX}${category.key}`,
    label: `Spend: ${category.label}`,
  })),
];

const HAUL_LABELS: Record<(typeof FLIGHT_HAULS)[number], string> = {
  domestic: 'Domestic',
  short_haul: 'Short haul',
  long_haul: 'Long haul',
  international: 'International',
};
const CLASS_LABELS: Record<(typeof FLIGHT_CLASSES)[number], string> = {
  economy: 'Economy',
  premium_economy: 'Premium economy',
  business: 'Business',
  average: 'Average',
};
const CLASS_ORDER = ['economy', 'premium_economy', 'business', 'average'] as const;

const FLIGHT_CHOICES: readonly Choice[] = FLIGHT_HAULS.flatMap((haul) =>
  CLASS_ORDER.map((cabin) => ({
    value: `${haul}_${cabin}`,
    label: `${HAUL_LABELS[haul]}, ${CLASS_LABELS[cabin].toLowerCase()}`,
  })),
);

const choice = (value: string, label: string): Choice => ({ value, label });

const CAR_SIZES: readonly Choice[] = [
  choice('car_small_diesel', 'Small car, diesel'),
  choice('car_small_petrol', 'Small car, petrol'),
  choice('car_medium_diesel', 'Medium car, diesel'),
  choice('car_medium_petrol', 'Medium car, petrol'),
  choice('car_medium_hybrid', 'Medium car, hybrid'),
  choice('car_large_diesel', 'Large car, diesel'),
  choice('car_large_petrol', 'Large car, petrol'),
  choice('car_average_diesel', 'Average car, diesel'),
  choice('car_average_petrol', 'Average car, petrol'),
  choice('car_average_hybrid', 'Average car, hybrid'),
];

/** Variants whose plan the calculator has, by category (the client form lists the same). */
const VARIANT_CHOICES: Partial<Record<ActivityCategory, readonly Choice[]>> = {
  flight: FLIGHT_CHOICES,
  owned_vehicle: [
    ...CAR_SIZES,
    choice('car_average_unknown', 'Average car, fuel unknown'),
    choice('car_average_phev', 'Average car, plug-in hybrid'),
    choice('car_average_bev', 'Average car, battery electric'),
    choice('van_average_diesel', 'Van, diesel'),
    choice('van_average_petrol', 'Van, petrol'),
    choice('hgv_average', 'Heavy goods vehicle'),
    choice('motorbike_average', 'Motorbike'),
  ],
  business_travel_car: [
    choice('average', 'Average car, fuel unknown'),
    choice('average_bev', 'Average car, battery electric'),
    choice('average_phev', 'Average car, plug-in hybrid'),
    ...CAR_SIZES,
    choice('light_truck', 'Light truck (US)'),
    choice('motorcycle', 'Motorcycle'),
  ],
  waste: [
    choice('commercial_industrial_landfill', 'Commercial and industrial waste, landfill'),
    choice('commercial_industrial_energy_recovery', 'Commercial and industrial waste, energy recovery'),
    choice('mixed_msw_landfill', 'Mixed municipal waste, landfill'),
    choice('mixed_msw_combustion', 'Mixed municipal waste, combustion'),
    choice('mixed_recyclables_recycling', 'Mixed recyclables, recycling'),
    choice('food_landfill', 'Food waste, landfill'),
    choice('food_anaerobic_digestion', 'Food waste, anaerobic digestion'),
    choice('food_composting', 'Food waste, composting'),
    choice('paper_recycling', 'Paper, recycling'),
    choice('paper_landfill', 'Paper, landfill'),
    choice('cardboard_recycling', 'Cardboard, recycling'),
    choice('plastic_recycling', 'Plastic, recycling'),
    choice('plastic_landfill', 'Plastic, landfill'),
    choice('glass_recycling', 'Glass, recycling'),
    choice('metal_recycling', 'Metal, recycling'),
    choice('weee_recycling', 'Electrical equipment (WEEE), recycling'),
  ],
  freight: [
    choice('road_hgv', 'Road, heavy goods vehicle'),
    choice('road_van', 'Road, van'),
    choice('rail', 'Rail'),
    choice('water', 'Sea or inland water'),
    choice('air', 'Air'),
  ],
  refrigerant: [
    choice('R410A', 'R410A'),
    choice('R32', 'R32'),
    choice('R134A', 'R134a'),
    choice('R404A', 'R404A'),
  ],
  purchased_goods: SPEND_CATEGORIES.map((category) => choice(category.key, category.label)),
  rail: [
    choice('national', 'National rail'),
    choice('international', 'International rail'),
    choice('light_rail_tram', 'Light rail and tram'),
    choice('underground', 'Underground'),
    choice('commuter', 'Commuter rail'),
  ],
  bus: [choice('local', 'Local bus'), choice('coach', 'Coach')],
  water: [
    choice('supply_and_treatment', 'Supply and treatment'),
    choice('supply', 'Supply only'),
    choice('treatment', 'Treatment only'),
  ],
  diesel: [choice('mobile', 'Vehicles'), choice('stationary', 'Generators and other stationary use')],
  heating_oil: [
    choice('kerosene', 'Kerosene (burning oil)'),
    choice('distillate_no2', 'US No. 2 heating oil'),
  ],
};

/** The variants a person can choose for a category ([] where it takes none). */
export function variantChoices(category: ActivityCategory): readonly Choice[] {
  return VARIANT_CHOICES[category] ?? [];
}

/**
 * The choices in a sentence: flights as haul × class ("Domestic, Short haul, Long haul,
 * International × Economy, Premium economy, Business, Average"), others as their labels.
 */
export function describeVariantChoices(category: ActivityCategory): string {
  if (category === 'flight') {
    return `${FLIGHT_HAULS.map((haul) => HAUL_LABELS[haul]).join(', ')} × ${CLASS_ORDER.map((cabin) => CLASS_LABELS[cabin]).join(', ')}`;
  }
  return variantChoices(category)
    .map((option) => option.label)
    .join('; ');
}

/**
 * True when the calculator knows this variant (or no variant) for the category. A spend line's
 * variant is a plain spend category or a six-digit NAICS code (spend-categories.ts).
 */
export const isKnownVariant: (category: ActivityCategory, variant: string) => boolean = (() => {
  const lookup = memo((key: string) => {
    const bar = key.indexOf('|');
    const category = key.slice(0, bar) as ActivityCategory;
    const variant = key.slice(bar + 1);
    if (category === 'purchased_goods')
      return spendCategoryOf(variant) !== undefined || /^\d{6}$/.test(variant);
    try {
      planFor(category, variant === '' ? undefined : variant);
      return true;
    } catch (error) {
      if (error instanceof ActivityInputError) return false;
      throw error;
    }
  });
  return (category, variant) => lookup(`${category}|${variant}`);
})();
