// What each section writer of the built-in writer returns: its paragraphs, and the guidance it may
// add when the facts give too little to reach 200 words (see draft.ts).
import type { DraftParagraph, DraftSentence } from './draft.ts';

export interface SectionDraft {
  paragraphs: DraftParagraph[];
  guidance: DraftSentence[];
}
