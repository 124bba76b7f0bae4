// The sections of a report snapshot from what the services answered (pure): inventory totals in
// tonnes, the UK (SECR) section, workforce, checklist answers with their VSME concepts, approved
// narratives, carbon credits. Used by snapshot.ts.

import type { EsgProgressResponse } from '../../../../domain/contracts/esg-wizard.ts';
import type { ReportFramework } from '../../../../domain/contracts/export.ts';
import type { Workforce } from '../../../../domain/contracts/ledger.ts';
import type { OffsetPurchase, OffsetSummary } from '../../../../domain/contracts/marketplace.ts';
import type { Narrative } from '../../../../domain/contracts/narratives.ts';
import { SCOPE_3_CATEGORY_NAMES } from '../../../../domain/emissions/scope3-categories.ts';
import { rulePackFor } from '../../../../domain/esg/rule-packs/index.ts';
import { answerNumber, secrIntensityRatios } from '../../../../domain/reports/secr-figures.ts';
import type { FigureDatasets, InventoryTotals, ReportSnapshot } from '../../../../domain/reports/snapshot.ts';
import type { DatasetsByFigure, PeriodInventory } from '../../kpi/service.ts';
import { energyBasisOf, scope2MarketBasisOf, secrEnergyKwh } from './energy-section.ts';
import type { ReportingPeriod } from './period.ts';

const SECTION_ORDER = ['executive_summary', 'environmental', 'social', 'governance'];

/** kg → t, kept to the gram (as the KPI Dashboard rounds). */
export const tonnes = (kg: number) => Math.round(kg * 1000) / 1e6;
export const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

export function totalsOf(inventory: PeriodInventory): InventoryTotals {
  const kg = (scope: string) => inventory.kgByScope[scope] ?? 0;
  return {
    scope1: tonnes(kg('scope_1')),
    scope2Location: tonnes(kg('scope_2_location')),
    scope2Market: tonnes(kg('scope_2_market')),
    scope3: tonnes(kg('scope_3')),
    scope3ByCategory: inventory.scope3ByCategoryKg.map((row) => ({
      category: row.category,
      name: SCOPE_3_CATEGORY_NAMES[row.category] ?? `Category ${row.category}`,
      tCO2e: tonnes(row.kg),
    })),
    // Gross totals: offsets never subtract (GHG Protocol; decision 011).
    totalLocation: tonnes(kg('scope_1') + kg('scope_2_location') + kg('scope_3')),
    totalMarket: tonnes(kg('scope_1') + kg('scope_2_market') + kg('scope_3')),
    outsideScopes: tonnes(kg('outside_scopes')),
  };
}

/** The datasets of each figure of totalsOf(), from the same inventory (decision 058). */
export function figureDatasetsOf(datasets: DatasetsByFigure): FigureDatasets {
  const { byScope } = datasets;
  return {
    scope1: byScope.scope_1,
    scope2Location: byScope.scope_2_location,
    scope2Market: byScope.scope_2_market,
    scope3: byScope.scope_3,
    scope3ByCategory: datasets.byScope3Category.map((row) => ({ ...row, datasets: [...row.datasets] })),
    outsideScopes: byScope.outside_scopes,
  };
}

export const hasData = (inventory: PeriodInventory) => inventory.lineCount > 0 || inventory.resultCount > 0;

export function inventorySection(
  inventory: PeriodInventory,
  prior: PeriodInventory,
  previous: ReportingPeriod,
  period: ReportingPeriod,
  revenue: { amount: number; currency: string } | null,
  employees: number | null,
): ReportSnapshot['inventory'] {
  if (!hasData(inventory)) return null;
  const totals = totalsOf(inventory);
  // Ratios over the year's turnover and headcount: whole years only (see snapshot.ts).
  const wholeYear = period.quarter === null;
  return {
    ...totals,
    intensityPerRevenue:
      wholeYear && revenue && revenue.amount > 0
        ? {
            value: round(totals.totalLocation / (revenue.amount / 1e6), 6),
            unit: `tCO2e per million ${revenue.currency}`,
          }
        : null,
    intensityPerEmployee:
      wholeYear && employees !== null && employees > 0
        ? { value: round(totals.totalLocation / employees, 6), unit: 'tCO2e per employee' }
        : null,
    byDataQuality: inventory.byDataQualityKg.map((row) => ({ tier: row.tier, tCO2e: tonnes(row.kg) })),
    lineCount: inventory.lineCount,
    previous: prior.resultCount > 0 ? { ...totalsOf(prior), period: previous.period } : null,
    scope2MarketBasis: scope2MarketBasisOf(inventory.energy),
    datasets: figureDatasetsOf(inventory.datasetsByFigure),
  };
}

type Progress = EsgProgressResponse;

/** A completed answer of the checklist, or null. */
function answerOf(progress: Progress | null, indicator: string): string | null {
  const item = progress?.progress.find((candidate) => candidate.indicator === indicator);
  return item?.isCompleted ? item.value : null;
}

/** UK scope 1 and 2 and business travel in tonnes; null where the UK ledger has no figure. */
function ukEmissions(uk: PeriodInventory) {
  const scopeTonnes = (scope: string) =>
    uk.kgByScope[scope] === undefined ? null : tonnes(uk.kgByScope[scope] ?? 0);
  const travel = uk.scope3ByCategoryKg.find((row) => row.category === BUSINESS_TRAVEL);
  return {
    scope1: scopeTonnes('scope_1'),
    scope2Location: scopeTonnes('scope_2_location'),
    scope3BusinessTravel: travel ? tonnes(travel.kg) : null,
  };
}

/** GHG Protocol scope 3 category 6. */
const BUSINESS_TRAVEL = 6;

export interface UkSectionInput {
  uk: PeriodInventory;
  /** The UK sites' prior period of equal length. */
  priorUk: PeriodInventory;
  previous: ReportingPeriod;
  /** The whole company's inventory, for a ratio over the whole company's turnover. */
  company: PeriodInventory;
  period: ReportingPeriod;
  revenue: { amount: number; currency: string } | null;
  employees: number | null;
  secr: Progress | null;
}

/** A completed answer a person typed (not the ledger's auto-fill), or null. */
function typedAnswerOf(progress: Progress | null, indicator: string): string | null {
  const item = progress?.progress.find((candidate) => candidate.indicator === indicator);
  return item?.isCompleted && !item.autoFilled ? item.value : null;
}

export function ukSection(input: UkSectionInput): ReportSnapshot['uk'] {
  const { uk, company, period } = input;
  const emissions = ukEmissions(uk);
  const companyTotals = hasData(company) ? totalsOf(company) : null;
  // SECR's ratios are of the Scope 1 and 2 emissions it reports (SI 2018/1155; decision 059).
  const ratios = secrIntensityRatios({
    period: period.period,
    revenue: input.revenue,
    employees: input.employees,
    ukScope1: emissions.scope1,
    ukScope2Location: emissions.scope2Location,
    companyScope1: companyTotals?.scope1 ?? null,
    companyScope2Location: companyTotals?.scope2Location ?? null,
    hasActivityOutsideUk: uk.hasActivityOutsideRegion,
    entered: {
      revenue: answerNumber(typedAnswerOf(input.secr, 'intensity_ratio_revenue')),
      employees: answerNumber(typedAnswerOf(input.secr, 'intensity_ratio_employee')),
    },
  });
  const ukRevenueRatio = ratios.find((ratio) => ratio.denominator === 'revenue' && ratio.basis === 'uk');
  return {
    // Fuels in litres, m³ or tonnes are converted with DESNZ fuel properties (decision 048).
    energyKwh: secrEnergyKwh(uk.energy),
    energyBasis: energyBasisOf(uk.energy),
    ...emissions,
    intensity:
      ukRevenueRatio && ukRevenueRatio.value !== null
        ? { value: ukRevenueRatio.value, unit: ukRevenueRatio.unit }
        : null,
    datasets: {
      scope1: uk.datasetsByFigure.byScope.scope_1,
      scope2Location: uk.datasetsByFigure.byScope.scope_2_location,
      scope3BusinessTravel:
        uk.datasetsByFigure.byScope3Category.find((row) => row.category === BUSINESS_TRAVEL)?.datasets ?? [],
    },
    hasActivityOutsideUk: uk.hasActivityOutsideRegion,
    ratios,
    previous: hasData(input.priorUk)
      ? {
          period: input.previous.period,
          energyKwh: secrEnergyKwh(input.priorUk.energy),
          ...ukEmissions(input.priorUk),
        }
      : null,
    efficiencyActions: answerOf(input.secr, 'energy_efficiency_actions'),
    methodology: answerOf(input.secr, 'reporting_methodology'),
  };
}

export function workforceSection(row: Workforce | null): ReportSnapshot['workforce'] {
  if (!row) return null;
  const headcount = (row.headcountFemale ?? 0) + (row.headcountMale ?? 0) + (row.headcountOther ?? 0);
  const percent = (part: number | null, whole: number | null) =>
    part !== null && whole ? round((part / whole) * 100, 2) : null;
  return {
    headcount,
    femaleSharePercent: percent(row.headcountFemale, headcount),
    leadershipFemaleSharePercent: percent(row.leadershipFemale, row.leadershipTotal),
    trainingHoursPerEmployee:
      row.trainingHours !== null && headcount > 0 ? round(row.trainingHours / headcount, 2) : null,
    ageBands: [
      { band: 'under_30', count: row.ageUnder30 ?? 0 },
      { band: '30_to_50', count: row.age30To50 ?? 0 },
      { band: 'over_50', count: row.ageOver50 ?? 0 },
    ],
  };
}

export function checklistSection(progress: Progress): ReportSnapshot['checklist'] {
  if (progress.initializedVersion === null) return null;
  const pack = rulePackFor(progress.jurisdiction);
  const concepts = new Map<string, string[]>();
  for (const indicator of pack.indicators) {
    if (indicator.mapping.kind === 'vsme') concepts.set(indicator.key, [...indicator.mapping.concepts]);
  }
  return {
    jurisdiction: progress.jurisdiction,
    packId: pack.id,
    packVersion: progress.initializedVersion,
    overallProgress: progress.complianceStatus?.overallProgress ?? 0,
    answers: progress.progress
      .filter((item) => item.isCompleted)
      .map((item) => ({
        indicator: item.indicator,
        title: item.title,
        section: item.section,
        value: item.value,
        unit: item.unit,
        origin: item.origin,
        mappingLabel: item.mappingLabel,
        vsmeConcepts: concepts.get(item.indicator) ?? [],
      })),
    missingRequired: progress.progress
      .filter((item) => item.isRequired && !item.isCompleted)
      .map((item) => ({ indicator: item.indicator, title: item.title })),
  };
}

/**
 * Approved narratives about the period's year, one per section: the one written for the report's
 * framework when there is one (GRI, SASB, TCFD, CSRD/VSME, SECR; decision 060), else the most
 * recently saved.
 */
export function narrativeSection(
  narratives: Narrative[],
  year: number,
  framework: ReportFramework,
): ReportSnapshot['narratives'] {
  const chosen = new Map<string, (typeof narratives)[number]>();
  // listNarratives answers most recently saved first.
  for (const narrative of narratives) {
    if (narrative.status !== 'approved' || narrative.year !== year) continue;
    const known = chosen.get(narrative.section);
    if (!known || (known.framework !== framework && narrative.framework === framework))
      chosen.set(narrative.section, narrative);
  }
  return [...chosen.values()]
    .sort((a, b) => SECTION_ORDER.indexOf(a.section) - SECTION_ORDER.indexOf(b.section))
    .map((narrative) => ({
      section: narrative.section,
      framework: narrative.framework,
      content: narrative.content,
      version: narrative.version,
      updatedAt: narrative.updatedAt,
    }));
}

export function offsetSection(
  summary: OffsetSummary,
  purchases: OffsetPurchase[],
  year: number,
): ReportSnapshot['offsets'] {
  const orders = purchases.filter((purchase) => purchase.claimYear === year);
  if (orders.length === 0 && summary.purchasedTonnes === 0) return null;
  return {
    purchasedTonnes: summary.purchasedTonnes,
    retiredTonnes: summary.retiredTonnes,
    orders: orders.map((order) => ({
      project: order.projectName,
      registry: order.registry,
      vintage: order.vintageYear,
      quantity: order.quantity,
      serialStart: order.serialStart,
      serialEnd: order.serialEnd,
      status: order.status,
    })),
  };
}
