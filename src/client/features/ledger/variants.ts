import type { ActivityCategory } from '../../../domain/contracts/ledger';
import { SPEND_CATEGORIES } from '../../../domain/emissions/spend-categories';

/**
 * The variants the calculator knows per category, copied from src/domain/emissions/activity-plans.ts
 * (kept apart so the browser bundle does not carry the calculator). The server remains the judge:
 * an unknown variant comes back as a 400 with its message.
 */
export interface VariantOption {
  value: string;
  label: string;
}

export type VariantField =
  | { kind: 'none' }
  | { kind: 'select'; required: boolean; options: readonly VariantOption[] }
  | { kind: 'text'; required: boolean; hint: string; placeholder: string };

const option = (value: string, label: string): VariantOption => ({ value, label });

const HAULS = [
  ['domestic', 'Domestic'],
  ['short_haul', 'Short-haul'],
  ['long_haul', 'Long-haul'],
  ['international', 'International (not to or from the UK)'],
] as const;
const CABINS = [
  ['average', 'average passenger'],
  ['economy', 'economy'],
  ['premium_economy', 'premium economy'],
  ['business', 'business'],
] as const;

const FLIGHT_OPTIONS: VariantOption[] = [
  ...HAULS.flatMap(([haul, haulLabel]) =>
    CABINS.map(([cabin, cabinLabel]) => option(`${haul}_${cabin}`, `${haulLabel}, ${cabinLabel}`)),
  ),
  option('us_short_haul', 'US short-haul (under 300 miles)'),
  option('us_medium_haul', 'US medium-haul (300 to 2,300 miles)'),
  option('us_long_haul', 'US long-haul (2,300 miles or more)'),
];

const CAR_SIZES: VariantOption[] = ['small', 'medium', 'large', 'average'].flatMap((size) =>
  ['diesel', 'petrol', 'hybrid']
    .filter((fuel) => fuel !== 'hybrid' || size === 'medium' || size === 'average')
    .map((fuel) => option(`car_${size}_${fuel}`, `${capitalise(size)} car, ${fuel}`)),
);

const OWNED_VEHICLE_OPTIONS: VariantOption[] = [
  ...CAR_SIZES,
  option('car_average_unknown', 'Average car, fuel unknown'),
  option('car_average_phev', 'Average car, plug-in hybrid'),
  option('car_average_bev', 'Average car, battery electric'),
  option('van_average_diesel', 'Van, diesel'),
  option('van_average_petrol', 'Van, petrol'),
  option('hgv_average', 'Heavy goods vehicle'),
  option('motorbike_average', 'Motorbike'),
  option('car_gasoline_my2022_ch4_n2o', 'US petrol car, 2022 model (methane and nitrous oxide)'),
  option('car_diesel_my2007_2022_ch4_n2o', 'US diesel car, 2007–2022 models (methane and nitrous oxide)'),
];

const BUSINESS_CAR_OPTIONS: VariantOption[] = [
  option('average', 'Average car, fuel unknown'),
  option('average_bev', 'Average car, battery electric'),
  option('average_phev', 'Average car, plug-in hybrid'),
  ...CAR_SIZES,
  option('light_truck', 'Light truck (US)'),
  option('motorcycle', 'Motorcycle'),
];

const WASTE_OPTIONS: VariantOption[] = [
  option('commercial_industrial_landfill', 'Commercial and industrial waste, landfill'),
  option('commercial_industrial_energy_recovery', 'Commercial and industrial waste, energy recovery'),
  option('mixed_msw_landfill', 'Mixed municipal waste, landfill'),
  option('mixed_msw_combustion', 'Mixed municipal waste, combustion'),
  option('mixed_recyclables_recycling', 'Mixed recyclables, recycling'),
  option('food_landfill', 'Food waste, landfill'),
  option('food_anaerobic_digestion', 'Food waste, anaerobic digestion'),
  option('food_composting', 'Food waste, composting'),
  option('paper_recycling', 'Paper, recycling'),
  option('paper_landfill', 'Paper, landfill'),
  option('cardboard_recycling', 'Cardboard, recycling'),
  option('plastic_recycling', 'Plastic, recycling'),
  option('plastic_landfill', 'Plastic, landfill'),
  option('glass_recycling', 'Glass, recycling'),
  option('metal_recycling', 'Metal, recycling'),
  option('weee_recycling', 'Electrical equipment (WEEE), recycling'),
];

/** USEEIO v1.3 sectors loaded in the factor library (db/reference/factors). */
/** Plain-language spend categories (spend-categories.ts): the server picks the published factor
 * set by the site's country (Defra SIC in the UK, EPA NAICS elsewhere). */
const SPEND_OPTIONS: VariantOption[] = SPEND_CATEGORIES.map((category) =>
  option(category.key, category.label),
);

/** NAICS codes the picker offered before spend categories: lines made with them still show a name. */
const NAICS_LABELS: readonly VariantOption[] = [
  option('541511', 'Software and programming services (541511)'),
  option('541611', 'Management consulting (541611)'),
  option('541110', 'Legal services (541110)'),
  option('541810', 'Advertising (541810)'),
  option('518210', 'Data processing and hosting (518210)'),
  option('517311', 'Telecommunications (517311)'),
  option('524126', 'Property and casualty insurance (524126)'),
  option('522110', 'Banking (522110)'),
  option('561720', 'Cleaning services (561720)'),
  option('323111', 'Printing (323111)'),
  option('722511', 'Restaurants (722511)'),
  option('721110', 'Hotels and motels (721110)'),
  option('481111', 'Air travel (481111)'),
  option('485310', 'Taxis (485310)'),
  option('532111', 'Car rental (532111)'),
  option('484121', 'Road freight (484121)'),
  option('492110', 'Couriers and express delivery (492110)'),
  option('562111', 'Waste collection (562111)'),
  option('334111', 'Computers (334111)'),
  option('236220', 'Commercial building construction (236220)'),
];

const VARIANTS: Partial<Record<ActivityCategory, VariantField>> = {
  flight: { kind: 'select', required: true, options: FLIGHT_OPTIONS },
  owned_vehicle: { kind: 'select', required: true, options: OWNED_VEHICLE_OPTIONS },
  business_travel_car: { kind: 'select', required: false, options: BUSINESS_CAR_OPTIONS },
  waste: { kind: 'select', required: true, options: WASTE_OPTIONS },
  freight: {
    kind: 'select',
    required: true,
    options: [
      option('road_hgv', 'Road, heavy goods vehicle'),
      option('road_van', 'Road, van'),
      option('rail', 'Rail'),
      option('water', 'Sea or inland water'),
      option('air', 'Air'),
    ],
  },
  refrigerant: {
    kind: 'select',
    required: true,
    options: [
      option('R410A', 'R410A'),
      option('R32', 'R32'),
      option('R134A', 'R134a'),
      option('R404A', 'R404A'),
    ],
  },
  purchased_goods: { kind: 'select', required: true, options: SPEND_OPTIONS },
  rail: {
    kind: 'select',
    required: false,
    options: [
      option('national', 'National rail'),
      option('international', 'International rail'),
      option('light_rail_tram', 'Light rail and tram'),
      option('underground', 'Underground'),
      option('commuter', 'Commuter rail'),
    ],
  },
  bus: { kind: 'select', required: false, options: [option('local', 'Local bus'), option('coach', 'Coach')] },
  water: {
    kind: 'select',
    required: false,
    options: [
      option('supply_and_treatment', 'Supply and treatment'),
      option('supply', 'Supply only'),
      option('treatment', 'Treatment only'),
    ],
  },
  diesel: {
    kind: 'select',
    required: false,
    options: [option('mobile', 'Vehicles'), option('stationary', 'Generators and other stationary use')],
  },
  heating_oil: {
    kind: 'select',
    required: false,
    options: [option('kerosene', 'Kerosene (burning oil)'), option('distillate_no2', 'US No. 2 heating oil')],
  },
  hotel: {
    kind: 'text',
    required: false,
    hint: "Country of the hotel as a two-letter code, or GB-LONDON. Blank means the site's country.",
    placeholder: 'e.g. DE',
  },
};

export function variantField(category: ActivityCategory): VariantField {
  return VARIANTS[category] ?? { kind: 'none' };
}

/** The options of a select, plus the line's current value when it is not one of them. */
export function variantOptions(field: VariantField, current: string): readonly VariantOption[] {
  if (field.kind !== 'select') return [];
  if (!current || field.options.some((candidate) => candidate.value === current)) return field.options;
  return [option(current, current), ...field.options];
}

export function variantLabel(category: ActivityCategory, value: string): string {
  const field = variantField(category);
  if (field.kind !== 'select') return value;
  const known = field.options.find((candidate) => candidate.value === value)?.label;
  if (known !== undefined || category !== 'purchased_goods') return known ?? value;
  return NAICS_LABELS.find((candidate) => candidate.value === value)?.label ?? value;
}

function capitalise(text: string): string {
  return text ? text[0]!.toUpperCase() + text.slice(1) : text;
}
