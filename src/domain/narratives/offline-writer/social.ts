// The built-in writer's Social Impact section: headcount, gender balance, training and health and
// safety, each from the company's records or its own checklist answers, then its practices.
// Worded by the framework's lexicon (SECR: voluntary information beside the directors' report).
import type { NarrativeFramework } from '../../contracts/narratives.ts';
import { formatYear } from '../format.ts';
import type { FactsPack } from '../types.ts';
import { answerProse, findAnswer, plainTitle } from './answers.ts';
import { type DraftSentence, para, say } from './draft.ts';
import { COMMON_GUIDANCE, GUIDANCE } from './guidance.ts';
import { LEXICONS } from './lexicon.ts';
import type { SectionDraft } from './section.ts';
import { openItemsSentence } from './shared.ts';
import { healthSentence, workforceSentences } from './topics.ts';

/** Indicators the topic sentences already cover; the others are the company's practices. */
const COVERED = new Set(['employees_headcount', 'gender_balance', 'training_hours', 'workplace_accidents']);

function practices(facts: FactsPack): DraftSentence[] {
  return (facts.checklist?.answers ?? [])
    .filter((answer) => answer.section === 'social' && !COVERED.has(answer.indicator))
    .map((answer) => findAnswer(facts, answer.indicator))
    .filter((answer) => answer !== null)
    .slice(0, 3)
    .map((answer, index) =>
      say(
        answerProse(`On ${plainTitle(answer.title)}, the company's practice is as follows:`, answer, 3),
        index === 0 ? 2 : 3,
      ),
    );
}

function comparison(facts: FactsPack): DraftSentence | null {
  const all = facts.workforce?.femaleSharePercent ?? null;
  const leaders = facts.workforce?.leadershipFemaleSharePercent ?? null;
  if (all === null || leaders === null) return null;
  if (leaders + 5 <= all) {
    return say(
      'Women are less well represented in leadership than in the workforce as a whole, a gap worth tracking from year to year.',
      3,
    );
  }
  return leaders >= all
    ? say('Women are represented in leadership at least as well as in the workforce as a whole.', 3)
    : null;
}

export function writeSocial(facts: FactsPack, framework: NarrativeFramework): SectionDraft {
  const lex = LEXICONS[framework];
  const year = formatYear(facts.year);
  return {
    paragraphs: [
      para(say(lex.socialIntro(facts.companyName, year))),
      para(workforceSentences(facts, lex, year), comparison(facts)),
      para(healthSentence(facts, lex), practices(facts), openItemsSentence(facts, 'social')),
    ],
    guidance: [...GUIDANCE[framework].social, ...COMMON_GUIDANCE.social].map((text) => say(text)),
  };
}
