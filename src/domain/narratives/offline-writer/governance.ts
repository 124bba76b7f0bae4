// The built-in writer's Governance section: who prepares and oversees the figures and the method,
// from the company's own answers rewritten as prose; the reporting regime; how the figures are
// calculated; the target as the objective oversight tracks. Worded by the framework's lexicon.
import type { NarrativeFramework } from '../../contracts/narratives.ts';
import { formatYear } from '../format.ts';
import type { FactsPack } from '../types.ts';
import { answerOn, answerProse, answersOn } from './answers.ts';
import { type DraftSentence, gap, para, say } from './draft.ts';
import { COMMON_GUIDANCE, GUIDANCE } from './guidance.ts';
import { LEXICONS, type Lexicon } from './lexicon.ts';
import type { SectionDraft } from './section.ts';
import { joinList, regimeSentence, targetClause } from './shared.ts';

function oversight(facts: FactsPack, lex: Lexicon): DraftSentence[] {
  const answers = answersOn(facts, 'oversight');
  if (answers.length === 0) {
    return [
      gap(
        ['oversight'],
        'Who prepares the sustainability figures and who reviews them has not been described yet; naming both is the first step for this section.',
      ),
    ];
  }
  return answers
    .slice(0, 2)
    .map((answer, index) => say(answerProse(lex.oversightLead, answer, 3), index === 0 ? 1 : 3));
}

function methodology(facts: FactsPack, lex: Lexicon, framework: NarrativeFramework): DraftSentence | null {
  const answer = answerOn(facts, 'methodology');
  if (answer) return say(answerProse(lex.methodologyLead, answer, 3));
  const datasets = facts.emissions?.datasets ?? [];
  if (datasets.length > 0) {
    return say(
      `Emissions are calculated from the company's activity records with emission factors from ${joinList(datasets)}, and each figure keeps the factor that produced it so it can be traced and checked.`,
    );
  }
  return gap(
    ['methodology'],
    framework === 'secr'
      ? 'The methodology has not been stated yet; SECR asks for it, usually the GHG Protocol Corporate Standard with the UK government conversion factors.'
      : 'The method used to calculate the figures has not been stated yet.',
  );
}

function climateRisk(facts: FactsPack, framework: NarrativeFramework): DraftSentence | null {
  const answer = answerOn(facts, 'climateRisk');
  if (answer)
    return say(
      answerProse('On climate-related risks, the company describes its approach as follows:', answer, 3),
      2,
    );
  if (framework !== 'tcfd') return null;
  return gap(
    ['climateRisk'],
    'Under the risk management pillar, the process for identifying and managing climate-related risks has not been described yet.',
    2,
  );
}

function targetSentence(facts: FactsPack): DraftSentence {
  if (facts.target) {
    return say(
      `The commitment to ${targetClause(facts.target)} gives this oversight a measurable objective.`,
      2,
    );
  }
  const answer = answerOn(facts, 'target');
  if (answer)
    return say(answerProse('The climate target that oversight tracks is as follows:', answer, 2), 2);
  return gap(
    ['target'],
    'No emissions reduction target has been recorded yet, so oversight has no measurable objective to track.',
    2,
  );
}

export function writeGovernance(facts: FactsPack, framework: NarrativeFramework): SectionDraft {
  const lex = LEXICONS[framework];
  const year = formatYear(facts.year);
  const credits =
    facts.offsets &&
    say('Carbon credits are accounted for apart from gross emissions and never deducted from them.', 3);
  return {
    paragraphs: [
      para(
        say(lex.governanceIntro(facts.companyName, year)),
        !lex.namesRegime && say(regimeSentence(facts), 2),
      ),
      para(oversight(facts, lex)),
      para(methodology(facts, lex, framework), climateRisk(facts, framework), credits),
      para(targetSentence(facts)),
    ],
    guidance: [...GUIDANCE[framework].governance, ...COMMON_GUIDANCE.governance].map((text) => say(text)),
  };
}
