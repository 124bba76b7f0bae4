// The facts pack (issue 6 item 1): everything a narrative writer may say about one company and
// reporting year, from what the server's services return. Pure: plain data in, plain data out.
// Precision kept: tonnes to 10 kg (as the dashboards show them), MWh and m³ to two places,
// percentages to one place, intensities to two places (three significant figures below 1).
import type { EsgProgressResponse } from '../contracts/esg-wizard.ts';
import type { KpiMetrics } from '../contracts/kpi.ts';
import { SCOPE_3_CATEGORY_NAMES } from '../emissions/scope3-categories.ts';
import { type AnswerTopic, isTopicAnswered } from './answer-topics.ts';
import { findNumberTokens } from './number-check.ts';
import type { FactsInput, FactsPack, NumericFact } from './types.ts';

/** The phrases `missing` holds, shared with the writers so a gap is named the same way everywhere. */
export const MISSING = {
  emissions: (year: number) => `emissions figures for ${year}`,
  previousEmissions: (year: number) => `emissions figures for ${year - 1} (for the year-on-year change)`,
  intensity: 'an emissions intensity ratio (turnover or headcount)',
  energy: (year: number) => `energy use for ${year}`,
  renewableShare: 'the renewable share of total energy',
  water: 'water use',
  workforce: 'workforce figures',
  headcount: 'the number of employees',
  femaleShare: 'the gender balance of the workforce',
  leadershipFemaleShare: 'the gender balance of leadership',
  training: 'training hours per employee',
  target: 'a reduction target',
  checklist: 'the ESG checklist',
  sites: 'the list of sites',
} as const;

const round = (value: number, places: number) => {
  const rounded = Math.round(value * 10 ** places) / 10 ** places;
  return Object.is(rounded, -0) ? 0 : rounded;
};

/** Intensities can be small (tonnes per million of revenue): keep three significant figures below 1. */
function roundIntensity(value: number): number {
  if (value === 0 || Math.abs(value) >= 1) return round(value, 2);
  return round(value, Math.min(8, 2 - Math.floor(Math.log10(Math.abs(value)))));
}

const percent = (share: number | null) => (share === null ? null : round(share * 100, 1));

function buildEmissions(input: FactsInput, metrics: KpiMetrics | null): FactsPack['emissions'] {
  const carbon = metrics?.carbon;
  if (!carbon) return null;
  const scope3ByCategory = carbon.scope3ByCategory
    .filter((entry) => entry.tCO2e > 0)
    .map((entry) => ({
      category: entry.category,
      name: SCOPE_3_CATEGORY_NAMES[entry.category] ?? `Category ${entry.category}`,
      tCO2e: round(entry.tCO2e, 2),
    }))
    .sort((a, b) => b.tCO2e - a.tCO2e || a.category - b.category);
  const recorded = [carbon.total, carbon.scope1, carbon.scope2Location, carbon.scope2Market, carbon.scope3];
  if (recorded.every((quantity) => quantity.value === 0) && scope3ByCategory.length === 0) return null;
  const total = round(carbon.total.value, 2);
  const previous = input.previousMetrics?.carbon.total.value ?? 0;
  const previousTotal = previous > 0 ? round(previous, 2) : null;
  const intensity = (value: { value: number; unit: string } | null) =>
    value === null ? null : { value: roundIntensity(value.value), unit: value.unit };
  return {
    scope1: round(carbon.scope1.value, 2),
    scope2Location: round(carbon.scope2Location.value, 2),
    scope2Market: round(carbon.scope2Market.value, 2),
    scope2MarketLocationProxy: round(carbon.scope2MarketBasis.locationProxy.tCO2e, 2),
    scope3: round(carbon.scope3.value, 2),
    scope1And2Location: round(carbon.scope1.value + carbon.scope2Location.value, 2),
    total,
    scope3ByCategory,
    datasets: [...carbon.datasets],
    previousTotal,
    changePercent:
      previousTotal !== null && carbon.total.value > 0
        ? round(((carbon.total.value - previous) / previous) * 100, 1)
        : null,
    intensityPerRevenue: intensity(carbon.intensityPerRevenue),
    intensityPerEmployee: intensity(carbon.intensityPerEmployee),
  };
}

function buildChecklist(checklist: EsgProgressResponse | null): FactsPack['checklist'] {
  if (!checklist || checklist.initializedVersion === null || checklist.progress.length === 0) return null;
  const answered = checklist.progress.filter((item) => item.value.trim() !== '');
  const completed = checklist.progress.filter((item) => item.isCompleted).length;
  return {
    overallProgress: round(
      checklist.complianceStatus?.overallProgress ?? (completed / checklist.progress.length) * 100,
      1,
    ),
    answers: answered.map((item) => ({
      indicator: item.indicator,
      title: item.title,
      section: item.section,
      value: item.value.trim(),
      origin: item.origin,
    })),
    missingRequired: checklist.progress
      .filter((item) => item.isRequired && !item.isCompleted && item.value.trim() === '')
      .map((item) => ({ indicator: item.indicator, title: item.title, section: item.section })),
  };
}

/** Numbers written inside company text (answers, names): a writer quoting the text may repeat them. */
function textFacts(text: string, id: string, label: string, unit = ''): NumericFact[] {
  const tokens = findNumberTokens(text);
  return tokens.map((token, index) => ({
    id: tokens.length === 1 ? id : `${id}.${index + 1}`,
    label,
    value: token.value,
    unit,
  }));
}

/** An answer that is one figure ('12.34 tCO2e', '38 %') keeps its unit; other text yields bare numbers. */
function answerFacts(answer: { indicator: string; title: string; value: string }): NumericFact[] {
  const tokens = findNumberTokens(answer.value);
  const unit = tokens.length === 1 && tokens[0]!.start === 0 ? answer.value.slice(tokens[0]!.end).trim() : '';
  return textFacts(
    answer.value,
    `checklist.${answer.indicator}`,
    answer.title,
    unit.length <= 40 ? unit : '',
  );
}

function flatten(pack: Omit<FactsPack, 'numbers'>): NumericFact[] {
  const { facts, add } = factList();
  add('year', 'Reporting year', pack.year, 'year');
  add('previousYear', 'Previous year', pack.year - 1, 'year');
  facts.push(...textFacts(pack.companyName, 'company.name', 'Number in the company name'));
  add('sites.count', 'Number of sites', pack.sites.length, 'sites');
  pack.sites.forEach((site, index) => {
    facts.push(...textFacts(site.name, `sites.${index + 1}.name`, 'Number in a site name'));
  });
  if (pack.emissions) facts.push(...emissionFacts(pack.emissions));
  if (pack.energy) {
    add('energy.totalMWh', 'Energy use', pack.energy.totalMWh, 'MWh');
    add(
      'energy.renewableSharePercent',
      'Renewable share of total energy',
      pack.energy.renewableSharePercent,
      '%',
    );
    add(
      'energy.renewableShareOfElectricityPercent',
      'Renewable share of electricity',
      pack.energy.renewableShareOfElectricityPercent,
      '%',
    );
    for (const entry of pack.energy.mix)
      add(`energy.mix.${entry.carrier}`, `Energy: ${entry.carrier}`, entry.mwh, 'MWh');
  }
  add('water.m3', 'Water use', pack.waterM3, 'm³');
  const workforce = pack.workforce;
  if (workforce) {
    add('workforce.headcount', 'Headcount', workforce.headcount, 'people');
    add('workforce.femaleSharePercent', 'Women in the workforce', workforce.femaleSharePercent, '%');
    add(
      'workforce.leadershipFemaleSharePercent',
      'Women in leadership',
      workforce.leadershipFemaleSharePercent,
      '%',
    );
    add(
      'workforce.trainingHoursPerEmployee',
      'Training hours per employee',
      workforce.trainingHoursPerEmployee,
      'hours',
    );
  }
  if (pack.target) {
    add('target.baseYear', 'Target base year', pack.target.baseYear, 'year');
    add('target.targetYear', 'Target year', pack.target.targetYear, 'year');
    add('target.reductionPercent', 'Target reduction', pack.target.reductionPercent, '%');
    facts.push(...textFacts(pack.target.coverage, 'target.coverage', 'Number in the target coverage'));
  }
  if (pack.checklist) facts.push(...checklistFacts(pack.checklist));
  if (pack.offsets) {
    add('offsets.purchasedTonnes', 'Carbon credits bought', pack.offsets.purchasedTonnes, 'tonnes');
    add('offsets.retiredTonnes', 'Carbon credits retired', pack.offsets.retiredTonnes, 'tonnes');
  }
  return facts;
}

type AddFact = (id: string, label: string, value: number | null | undefined, unit: string) => void;

/** A fact list and its `add`, which keeps only finite values. */
function factList(): { facts: NumericFact[]; add: AddFact } {
  const facts: NumericFact[] = [];
  const add: AddFact = (id, label, value, unit) => {
    if (value !== null && value !== undefined && Number.isFinite(value))
      facts.push({ id, label, value, unit });
  };
  return { facts, add };
}

function emissionFacts(emissions: NonNullable<FactsPack['emissions']>): NumericFact[] {
  const { facts, add } = factList();
  add('scope1', 'Scope 1 emissions', emissions.scope1, 'tCO2e');
  add('scope2Location', 'Scope 2 emissions (location-based)', emissions.scope2Location, 'tCO2e');
  add('scope2Market', 'Scope 2 emissions (market-based)', emissions.scope2Market, 'tCO2e');
  add(
    'scope2MarketLocationProxy',
    'Market-based Scope 2 estimated from the location-based grid factor',
    emissions.scope2MarketLocationProxy,
    'tCO2e',
  );
  add('scope3', 'Scope 3 emissions', emissions.scope3, 'tCO2e');
  add(
    'scope1And2Location',
    'Scope 1 and 2 emissions (location-based)',
    emissions.scope1And2Location,
    'tCO2e',
  );
  add('total', 'Gross emissions', emissions.total, 'tCO2e');
  for (const entry of emissions.scope3ByCategory) {
    add(`scope3.category${entry.category}`, `Scope 3 category ${entry.category}`, entry.tCO2e, 'tCO2e');
  }
  emissions.datasets.forEach((dataset, index) => {
    facts.push(...textFacts(dataset, `datasets.${index + 1}`, 'Number in a factor dataset name'));
  });
  add('previousTotal', 'Gross emissions of the previous year', emissions.previousTotal, 'tCO2e');
  add('changePercent', 'Change in gross emissions', emissions.changePercent, '%');
  const perRevenue = emissions.intensityPerRevenue;
  add('intensityPerRevenue', 'Emissions per revenue', perRevenue?.value, perRevenue?.unit ?? '');
  add(
    'intensityPerEmployee',
    'Emissions per employee',
    emissions.intensityPerEmployee?.value,
    'tCO2e per employee',
  );
  return facts;
}

function checklistFacts(checklist: NonNullable<FactsPack['checklist']>): NumericFact[] {
  const { facts, add } = factList();
  add('checklist.overallProgress', 'Checklist completion', checklist.overallProgress, '%');
  add('checklist.answeredCount', 'Checklist items answered', checklist.answers.length, 'items');
  add(
    'checklist.missingRequiredCount',
    'Required items still open',
    checklist.missingRequired.length,
    'items',
  );
  for (const answer of checklist.answers) {
    facts.push(...answerFacts(answer));
    facts.push(...textFacts(answer.title, `checklist.${answer.indicator}.title`, answer.title));
  }
  for (const item of checklist.missingRequired) {
    facts.push(...textFacts(item.title, `checklist.${item.indicator}.title`, item.title));
  }
  return facts;
}

/** The facts pack of one company and reporting year. */
export function buildFactsPack(input: FactsInput): FactsPack {
  const { metrics, year } = input;
  const emissions = buildEmissions(input, metrics);
  const energyTotal = metrics?.energy.total.value ?? 0;
  const energy: FactsPack['energy'] =
    metrics && energyTotal > 0
      ? {
          totalMWh: round(energyTotal, 2),
          renewableSharePercent: percent(metrics.energy.renewableShare),
          renewableShareOfElectricityPercent: percent(metrics.energy.renewableShareOfElectricity),
          mix: metrics.energy.mix
            .filter((entry) => entry.mwh > 0)
            .map((entry) => ({ carrier: entry.carrier, mwh: round(entry.mwh, 2) })),
        }
      : null;
  const waterM3 = metrics && metrics.water.value > 0 ? round(metrics.water.value, 2) : null;
  const people = metrics?.workforce ?? null;
  const workforce: FactsPack['workforce'] =
    people && people.headcount > 0
      ? {
          headcount: people.headcount,
          femaleSharePercent: percent(people.femaleShare),
          leadershipFemaleSharePercent: percent(people.leadershipFemaleShare),
          trainingHoursPerEmployee:
            people.trainingHoursPerEmployee === null ? null : round(people.trainingHoursPerEmployee, 1),
        }
      : null;
  const target = metrics?.carbon.target ?? null;
  const checklist = buildChecklist(input.checklist);
  const offsets =
    input.offsets && (input.offsets.purchasedTonnes > 0 || input.offsets.retiredTonnes > 0)
      ? { ...input.offsets }
      : null;

  // A gap the company filled in its own checklist answers is not missing (issue 18 item 7).
  const answered = (topic: AnswerTopic) => isTopicAnswered(checklist?.answers ?? [], topic);
  const missing: string[] = [];
  if (input.sites.length === 0) missing.push(MISSING.sites);
  if (!emissions) missing.push(MISSING.emissions(year));
  else {
    if (emissions.previousTotal === null && !answered('previousEmissions'))
      missing.push(MISSING.previousEmissions(year));
    if (!emissions.intensityPerRevenue && !emissions.intensityPerEmployee && !answered('intensity'))
      missing.push(MISSING.intensity);
  }
  if (!energy) missing.push(MISSING.energy(year));
  else if (energy.renewableSharePercent === null && !answered('renewableShare'))
    missing.push(MISSING.renewableShare);
  if (waterM3 === null && !answered('water')) missing.push(MISSING.water);
  const femaleShare = workforce?.femaleSharePercent ?? null;
  const training = workforce?.trainingHoursPerEmployee ?? null;
  if (!workforce && !answered('workforce') && !answered('femaleShare') && !answered('training')) {
    missing.push(MISSING.workforce);
  } else {
    if (!workforce && !answered('workforce')) missing.push(MISSING.headcount);
    if (femaleShare === null && !answered('femaleShare')) missing.push(MISSING.femaleShare);
    if (workforce && workforce.leadershipFemaleSharePercent === null)
      missing.push(MISSING.leadershipFemaleShare);
    if (training === null && !answered('training')) missing.push(MISSING.training);
  }
  if (!target && !answered('target')) missing.push(MISSING.target);
  if (!checklist) missing.push(MISSING.checklist);

  const pack: Omit<FactsPack, 'numbers'> = {
    companyName: input.companyName,
    jurisdiction: input.jurisdiction,
    year,
    sites: input.sites.map((site) => ({ name: site.name, country: site.country })),
    emissions,
    energy,
    waterM3,
    workforce,
    target: target ? { ...target } : null,
    checklist,
    offsets,
    missing,
  };
  return { ...pack, numbers: flatten(pack) };
}
