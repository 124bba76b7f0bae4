// Plain-language spend categories an SME recognises on its own books (issue 17). A spend line
// (`purchased_goods`) names one of these as its variant; which published factor set answers it
// depends on the site's country and the spend's currency (spend-category-factors.ts). A six-digit
// NAICS code stays accepted as a variant for lines and connector mappings made before these existed.

export interface SpendCategory {
  key: string;
  /** What the person sees in every picker and mapping step. */
  label: string;
  /** Examples that help someone place a supplier or an account. */
  examples: string;
}

export const SPEND_CATEGORIES = [
  {
    key: 'food_drink_ingredients',
    label: 'Food and drink ingredients',
    examples: 'flour, dairy, meat, produce, drinks for resale',
  },
  { key: 'packaging', label: 'Packaging', examples: 'boxes, bags, labels, cartons, film' },
  { key: 'paper_products', label: 'Paper and cardboard products', examples: 'paper towels, card, tissue' },
  {
    key: 'plastic_rubber_products',
    label: 'Plastic and rubber products',
    examples: 'containers, tubs, gloves',
  },
  { key: 'chemicals', label: 'Chemicals', examples: 'industrial gases, paints, adhesives' },
  {
    key: 'cleaning_hygiene',
    label: 'Cleaning and hygiene supplies',
    examples: 'detergents, soap, sanitiser',
  },
  { key: 'metal_products', label: 'Metal products and tools', examples: 'trays, tins, hand tools, fixings' },
  {
    key: 'machinery_equipment',
    label: 'Machinery and equipment',
    examples: 'ovens, mixers, fridges, production machines',
  },
  {
    key: 'electrical_equipment',
    label: 'Electrical equipment and lighting',
    examples: 'lamps, cables, small appliances',
  },
  {
    key: 'computers_electronics',
    label: 'Computers and electronics',
    examples: 'laptops, tills, phones, screens',
  },
  { key: 'furniture_fittings', label: 'Furniture and fittings', examples: 'tables, shelving, shop fit-out' },
  { key: 'clothing_workwear', label: 'Workwear and textiles', examples: 'uniforms, aprons, linen' },
  {
    key: 'vehicles_parts',
    label: 'Vehicles and parts',
    examples: 'a van bought outright, tyres, spare parts',
  },
  {
    key: 'office_supplies',
    label: 'Office supplies and stationery',
    examples: 'stationery, printer ink, envelopes',
  },
  { key: 'printing', label: 'Printing', examples: 'leaflets, menus, printed labels' },
  {
    key: 'it_software',
    label: 'IT services and software',
    examples: 'software subscriptions, hosting, IT support',
  },
  { key: 'telecoms', label: 'Phone and internet', examples: 'broadband, mobile contracts' },
  {
    key: 'accountancy_legal',
    label: 'Accountancy and legal',
    examples: 'accountant, solicitor, payroll bureau',
  },
  {
    key: 'consultancy',
    label: 'Consulting and other professional services',
    examples: 'consultants, architects, surveyors',
  },
  {
    key: 'marketing_advertising',
    label: 'Marketing and advertising',
    examples: 'adverts, agencies, social media promotion',
  },
  { key: 'insurance', label: 'Insurance', examples: 'business, vehicle and liability insurance' },
  {
    key: 'banking_finance',
    label: 'Banking and finance charges',
    examples: 'bank fees, card processing, loan interest',
  },
  {
    key: 'rent_property',
    label: 'Rent and property services',
    examples: 'rent, service charges, letting agents',
  },
  {
    key: 'repairs_maintenance',
    label: 'Repairs and maintenance',
    examples: 'equipment servicing, building repairs',
  },
  {
    key: 'construction_works',
    label: 'Building and construction work',
    examples: 'refurbishment, extensions, shop fitting labour',
  },
  {
    key: 'cleaning_services',
    label: 'Cleaning and facilities services',
    examples: 'contract cleaners, pest control',
  },
  { key: 'security_services', label: 'Security services', examples: 'alarm monitoring, guards' },
  {
    key: 'recruitment_staffing',
    label: 'Recruitment and temporary staff',
    examples: 'agency staff, recruitment fees',
  },
  {
    key: 'training_education',
    label: 'Training and education',
    examples: 'courses, food-hygiene certificates',
  },
  { key: 'postage_couriers', label: 'Postage and couriers', examples: 'stamps, parcel carriers' },
  {
    key: 'meals_hospitality',
    label: 'Meals, catering and hospitality',
    examples: 'client meals, event catering',
  },
  {
    key: 'waste_services',
    label: 'Waste collection services (by spend)',
    examples: 'a waste contract without weights',
  },
] as const satisfies readonly SpendCategory[];

export type SpendCategoryKey = (typeof SPEND_CATEGORIES)[number]['key'];

const BY_KEY: ReadonlyMap<string, SpendCategory> = new Map(SPEND_CATEGORIES.map((c) => [c.key, c]));

/** The category of a key, or undefined when the key is not a spend category. */
export function spendCategoryOf(key: string): SpendCategory | undefined {
  return BY_KEY.get(key);
}
