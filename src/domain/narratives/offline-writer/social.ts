// The built-in writer's Social Impact section: headcount, gender balance, training and the
// company's own account of its people practices. GRI 2-7/401/404/405, SASB's human capital topics,
// or, for TCFD (a climate framework), the workforce facts that bear on managing climate risk.
import type { NarrativeFramework } from '../../contracts/narratives.ts';
import { formatCount, formatHours, formatPercent, formatYear } from '../format.ts';
import type { FactsPack } from '../types.ts';
import { answerSentences, openItemsSentence, paragraph, possessive, writtenAnswers } from './shared.ts';

type Workforce = NonNullable<FactsPack['workforce']>;

function opening(facts: FactsPack, framework: NarrativeFramework): string {
  const year = formatYear(facts.year);
  return {
    gri: `This section describes ${possessive(facts.companyName)} workforce in ${year}, with reference to GRI 2-7 (employees), GRI 401 (Employment), GRI 404 (Training and Education) and GRI 405 (Diversity and Equal Opportunity).`,
    sasb: `SASB treats human capital as a financially material dimension for most industries, covering employee engagement, diversity and inclusion, and labour practices. This section reports what ${facts.companyName} has recorded on these topics for ${year}.`,
    tcfd: `The TCFD recommendations concentrate on climate-related risks rather than social performance, so this section reports the workforce facts that bear on ${possessive(facts.companyName)} capacity to manage those risks in ${year}.`,
  }[framework];
}

function diversitySentence(workforce: Workforce, framework: NarrativeFramework): string {
  const all = workforce.femaleSharePercent;
  const leaders = workforce.leadershipFemaleSharePercent;
  const reference = framework === 'gri' ? ' (GRI 405-1)' : '';
  if (all === null && leaders === null) {
    return `The gender balance of the workforce and of leadership has not been recorded, so diversity${reference} is not reported.`;
  }
  const parts = [
    all !== null && `${formatPercent(all)} of the workforce`,
    leaders !== null && `${formatPercent(leaders)} of leadership roles`,
  ].filter((part): part is string => Boolean(part));
  const gap =
    all === null
      ? ' The gender balance of the wider workforce has not been recorded.'
      : leaders === null
        ? ' The gender balance of leadership has not been recorded.'
        : '';
  const comparison =
    all !== null && leaders !== null
      ? leaders + 5 <= all
        ? ' Women are less well represented in leadership than in the workforce as a whole, a gap worth tracking from year to year.'
        : leaders >= all
          ? ' Women are represented in leadership at least as well as in the workforce as a whole.'
          : ''
      : '';
  const lead =
    framework === 'sasb'
      ? 'On gender representation, which SASB asks for in management and among all other employees, women made up'
      : 'Women made up';
  return `${lead} ${parts.join(' and ')}${reference}.${gap}${comparison}`;
}

function trainingSentence(workforce: Workforce, framework: NarrativeFramework): string {
  const hours = workforce.trainingHoursPerEmployee;
  if (hours === null) {
    return `Training hours per employee have not been recorded${framework === 'gri' ? ', so GRI 404-1 is not reported' : ''}.`;
  }
  return {
    gri: `Employees received an average of ${formatHours(hours)} of training (GRI 404-1).`,
    sasb: `Employees received an average of ${formatHours(hours)} of training, an indicator of investment in skills.`,
    tcfd: `Employees received an average of ${formatHours(hours)} of training; the skills to manage energy use and climate-related risks depend on this kind of investment.`,
  }[framework];
}

function peopleParagraph(facts: FactsPack, framework: NarrativeFramework): string {
  const workforce = facts.workforce;
  if (!workforce) {
    return `Workforce figures for ${formatYear(facts.year)} have not been recorded yet, so headcount, gender balance and training are not reported here.`;
  }
  const reference = framework === 'gri' ? ' (GRI 2-7)' : '';
  return paragraph(
    `The company employed ${formatCount(workforce.headcount)} people in ${formatYear(facts.year)}${reference}.`,
    diversitySentence(workforce, framework),
    trainingSentence(workforce, framework),
  );
}

function practicesParagraph(facts: FactsPack): string {
  const answers = writtenAnswers(facts, 'social', 3);
  const open = openItemsSentence(facts, 'social', 'social');
  if (answers.length === 0 && facts.checklist) {
    return paragraph('No social policies or practices have been described in the checklist yet.', open);
  }
  if (!facts.checklist) {
    return `The ${facts.jurisdiction} checklist has not been set up yet, so policies and practices are not described here.`;
  }
  return paragraph(...answerSentences(answers), open);
}

function closing(framework: NarrativeFramework): string {
  return {
    gri: 'New hires and staff turnover (GRI 401-1) and occupational health and safety figures (GRI 403) are not part of the data recorded here, so they are not reported.',
    sasb: 'Employee engagement and staff turnover figures are not part of the data recorded here, so they are not reported.',
    tcfd: "Management's responsibilities for climate-related matters are described in the governance section.",
  }[framework];
}

export function writeSocial(facts: FactsPack, framework: NarrativeFramework): string[] {
  return [
    opening(facts, framework),
    peopleParagraph(facts, framework),
    practicesParagraph(facts),
    closing(framework),
  ];
}
