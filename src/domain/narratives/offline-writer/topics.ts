// Sentences on one topic each, shared by the sections: the figure when it is recorded (from the
// ledger or the company's own checklist answer), or a sentence naming the absent fact and what to
// record next. Nothing here says "not recorded" unless the facts pack and the answers both lack it.
import {
  formatCount,
  formatCubicMetres,
  formatHours,
  formatIntensity,
  formatMegawattHours,
  formatPercent,
  formatTonnes,
  formatYear,
} from '../format.ts';
import type { FactsPack } from '../types.ts';
import { answerOn, answerProse, answersOn, isFirstYear, plainTitle } from './answers.ts';
import { type DraftSentence, gap, type Priority, say } from './draft.ts';
import type { Lexicon } from './lexicon.ts';
import { joinList, sitesClause, targetClause } from './shared.ts';

type Emissions = NonNullable<FactsPack['emissions']>;

export function sitesSentence(facts: FactsPack): DraftSentence {
  const clause = sitesClause(facts);
  return clause
    ? say(`${facts.companyName} ${clause}.`)
    : gap(['sites'], 'The sites within the reporting boundary have not been recorded yet.');
}

/** The year-on-year change, the company's 'first year of reporting', or the absent prior year. */
export function changeSentence(
  facts: FactsPack,
  emissions: Emissions,
  priority: Priority = 1,
): DraftSentence {
  const previousYear = formatYear(facts.year - 1);
  if (emissions.previousTotal === null || emissions.changePercent === null) {
    if (isFirstYear(answerOn(facts, 'previousEmissions'))) {
      return say(
        `${formatYear(facts.year)} is the first year the company reports these figures, so there is no prior year to compare against.`,
        priority,
      );
    }
    return gap(
      ['previousEmissions'],
      `Emissions for ${previousYear} have not been recorded, so no year-on-year change is given.`,
      priority,
    );
  }
  // Self-contained: the change is of gross emissions, whatever headline the sentence before gave.
  const previous = formatTonnes(emissions.previousTotal);
  const total = formatTonnes(emissions.total);
  if (emissions.changePercent === 0) {
    return say(
      `Gross emissions of ${total} were unchanged from the ${previous} of ${previousYear}.`,
      priority,
    );
  }
  const direction = emissions.changePercent < 0 ? 'lower' : 'higher';
  return say(
    `Gross emissions of ${total} were ${formatPercent(Math.abs(emissions.changePercent))} ${direction} than the ${previous} recorded in ${previousYear}.`,
    priority,
  );
}

export function intensitySentence(emissions: Emissions, lex: Lexicon, priority: Priority = 1): DraftSentence {
  const ratios = [emissions.intensityPerRevenue, emissions.intensityPerEmployee]
    .filter((ratio) => ratio !== null)
    .map(formatIntensity);
  if (ratios.length === 0) {
    return gap(
      ['intensity'],
      'No intensity ratio is given, because turnover and headcount have not been recorded alongside the emissions.',
      priority,
    );
  }
  return say(`${lex.intensityLead} ${joinList(ratios)}.`, priority);
}

export function energySentence(facts: FactsPack, lex: Lexicon): DraftSentence {
  const energy = facts.energy;
  if (!energy) {
    return gap(
      ['energy'],
      `Energy use for ${formatYear(facts.year)} has not been recorded yet; it can be added from gas and electricity bills and fuel receipts, in kWh or litres.`,
    );
  }
  return say(`${lex.energyLead} ${formatMegawattHours(energy.totalMWh)}.`);
}

export function renewableSentence(facts: FactsPack, priority: Priority = 2): DraftSentence | null {
  const energy = facts.energy;
  if (!energy) return null;
  if (energy.renewableSharePercent !== null) {
    return say(
      `Renewable sources supplied ${formatPercent(energy.renewableSharePercent)} of total energy.`,
      priority,
    );
  }
  const answer = answerOn(facts, 'renewableShare');
  if (answer) return say(answerProse('The renewable share of energy was', answer, 1), priority);
  return gap(['renewableShare'], 'The renewable share of total energy has not been recorded.', 3);
}

export function waterSentence(facts: FactsPack, lex: Lexicon, priority: Priority = 1): DraftSentence {
  if (facts.waterM3 !== null) return say(`${lex.waterLead} ${formatCubicMetres(facts.waterM3)}.`, priority);
  const answer = answerOn(facts, 'water');
  if (answer) return say(answerProse(lex.waterLead, answer, 1), priority);
  return gap(
    ['water'],
    `Water use for ${formatYear(facts.year)} has not been recorded yet; the meter readings on water bills, in cubic metres, are enough to add it.`,
    priority,
  );
}

/** Headcount, gender balance and training, each from the ledger or the company's answer. */
export function workforceSentences(facts: FactsPack, lex: Lexicon, year: string): DraftSentence[] {
  const workforce = facts.workforce;
  const sentences: DraftSentence[] = [];
  const headcount = answerOn(facts, 'workforce');
  if (workforce) {
    sentences.push(
      say(`The company employed ${formatCount(workforce.headcount)} people in ${year}${lex.workforceRef}.`),
    );
  } else if (headcount) {
    sentences.push(
      say(answerProse(`The number of employees${lex.workforceRef} in ${year} was`, headcount, 1)),
    );
  } else {
    sentences.push(
      gap(
        ['workforce'],
        `The number of employees in ${year} has not been recorded yet; a headcount at the year end is enough to start.`,
      ),
    );
  }
  sentences.push(genderSentence(facts, lex));
  const leadership = workforce?.leadershipFemaleSharePercent ?? null;
  if (leadership !== null) {
    sentences.push(say(`Women held ${formatPercent(leadership)} of leadership roles.`, 2));
  } else if (workforce) {
    sentences.push(
      gap(['leadershipFemaleShare'], 'The gender balance of leadership has not been recorded.', 3),
    );
  }
  sentences.push(trainingSentence(facts, lex));
  return sentences;
}

function genderSentence(facts: FactsPack, lex: Lexicon): DraftSentence {
  const share = facts.workforce?.femaleSharePercent ?? null;
  if (share !== null)
    return say(`Women made up ${formatPercent(share)} of the workforce${lex.diversityRef}.`);
  const answer = answerOn(facts, 'femaleShare');
  if (answer)
    return say(answerProse(`The gender balance of the workforce${lex.diversityRef} was`, answer, 2));
  return gap(['femaleShare'], 'The gender balance of the workforce has not been recorded yet.', 2);
}

function trainingSentence(facts: FactsPack, lex: Lexicon): DraftSentence {
  const hours = facts.workforce?.trainingHoursPerEmployee ?? null;
  if (hours !== null) {
    return say(`Employees received an average of ${formatHours(hours)} of training${lex.trainingRef}.`);
  }
  const answer = answerOn(facts, 'training');
  if (answer) return say(answerProse(`Training${lex.trainingRef} per employee came to`, answer, 1));
  return gap(['training'], 'Training hours per employee have not been recorded yet.', 2);
}

export function healthSentence(facts: FactsPack, lex: Lexicon, priority: Priority = 1): DraftSentence {
  const answer = answerOn(facts, 'accidents');
  if (!answer) {
    return gap(
      ['accidents'],
      'Work-related accidents have not been recorded yet; a simple count of recordable accidents, kept through the year, is enough to add them.',
      priority,
    );
  }
  const count = answer.value.trim();
  if (/^\d{1,6}$/.test(count)) {
    return say(
      `The company recorded ${count === '0' ? 'no' : formatCount(Number(count))} work-related ${count === '1' ? 'accident' : 'accidents'} in ${formatYear(facts.year)}${lex.healthRef}.`,
      priority,
    );
  }
  return say(
    answerProse(
      `On health and safety${lex.healthRef}, work-related accidents in ${formatYear(facts.year)} came to`,
      answer,
      2,
    ),
    priority,
  );
}

/** The company's own energy-efficiency measures, rewritten as a list, or null. */
export function actionsSentences(facts: FactsPack, lex: Lexicon, priority: Priority = 1): DraftSentence[] {
  const [first, ...others] = answersOn(facts, 'efficiencyActions');
  if (!first) return [];
  return [
    say(answerProse(lex.actionsLead(formatYear(facts.year)), first), priority),
    ...others.map((answer) =>
      say(answerProse(`On ${plainTitle(answer.title)}, the company adds:`, answer, 3), 3),
    ),
  ];
}

/** The reduction target from the company's records or its own answer, or the absent target. */
export function targetSentence(facts: FactsPack, lex: Lexicon, priority: Priority = 1): DraftSentence {
  if (facts.target) return say(`${lex.targetLead} ${targetClause(facts.target)}.`, priority);
  const answer = answerOn(facts, 'target');
  if (answer) return say(answerProse('The company has set itself this climate target:', answer, 2), priority);
  return gap(
    ['target'],
    'No emissions reduction target has been recorded yet; a base year, a target year and the percentage cut are all it takes to set one.',
    priority,
  );
}

export function emissionsGap(facts: FactsPack): DraftSentence {
  return gap(
    ['emissions'],
    `Emissions figures for ${formatYear(facts.year)} have not been recorded yet, so no totals, year-on-year change or intensity ratio are given.`,
  );
}
