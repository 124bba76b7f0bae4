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

// [key, label, examples]: one row per category, kept as a table so the list reads at a glance.
const ROWS = [
  ['food_drink_ingredients', 'Food and drink ingredients', 'flour, dairy, meat, produce, drinks for resale'],
  ['packaging', 'Packaging', 'boxes, bags, labels, cartons, film'],
  ['paper_products', 'Paper and cardboard products', 'paper towels, card, tissue'],
  ['plastic_rubber_products', 'Plastic and rubber products', 'containers, tubs, gloves'],
  ['chemicals', 'Chemicals', 'industrial gases, paints, adhesives'],
  ['cleaning_hygiene', 'Cleaning and hygiene supplies', 'detergents, soap, sanitiser'],
  ['metal_products', 'Metal products and tools', 'trays, tins, hand tools, fixings'],
  ['machinery_equipment', 'Machinery and equipment', 'ovens, mixers, fridges, production machines'],
  ['electrical_equipment', 'Electrical equipment and lighting', 'lamps, cables, small appliances'],
  ['computers_electronics', 'Computers and electronics', 'laptops, tills, phones, screens'],
  ['furniture_fittings', 'Furniture and fittings', 'tables, shelving, shop fit-out'],
  ['clothing_workwear', 'Workwear and textiles', 'uniforms, aprons, linen'],
  ['vehicles_parts', 'Vehicles and parts', 'a van bought outright, tyres, spare parts'],
  ['office_supplies', 'Office supplies and stationery', 'stationery, printer ink, envelopes'],
  ['printing', 'Printing', 'leaflets, menus, printed labels'],
  ['it_software', 'IT services and software', 'software subscriptions, hosting, IT support'],
  ['telecoms', 'Phone and internet', 'broadband, mobile contracts'],
  ['accountancy_legal', 'Accountancy and legal', 'accountant, solicitor, payroll bureau'],
  ['consultancy', 'Consulting and other professional services', 'consultants, architects, surveyors'],
  ['marketing_advertising', 'Marketing and advertising', 'adverts, agencies, social media promotion'],
  ['insurance', 'Insurance', 'business, vehicle and liability insurance'],
  ['banking_finance', 'Banking and finance charges', 'bank fees, card processing, loan interest'],
  ['rent_property', 'Rent and property services', 'rent, service charges, letting agents'],
  ['repairs_maintenance', 'Repairs and maintenance', 'equipment servicing, building repairs'],
  ['construction_works', 'Building and construction work', 'refurbishment, extensions, shop fitting labour'],
  ['cleaning_services', 'Cleaning and facilities services', 'contract cleaners, pest control'],
  ['security_services', 'Security services', 'alarm monitoring, guards'],
  ['recruitment_staffing', 'Recruitment and temporary staff', 'agency staff, recruitment fees'],
  ['training_education', 'Training and education', 'courses, food-hygiene certificates'],
  ['postage_couriers', 'Postage and couriers', 'stamps, parcel carriers'],
  ['meals_hospitality', 'Meals, catering and hospitality', 'client meals, event catering'],
  ['waste_services', 'Waste collection services (by spend)', 'a waste contract without weights'],
] as const satisfies readonly (readonly [string, string, string])[];

export type SpendCategoryKey = (typeof ROWS)[number][0];

export const SPEND_CATEGORIES: readonly (SpendCategory & { key: SpendCategoryKey })[] = ROWS.map(
  ([key, label, examples]) => ({ key, label, examples }),
);

const BY_KEY: ReadonlyMap<string, SpendCategory> = new Map(SPEND_CATEGORIES.map((c) => [c.key, c]));

/** The category of a key, or undefined when the key is not a spend category. */
export function spendCategoryOf(key: string): SpendCategory | undefined {
  return BY_KEY.get(key);
}
