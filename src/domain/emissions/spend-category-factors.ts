// Which published spend factor answers each plain-language spend category (spend-categories.ts).
// - UK sites: Defra, UK's carbon footprint, GHG multipliers by SIC code 2022 (kg CO2e per £ of
//   2022 purchaser prices), row `sic` below.
// - US sites: US EPA Supply Chain GHG Emission Factors v1.3 (kg CO2e per 2022 USD, purchaser price,
//   with margins), row `naics` below.
// - Anywhere else: the EPA row, as a stated proxy (flag `spend_proxy_region`): EPA is the finer set
//   (1,016 products against 110) and the only one whose price year the reference can deflate to
//   (US CPI-U); a UK multiplier could not be deflated (no UK CPI in the reference).
// Each choice names the product group a small business's spend of that kind is mostly made of.

import type { SpendCategoryKey } from './spend-categories.ts';

export interface SpendCategoryFactors {
  /** Defra SIC row (as printed in the publisher's `SIC` column). */
  sic: string;
  /** EPA 2017 NAICS-6 code. */
  naics: string;
  /** GHG Protocol Scope 3 category: 1 purchased goods and services unless stated. */
  scope3Category: 1 | 2 | 4 | 5;
  /** Why these rows. */
  why: string;
}

export const SPEND_CATEGORY_FACTORS: Readonly<Record<SpendCategoryKey, SpendCategoryFactors>> = {
  food_drink_ingredients: {
    sic: '10.8',
    naics: '311999',
    scope3Category: 1,
    why: 'Mixed food ingredients: "Other food products" (Defra 10.8) / "All other miscellaneous food manufacturing"; a single commodity (flour, dairy) has its own row but a mixed supplier does not.',
  },
  packaging: {
    sic: '17',
    naics: '322211',
    scope3Category: 1,
    why: 'Most SME packaging is cardboard boxes and paper bags: "Paper and paper products" (17) / "Corrugated and solid fiber box manufacturing".',
  },
  paper_products: {
    sic: '17',
    naics: '322291',
    scope3Category: 1,
    why: 'Paper towels, tissue and card: "Paper and paper products" (17) / "Sanitary paper product manufacturing".',
  },
  plastic_rubber_products: {
    sic: '22',
    naics: '326199',
    scope3Category: 1,
    why: '"Rubber and plastic products" (22) / "All other plastics product manufacturing".',
  },
  chemicals: {
    sic: '20.5',
    naics: '325998',
    scope3Category: 1,
    why: '"Other chemical products" (20.5) / "All other miscellaneous chemical product manufacturing".',
  },
  cleaning_hygiene: {
    sic: '20.4',
    naics: '325611',
    scope3Category: 1,
    why: '"Soap and detergents, cleaning and polishing preparations" (20.4) / "Soap and other detergent manufacturing".',
  },
  metal_products: {
    sic: '25OTHER',
    naics: '332999',
    scope3Category: 1,
    why: '"Fabricated metal products, excl. machinery" (25OTHER) / "All other miscellaneous fabricated metal products".',
  },
  machinery_equipment: {
    sic: '28',
    naics: '333318',
    scope3Category: 2,
    why: 'Ovens, mixers, fridges: "Machinery and equipment n.e.c." (28) / "Other commercial and service industry machinery"; bought to keep, so capital goods (Cat 2).',
  },
  electrical_equipment: {
    sic: '27',
    naics: '335999',
    scope3Category: 1,
    why: '"Electrical equipment" (27) / "All other miscellaneous electrical equipment and components".',
  },
  computers_electronics: {
    sic: '26',
    naics: '334111',
    scope3Category: 1,
    why: '"Computer, electronic and optical products" (26) / "Electronic computer manufacturing".',
  },
  furniture_fittings: {
    sic: '31',
    naics: '337127',
    scope3Category: 2,
    why: '"Furniture" (31) / "Institutional furniture manufacturing"; fit-out is kept for years, so capital goods (Cat 2).',
  },
  clothing_workwear: {
    sic: '14',
    naics: '315280',
    scope3Category: 1,
    why: '"Wearing apparel" (14) / "Other cut and sew apparel manufacturing".',
  },
  vehicles_parts: {
    sic: '29',
    naics: '336390',
    scope3Category: 2,
    why: '"Motor vehicles, trailers and semi-trailers" (29) / "Other motor vehicle parts manufacturing"; capital goods (Cat 2).',
  },
  office_supplies: {
    sic: '17',
    naics: '322230',
    scope3Category: 1,
    why: 'Stationery is mostly paper: "Paper and paper products" (17) / "Stationery product manufacturing".',
  },
  printing: {
    sic: '18',
    naics: '323111',
    scope3Category: 1,
    why: '"Printing and recording services" (18) / "Commercial printing".',
  },
  it_software: {
    sic: '62',
    naics: '541511',
    scope3Category: 1,
    why: '"Computer programming, consultancy and related services" (62) / "Custom computer programming services".',
  },
  telecoms: {
    sic: '61',
    naics: '517311',
    scope3Category: 1,
    why: '"Telecommunications services" (61) / "Wired telecommunications carriers".',
  },
  accountancy_legal: {
    sic: '69.2',
    naics: '541211',
    scope3Category: 1,
    why: 'Accountancy is the larger share of this spend for most small firms: "Accounting, bookkeeping and auditing services" (69.2; legal services 69.1 is 0.052 against 0.069 kg/£) / "Offices of certified public accountants".',
  },
  consultancy: {
    sic: '70',
    naics: '541611',
    scope3Category: 1,
    why: '"Services of head offices; management consulting services" (70) / "Administrative management and general management consulting".',
  },
  marketing_advertising: {
    sic: '73',
    naics: '541810',
    scope3Category: 1,
    why: '"Advertising and market research services" (73) / "Advertising agencies".',
  },
  insurance: {
    sic: '65.1-2',
    naics: '524126',
    scope3Category: 1,
    why: '"Insurance, reinsurance and pension funding services" (65.1-2) / "Direct property and casualty insurance carriers".',
  },
  banking_finance: {
    sic: '64',
    naics: '522110',
    scope3Category: 1,
    why: '"Financial services, except insurance and pension funding" (64) / "Commercial banking".',
  },
  rent_property: {
    sic: '68.12',
    naics: '531120',
    scope3Category: 1,
    why: 'Rent paid to a landlord: "Real estate services, excluding on a fee or contract basis" (68.12) / "Lessors of nonresidential buildings".',
  },
  repairs_maintenance: {
    sic: '33OTHER',
    naics: '811310',
    scope3Category: 1,
    why: '"Rest of repair; installation" (33OTHER) / "Commercial and industrial machinery and equipment repair and maintenance".',
  },
  construction_works: {
    sic: '41.2',
    naics: '236220',
    scope3Category: 2,
    why: '"Buildings and building construction works" (41.2) / "Commercial and institutional building construction"; capital goods (Cat 2).',
  },
  cleaning_services: {
    sic: '81',
    naics: '561720',
    scope3Category: 1,
    why: '"Services to buildings and landscape" (81) / "Janitorial services".',
  },
  security_services: {
    sic: '80',
    naics: '561612',
    scope3Category: 1,
    why: '"Security and investigation services" (80) / "Security guards and patrol services".',
  },
  recruitment_staffing: {
    sic: '78',
    naics: '561320',
    scope3Category: 1,
    why: '"Employment services" (78) / "Temporary help services".',
  },
  training_education: {
    sic: '85',
    naics: '611430',
    scope3Category: 1,
    why: '"Education services" (85) / "Professional and management development training".',
  },
  postage_couriers: {
    sic: '53',
    naics: '492110',
    scope3Category: 4,
    why: '"Postal and courier services" (53) / "Couriers and express delivery services"; upstream transport (Cat 4).',
  },
  meals_hospitality: {
    sic: '56',
    naics: '722511',
    scope3Category: 1,
    why: '"Food and beverage serving services" (56) / "Full-service restaurants".',
  },
  waste_services: {
    sic: '38',
    naics: '562111',
    scope3Category: 5,
    why: '"Waste collection, treatment and disposal services" (38) / "Solid waste collection"; waste (Cat 5).',
  },
};
