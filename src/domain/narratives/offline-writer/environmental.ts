// The built-in writer's Environmental Performance section: emissions by scope with the factor
// datasets, the change on the previous year and intensity, then energy, water, the target and the
// company's own account of its actions. GRI 305/302/303, SASB's emissions and energy topics, or the
// TCFD metrics and targets pillar.
import type { NarrativeFramework } from '../../contracts/narratives.ts';
import {
  formatCubicMetres,
  formatMegawattHours,
  formatPercent,
  formatTonnes,
  formatYear,
} from '../format.ts';
import type { FactsPack } from '../types.ts';
import {
  answerSentences,
  changeSentence,
  intensitySentence,
  joinList,
  largestCategories,
  marketProxySentence,
  offsetsSentence,
  openItemsSentence,
  paragraph,
  possessive,
  targetClause,
  writtenAnswers,
} from './shared.ts';

type Emissions = NonNullable<FactsPack['emissions']>;

function opening(facts: FactsPack, framework: NarrativeFramework): string {
  const company = possessive(facts.companyName);
  const year = formatYear(facts.year);
  const intro = {
    gri: `In line with GRI 305 (Emissions), this section covers ${company} greenhouse gas emissions for ${year} by scope, together with its energy consumption (GRI 302) and water consumption (GRI 303).`,
    sasb: `SASB's disclosure topics on greenhouse gas emissions and energy management are the environmental matters most likely to be financially material for ${facts.companyName}. This section reports the related metrics for ${year}.`,
    tcfd: `Under the TCFD recommendations, the figures in this section form the metrics and targets pillar: the emissions, energy use and targets ${facts.companyName} uses to assess and manage climate-related risks and opportunities in ${year}.`,
  }[framework];
  const datasets = facts.emissions?.datasets ?? [];
  const method =
    facts.emissions &&
    (datasets.length > 0
      ? `The figures were calculated from recorded activity data with emission factors from ${joinList(datasets)}.`
      : 'The emission factor datasets behind these figures have not been recorded.');
  return paragraph(intro, method);
}

function scopes(emissions: Emissions, framework: NarrativeFramework): string[] {
  const scope1 = formatTonnes(emissions.scope1);
  const location = formatTonnes(emissions.scope2Location);
  const market = formatTonnes(emissions.scope2Market);
  const scope3 = formatTonnes(emissions.scope3);
  const led = largestCategories(emissions, 3);
  const ledBy = led ? `, led by ${led}` : '';
  switch (framework) {
    case 'gri':
      return [
        `Direct Scope 1 emissions (GRI 305-1) were ${scope1}.`,
        `Energy indirect Scope 2 emissions (GRI 305-2) were ${location} on a location basis and ${market} on a market basis.`,
        `Other indirect Scope 3 emissions (GRI 305-3) came to ${scope3}${ledBy}.`,
        `Gross emissions were ${formatTonnes(emissions.total)}.`,
      ];
    case 'sasb':
      return [
        `Gross global Scope 1 emissions were ${scope1}.`,
        `Scope 2 emissions were ${location} location-based and ${market} market-based, and Scope 3 emissions ${scope3}${ledBy}.`,
        `In total, the company emitted ${formatTonnes(emissions.total)}.`,
      ];
    case 'tcfd':
      return [
        `Scope 1 and Scope 2 emissions, which the TCFD recommends every organisation disclose, were ${scope1} and ${location} (location-based; ${market} market-based).`,
        `Scope 3 emissions, disclosed where appropriate, were ${scope3}${ledBy}.`,
        `Gross emissions totalled ${formatTonnes(emissions.total)}.`,
      ];
  }
}

function emissionsParagraph(facts: FactsPack, framework: NarrativeFramework): string {
  const emissions = facts.emissions;
  if (!emissions) {
    return `Emissions figures for ${formatYear(facts.year)} have not been recorded yet, so Scope 1, 2 and 3 emissions, their year-on-year change and intensity are not reported here.`;
  }
  const intensityLead = {
    gri: 'Emissions intensity (GRI 305-4) was',
    sasb: 'Normalised for the size of the business, emissions were',
    tcfd: 'The cross-industry intensity metrics were',
  }[framework];
  return paragraph(
    ...scopes(emissions, framework),
    marketProxySentence(emissions),
    changeSentence(emissions, facts.year),
    intensitySentence(emissions, intensityLead),
  );
}

function resourcesParagraph(facts: FactsPack, framework: NarrativeFramework): string {
  const year = formatYear(facts.year);
  const energy = facts.energy;
  let energySentences: (string | null)[];
  if (!energy) {
    energySentences = [`Energy use for ${year} has not been recorded yet, so it is not reported here.`];
  } else {
    const lead = {
      gri: 'Energy consumption within the organisation (GRI 302-1) was',
      sasb: 'Under energy management, total energy consumed was',
      tcfd: 'Energy use was',
    }[framework];
    const renewable =
      energy.renewableSharePercent === null
        ? '; the renewable share of total energy has not been recorded'
        : `, with ${formatPercent(energy.renewableSharePercent)} of total energy from renewable sources`;
    const mix = energy.mix
      .slice(0, 4)
      .map((entry) => `${entry.carrier.replace(/_/g, ' ')} (${formatMegawattHours(entry.mwh)})`);
    energySentences = [
      `${lead} ${formatMegawattHours(energy.totalMWh)}${renewable}.`,
      mix.length > 1 ? `By source, the largest were ${joinList(mix)}.` : null,
      framework === 'tcfd'
        ? 'These figures indicate the exposure to energy prices and carbon pricing, two common transition risks.'
        : null,
    ];
  }
  const water =
    facts.waterM3 === null
      ? `Water use for ${year} has not been recorded yet, so it is not reported here.`
      : {
          gri: `Water consumption (GRI 303-5) was ${formatCubicMetres(facts.waterM3)}.`,
          sasb: `Water use, relevant to SASB's water management topic, was ${formatCubicMetres(facts.waterM3)}.`,
          tcfd: `Water use was ${formatCubicMetres(facts.waterM3)}.`,
        }[framework];
  return paragraph(...energySentences, water);
}

function actionsParagraph(facts: FactsPack, framework: NarrativeFramework): string {
  const target = facts.target;
  const company = facts.companyName;
  const targetSentences = {
    gri: target
      ? `Under GRI 305-5, the company reports a commitment to ${targetClause(target)}.`
      : facts.emissions?.changePercent != null
        ? 'No emissions reduction target has been recorded yet, so reductions are described against the previous year only.'
        : 'No emissions reduction target has been recorded yet, so no reduction pathway is reported.',
    sasb: target
      ? `SASB asks companies to discuss their plan to manage Scope 1 emissions and their reduction targets: ${company} has committed to ${targetClause(target)}.`
      : 'SASB asks companies to discuss their plan to manage Scope 1 emissions and their reduction targets; no reduction target has been recorded yet.',
    tcfd: target
      ? `TCFD asks for the targets used to manage climate-related risks and performance against them: ${company} has committed to ${targetClause(target)}.`
      : 'TCFD asks for the targets used to manage climate-related risks; no reduction target has been recorded yet.',
  }[framework];
  return paragraph(
    targetSentences,
    ...answerSentences(writtenAnswers(facts, 'environmental', 2)),
    openItemsSentence(facts, 'environmental', 'environmental'),
    offsetsSentence(facts),
  );
}

function closing(facts: FactsPack, framework: NarrativeFramework): string | null {
  if (!facts.emissions) return null;
  return {
    gri: 'Scope 2 is shown on both the location and the market basis, and carbon credits are never netted off the gross figures.',
    sasb: 'The figures are gross: carbon credits are not deducted, so they show the emissions the business itself is responsible for.',
    tcfd: 'A quantified assessment of climate-related risks, including scenario analysis, is not yet part of the data recorded here.',
  }[framework];
}

export function writeEnvironmental(facts: FactsPack, framework: NarrativeFramework): string[] {
  return [
    opening(facts, framework),
    emissionsParagraph(facts, framework),
    resourcesParagraph(facts, framework),
    actionsParagraph(facts, framework),
    closing(facts, framework) ?? '',
  ];
}
