// The built-in writer's unit of text: a sentence that knows which facts it says are absent, so a
// test (and the editor's "missing" list) can check every "not recorded" claim against the input
// (issue 18 item 7). A section is paragraphs of sentences, fitted to 200–400 words (spec tips):
// optional sentences are dropped from the end when there is too much, and useful guidance on what
// to record next is added when there is too little.

/**
 * A fact the text may declare absent: a figure of the facts pack ('water', 'femaleShare', …) or a
 * checklist item by its indicator ('answer:waste_policy').
 */
export type FactKey =
  | 'sites'
  | 'emissions'
  | 'previousEmissions'
  | 'intensity'
  | 'datasets'
  | 'energy'
  | 'renewableShare'
  | 'water'
  | 'workforce'
  | 'femaleShare'
  | 'leadershipFemaleShare'
  | 'training'
  | 'accidents'
  | 'target'
  | 'efficiencyActions'
  | 'methodology'
  | 'oversight'
  | 'climateRisk'
  | 'checklist'
  | `answer:${string}`;

/** 1: always written; 2 and 3: dropped (3 first) when the section runs over 400 words. */
export type Priority = 1 | 2 | 3;

export interface DraftSentence {
  text: string;
  /** The facts this sentence says are not recorded (empty for every other sentence). */
  absent: FactKey[];
  priority: Priority;
}

export type DraftParagraph = DraftSentence[];

export const WORD_BUDGET = { min: 200, max: 400 } as const;

export function say(text: string, priority: Priority = 1): DraftSentence {
  return { text, absent: [], priority };
}

/** A sentence that names absent facts; it must list every fact it says is missing. */
export function gap(absent: FactKey[], text: string, priority: Priority = 1): DraftSentence {
  return { text, absent, priority };
}

type Maybe = DraftSentence | null | undefined | false | '';

export function para(...sentences: (Maybe | Maybe[])[]): DraftParagraph {
  return sentences.flat().filter((sentence): sentence is DraftSentence => Boolean(sentence));
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

const wordsOf = (paragraphs: readonly DraftParagraph[]) =>
  paragraphs.reduce((sum, paragraph) => sum + paragraph.reduce((n, s) => n + countWords(s.text), 0), 0);

/** Drops the last sentence of the lowest priority present; false when only priority 1 is left. */
function dropOne(paragraphs: DraftParagraph[]): boolean {
  for (const priority of [3, 2] as const) {
    for (let p = paragraphs.length - 1; p >= 0; p -= 1) {
      const index = paragraphs[p]!.findLastIndex((sentence) => sentence.priority === priority);
      if (index !== -1) {
        paragraphs[p]!.splice(index, 1);
        return true;
      }
    }
  }
  return false;
}

/**
 * The paragraphs cut to at most 400 words (lowest priority last-first), then, under 200, followed
 * by as much of `guidance` (honest, useful next steps) as brings the section to 200.
 */
export function fitToBudget(
  paragraphs: readonly DraftParagraph[],
  guidance: readonly DraftSentence[],
): DraftParagraph[] {
  const fitted = paragraphs.map((paragraph) => [...paragraph]).filter((p) => p.length > 0);
  while (wordsOf(fitted) > WORD_BUDGET.max && dropOne(fitted)) {}
  const extra: DraftParagraph = [];
  for (const sentence of guidance) {
    if (wordsOf(fitted) + wordsOf([extra]) >= WORD_BUDGET.min) break;
    if (wordsOf(fitted) + wordsOf([extra]) + countWords(sentence.text) > WORD_BUDGET.max) continue;
    extra.push(sentence);
  }
  return extra.length > 0 ? [...fitted, extra] : fitted.filter((p) => p.length > 0);
}

export function renderDraft(paragraphs: readonly DraftParagraph[]): string {
  return paragraphs
    .map((paragraph) => paragraph.map((sentence) => sentence.text.trim()).join(' '))
    .filter((text) => text !== '')
    .join('\n\n');
}
