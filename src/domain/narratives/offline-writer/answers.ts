// The company's own checklist answers, as the built-in writer uses them: found by the indicators of
// the three rule packs (SECR, CSRD/VSME, SEC; src/domain/esg/rule-packs) and rewritten as prose,
// never quoted, so a draft reads as the company's report rather than a form (issue 18 item 7).
import { ANSWER_INDICATORS, type AnswerTopic, isMeaningfulAnswer } from '../answer-topics.ts';
import type { FactsPack } from '../types.ts';
import { lowerFirst } from './shared.ts';

export type Answer = NonNullable<FactsPack['checklist']>['answers'][number];

export function findAnswer(facts: FactsPack, indicator: string): Answer | null {
  const answer = facts.checklist?.answers.find((entry) => entry.indicator === indicator);
  return answer && isMeaningfulAnswer(answer.value) ? answer : null;
}

/** The company's answer on a topic (the first indicator answered), or null. */
export function answerOn(facts: FactsPack, topic: AnswerTopic): Answer | null {
  for (const indicator of ANSWER_INDICATORS[topic]) {
    const answer = findAnswer(facts, indicator);
    if (answer) return answer;
  }
  return null;
}

/** Every answer on a topic (several indicators may be answered). */
export function answersOn(facts: FactsPack, topic: AnswerTopic): Answer[] {
  return ANSWER_INDICATORS[topic]
    .map((indicator) => findAnswer(facts, indicator))
    .filter((answer): answer is Answer => answer !== null);
}

/** 'Training hours per employee (voluntary)' → 'training hours per employee'. */
export function plainTitle(title: string): string {
  return lowerFirst(title.replace(/\s*\([^)]*\)\s*/g, ' ').trim());
}

/**
 * The answer's text as clauses of one sentence: whitespace tidied, split at sentence ends and
 * semicolons, each without its final full stop, lower-cased where it starts with an ordinary word.
 */
export function answerClauses(value: string): string[] {
  return value
    .replace(/\s+/g, ' ')
    .split(/;\s+|(?<=[a-z0-9%)])\.\s+(?=\p{Lu})|\s+-\s+|\s*•\s*/u)
    .map((clause) =>
      clause
        .trim()
        .replace(/[.;,]+$/, '')
        .replace(/^["“'‘]+|["”'’]+$/g, ''),
    )
    .filter((clause) => clause !== '')
    .map(lowerOrdinaryFirst);
}

/** Capitalised words that follow a verb without making a name ('Reduce Scope 1 …'). */
const TERMS = new Set(['Scope', 'Scopes', 'Real', 'Living']);

/**
 * 'Replaced the ovens' → 'replaced the ovens', 'Reduce Scope 1' → 'reduce Scope 1', but 'Dana
 * Whitfield reviews' and 'LED lighting' keep their capitals: a capitalised word followed by another
 * capitalised word (not a term such as 'Scope') is taken for a name.
 */
function lowerOrdinaryFirst(clause: string): string {
  const [first = '', second = ''] = clause.split(' ');
  const isName = /^\p{Lu}\p{Ll}/u.test(second) && !TERMS.has(second.replace(/\W+$/, ''));
  return isName ? clause : lowerFirst(first) + clause.slice(first.length);
}

/** 'a; b; and c', 'a; b', or the one clause. */
export function clauseList(clauses: readonly string[]): string {
  if (clauses.length <= 2) return clauses.join('; ');
  return `${clauses.slice(0, -1).join('; ')}; and ${clauses.at(-1)}`;
}

/** The answer as the end of a sentence: 'lead: a; b; and c.' (at most `maxClauses` clauses). */
export function answerProse(lead: string, answer: Answer, maxClauses = 4): string {
  const clauses = answerClauses(answer.value).slice(0, maxClauses);
  return `${lead} ${clauseList(clauses)}.`;
}

/** 'first year of reporting' and the like: there is no prior year by the company's own account. */
export function isFirstYear(answer: Answer | null): boolean {
  return answer !== null && /first\s+(?:year|period)|no\s+prior|not\s+applicable/i.test(answer.value);
}
