// The template library of data requests (issue 22 item 1, decision 077). VSME items are the EU rule
// pack's own indicators (rule-packs/csrd-vsme.ts), so a request item answers from the same VSME
// concepts the checklist, the reports and Inline XBRL use. Items that no VSME datapoint covers
// (a bank's PCAF data-quality score, CDP's governance and carbon-price questions) are listed here
// with `isVsmeDatapoint: false`: they are what the value-chain cap lets a small company decline.
import type { CustomQuestion, DataRequestTemplate } from '../contracts/data-requests.ts';
import { CSRD_VSME_PACK } from '../esg/rule-packs/csrd-vsme.ts';
import type { AutoFillSource, IndicatorDefinition } from '../esg/types.ts';

/**
 * How an item is answered. vsme: from the report fact model's facts of `concepts`; pcaf: the
 * lender view's data-quality scores; scope3_by_category: the inventory's scope 3 categories;
 * none: the product records nothing that answers it (always "missing" until a person answers).
 */
export type ItemSource = 'vsme' | 'pcaf' | 'scope3_by_category' | 'none';

export interface RequestItem {
  key: string;
  question: string;
  unit: string | null;
  /** VSME disclosure (B1–B11, C1–C9); null outside the VSME. */
  disclosure: string | null;
  /** VSME XBRL concepts, the first being the one whose value answers the item. */
  concepts: string[];
  isVsmeDatapoint: boolean;
  /**
   * A custom question naming no known item: the product cannot tell whether the VSME covers it,
   * so it is never marked beyond the cap, only "missing" until a person answers it.
   */
  isUnknownQuestion?: true;
  source: ItemSource;
  /** The ledger figure the checklist fills this item with (esg/types.ts), when there is one. */
  autoFill?: AutoFillSource;
  /** Where a person adds what is missing, and the words of that link. */
  fix: { href: string; action: string } | null;
}

export interface TemplateDefinition {
  id: DataRequestTemplate;
  title: string;
  description: string;
  items: RequestItem[];
}

const LEDGER_FIX = { href: '/data-sources', action: 'Add activity data' };
const CHECKLIST_FIX = { href: '/esg-wizard', action: 'Answer it in the ESG checklist' };
const RECORDS_FIX = { href: '/kpi-dashboard', action: 'Record it on the KPI page' };

/** Ledger figures are fixed by adding data; turnover and headcount on the KPI page; the rest in the checklist. */
function fixFor(indicator: IndicatorDefinition): RequestItem['fix'] {
  if (['Emissions', 'Energy', 'Water', 'Waste'].includes(indicator.category) && indicator.autoFill)
    return LEDGER_FIX;
  if (indicator.key === 'turnover' || indicator.key === 'employees_headcount') return RECORDS_FIX;
  return CHECKLIST_FIX;
}

function vsmeItem(indicator: IndicatorDefinition): RequestItem | null {
  if (indicator.mapping.kind !== 'vsme' || !/^[BC]\d+$/.test(indicator.mapping.disclosure)) return null;
  return {
    key: indicator.key,
    question: `${indicator.title}: ${indicator.description}`,
    unit: indicator.unit,
    disclosure: indicator.mapping.disclosure,
    concepts: indicator.mapping.concepts,
    isVsmeDatapoint: true,
    source: 'vsme',
    fix: fixFor(indicator),
    ...(indicator.autoFill && !indicator.autoFillRegion ? { autoFill: indicator.autoFill } : {}),
  };
}

const VSME_ITEMS = CSRD_VSME_PACK.indicators.flatMap((indicator) => {
  const item = vsmeItem(indicator);
  return item ? [{ item, module: indicator.module ?? 'basic' }] : [];
});
const BASIC = VSME_ITEMS.filter(({ module }) => module === 'basic').map(({ item }) => item);
const ALL_VSME = VSME_ITEMS.map(({ item }) => item);
const vsmeByKey = new Map(ALL_VSME.map((item) => [item.key, item]));

function vsme(...keys: string[]): RequestItem[] {
  return keys.map((key) => {
    const item = vsmeByKey.get(key);
    if (!item) throw new Error(`No VSME indicator ${key} in the EU rule pack`);
    return item;
  });
}

const beyond = (
  key: string,
  question: string,
  unit: string | null,
  source: ItemSource,
  fix: RequestItem['fix'] = null,
): RequestItem => ({
  key,
  question,
  unit,
  disclosure: null,
  concepts: [],
  isVsmeDatapoint: false,
  source,
  fix,
});

const PCAF_ITEM = beyond(
  'pcaf_data_quality',
  'PCAF data-quality score (1–5) of your scope 1, 2 and 3 emissions (PCAF Standard Part A, business loans)',
  'score',
  'pcaf',
  LEDGER_FIX,
);
const SCOPE_3_CATEGORIES_ITEM = beyond(
  'scope_3_by_category',
  'Scope 3 emissions by GHG Protocol category (tCO2e)',
  'tCO2e',
  'scope3_by_category',
  LEDGER_FIX,
);

export const TEMPLATES: readonly TemplateDefinition[] = [
  {
    id: 'vsme_basic',
    title: 'VSME Basic module',
    description:
      'The Basic module of the voluntary standard for SMEs (B1–B11), the most a customer or bank may ask of a company with 1,000 employees or fewer.',
    items: BASIC,
  },
  {
    id: 'vsme_comprehensive',
    title: 'VSME Basic and Comprehensive modules',
    description: 'The Basic module (B1–B11) and the Comprehensive module (C1–C9) of the VSME.',
    items: ALL_VSME,
  },
  {
    id: 'bank',
    title: 'Bank questionnaire',
    description:
      'Scope 1, 2 and 3 emissions, energy, turnover, employees and the PCAF data quality of the figures, as banks ask for financed emissions.',
    items: [
      ...vsme(
        'scope_1_emissions',
        'scope_2_emissions',
        'scope_2_market_emissions',
        'scope_3_emissions',
        'energy_consumption',
        'turnover',
        'employees_headcount',
      ),
      PCAF_ITEM,
    ],
  },
  {
    id: 'cdp_core',
    title: 'Core climate set (CDP supply-chain style)',
    description:
      'The climate questions customers ask through CDP-style supply-chain questionnaires: emissions by scope, energy, intensity, targets and risks, and what goes beyond the VSME.',
    items: [
      ...vsme(
        'scope_1_emissions',
        'scope_2_emissions',
        'scope_2_market_emissions',
        'scope_3_emissions',
        'energy_consumption',
        'renewable_energy_percentage',
        'ghg_intensity',
        'ghg_reduction_targets',
        'climate_risks',
      ),
      SCOPE_3_CATEGORIES_ITEM,
      beyond('board_climate_oversight', 'How does your board oversee climate-related issues?', null, 'none'),
      beyond(
        'internal_carbon_price',
        'Do you use an internal carbon price? If so, at what price?',
        null,
        'none',
      ),
      beyond(
        'supplier_engagement',
        'How do you engage your own suppliers on climate (share of spend covered)?',
        null,
        'none',
      ),
    ],
  },
  {
    id: 'custom',
    title: 'Custom list',
    description:
      'Your own questions, typed, pasted or uploaded as a CSV; each may name a known item to answer from.',
    items: [],
  },
];

/** Every item any template answers, once, by key: what a custom question may name. */
export const KNOWN_ITEMS: ReadonlyMap<string, RequestItem> = new Map(
  TEMPLATES.flatMap((template) => template.items).map((item) => [item.key, item]),
);

export function templateDefinition(id: DataRequestTemplate): TemplateDefinition {
  const found = TEMPLATES.find((template) => template.id === id);
  if (!found) throw new Error(`Unknown template ${id}`);
  return found;
}

/** The stored form of a custom question: its own key, and the known item it answers from, if any. */
export interface StoredQuestion {
  key: string;
  question: string;
  unit: string | null;
  knownKey: string | null;
}

/**
 * Custom questions to stored ones. A question naming a known key answers from that item; any
 * other keeps its words and stays "missing" until a person answers it: never guessed from words.
 */
export function storedQuestions(questions: readonly CustomQuestion[]): StoredQuestion[] {
  const used = new Set<string>();
  return questions.map((question, index) => {
    const knownKey = question.key && KNOWN_ITEMS.has(question.key) ? question.key : null;
    let key = question.key ?? `question_${index + 1}`;
    if (used.has(key)) key = `${key}_${index + 1}`;
    used.add(key);
    return { key, question: question.question, unit: question.unit ?? null, knownKey };
  });
}

/** The items of a request: its template's, or its custom questions with the items they name. */
export function requestItems(
  template: DataRequestTemplate,
  questions: readonly StoredQuestion[],
): RequestItem[] {
  if (template !== 'custom') return templateDefinition(template).items;
  return questions.map((question) => {
    const known = question.knownKey ? KNOWN_ITEMS.get(question.knownKey) : undefined;
    if (known) return { ...known, key: question.key, question: question.question };
    return { ...beyond(question.key, question.question, question.unit, 'none'), isUnknownQuestion: true };
  });
}
