// The built-in writer's Executive Summary: who the company is, the headline figures, the target and
// the checklist, framed by GRI 2, SASB's material topics or the four TCFD pillars.
import type { NarrativeFramework } from '../../contracts/narratives.ts';
import { MISSING } from '../facts.ts';
import {
  formatCount,
  formatCubicMetres,
  formatHours,
  formatMegawattHours,
  formatPercent,
  formatTonnes,
  formatYear,
} from '../format.ts';
import type { FactsPack } from '../types.ts';
import {
  changeSentence,
  gapsSentence,
  intensitySentence,
  joinList,
  lowerFirst,
  offsetsSentence,
  openItemTitles,
  paragraph,
  possessive,
  regimeSentence,
  scopeBreakdown,
  sitesSentence,
  targetClause,
} from './shared.ts';

function opening(facts: FactsPack, framework: NarrativeFramework): string {
  const year = formatYear(facts.year);
  const company = facts.companyName;
  const intro = {
    gri: `${company} presents its sustainability report for ${year}, prepared with reference to the GRI Standards. The organisational profile follows GRI 2 (General Disclosures), covering the organisation and the sites within the reporting boundary (GRI 2-1 and 2-2).`,
    sasb: `This summary sets out the sustainability matters most likely to affect ${possessive(company)} financial performance in ${year}. It follows SASB's industry-agnostic framing of financially material disclosure topics and concentrates on greenhouse gas emissions, energy management and the workforce.`,
    tcfd: `This summary follows the four pillars of the TCFD recommendations: governance, strategy, risk management, and metrics and targets. It sets out what ${company} can report on its climate-related performance for ${year}, and where the picture is still incomplete.`,
  }[framework];
  return paragraph(intro, sitesSentence(facts), regimeSentence(facts));
}

function emissionsParagraph(facts: FactsPack, framework: NarrativeFramework): string {
  const emissions = facts.emissions;
  const year = formatYear(facts.year);
  if (!emissions) {
    return `Emissions figures for ${year} have not been recorded yet, so this summary reports no emissions totals, no year-on-year change and no intensity ratio.`;
  }
  const lead = {
    gri: `Gross greenhouse gas emissions (GRI 305-1 to 305-3) were ${formatTonnes(emissions.total)} in ${year}`,
    sasb: `Gross global emissions, the headline metric of SASB's greenhouse gas emissions topic, were ${formatTonnes(emissions.total)} in ${year}`,
    tcfd: `Under the metrics and targets pillar, gross emissions were ${formatTonnes(emissions.total)} in ${year}`,
  }[framework];
  const largest = emissions.scope3ByCategory[0];
  return paragraph(
    `${lead}: ${scopeBreakdown(emissions)}.`,
    changeSentence(emissions, facts.year),
    largest &&
      `In the value chain, the largest Scope 3 category was ${lowerFirst(largest.name)} (${formatTonnes(largest.tCO2e)}).`,
    intensitySentence(emissions, 'Relative to the size of the business, emissions were'),
  );
}

function resourcesParagraph(facts: FactsPack, framework: NarrativeFramework): string {
  const year = formatYear(facts.year);
  const energy = facts.energy;
  const energyLead = {
    gri: 'Energy consumption (GRI 302-1)',
    sasb: 'On energy management, total energy consumed',
    tcfd: 'Energy use, a driver of exposure to energy prices and carbon pricing,',
  }[framework];
  const energySentence = energy
    ? energy.renewableSharePercent === null
      ? `${energyLead} was ${formatMegawattHours(energy.totalMWh)}; the renewable share of total energy has not been recorded.`
      : `${energyLead} was ${formatMegawattHours(energy.totalMWh)}, with ${formatPercent(energy.renewableSharePercent)} of total energy from renewable sources.`
    : `Energy use for ${year} has not been recorded yet, so it is not reported here.`;
  const waterSentence =
    facts.waterM3 === null
      ? `Water use for ${year} has not been recorded yet, so it is not reported here.`
      : `Water use was ${formatCubicMetres(facts.waterM3)}.`;
  const workforce = facts.workforce;
  const people = workforce
    ? paragraph(
        `The company employed ${formatCount(workforce.headcount)} people${
          workforce.femaleSharePercent === null
            ? ''
            : `, ${formatPercent(workforce.femaleSharePercent)} of them women`
        }.`,
        workforce.trainingHoursPerEmployee !== null &&
          `Each employee received an average of ${formatHours(workforce.trainingHoursPerEmployee)} of training.`,
      )
    : 'Workforce figures have not been recorded yet, so headcount and diversity are not reported.';
  return paragraph(energySentence, waterSentence, people);
}

function commitmentsParagraph(facts: FactsPack, framework: NarrativeFramework): string {
  const target = facts.target;
  const targetSentence = target
    ? framework === 'tcfd'
      ? `The metrics and targets pillar is anchored by a commitment to ${targetClause(target)}.`
      : `The company has committed to ${targetClause(target)}.`
    : framework === 'tcfd'
      ? 'TCFD asks for the targets used to manage climate-related risks; no reduction target has been recorded yet.'
      : 'No emissions reduction target has been recorded yet, so progress against one is not reported.';
  const checklist = facts.checklist;
  let checklistSentence: string;
  if (!checklist) {
    checklistSentence = `The ${facts.jurisdiction} checklist has not been set up yet, so compliance progress is not reported.`;
  } else {
    const open = openItemTitles(facts);
    const named = open.slice(0, 3);
    checklistSentence =
      open.length === 0
        ? `The ${facts.jurisdiction} checklist is ${formatPercent(checklist.overallProgress)} complete, with every required item answered.`
        : `The ${facts.jurisdiction} checklist is ${formatPercent(checklist.overallProgress)} complete; ${formatCount(open.length)} required ${open.length === 1 ? 'item is' : 'items are'} still open, ${open.length > named.length ? 'including' : 'namely'} ${joinList(named)}.`;
  }
  return paragraph(targetSentence, offsetsSentence(facts), checklistSentence);
}

function closing(facts: FactsPack, framework: NarrativeFramework): string {
  const next = {
    gri: 'The sections that follow give the environmental, social and governance detail behind these figures, each referenced to the relevant GRI disclosures.',
    sasb: 'The sections that follow expand on each topic with the metrics SASB associates with it.',
    tcfd: 'The governance section describes how climate-related matters are overseen; the scenario analysis the strategy pillar calls for is not yet part of the data recorded here.',
  }[framework];
  // Gaps already named in the paragraphs above are not repeated.
  const named: string[] = [
    MISSING.sites,
    MISSING.emissions(facts.year),
    MISSING.previousEmissions(facts.year),
    MISSING.intensity,
    MISSING.energy(facts.year),
    MISSING.renewableShare,
    MISSING.water,
    MISSING.workforce,
    MISSING.target,
    MISSING.checklist,
  ];
  return paragraph(gapsSentence(facts.missing.filter((gap) => !named.includes(gap))), next);
}

export function writeExecutiveSummary(facts: FactsPack, framework: NarrativeFramework): string[] {
  return [
    opening(facts, framework),
    emissionsParagraph(facts, framework),
    resourcesParagraph(facts, framework),
    commitmentsParagraph(facts, framework),
    closing(facts, framework),
  ];
}
