// The built-in writer (issue 6 item 5; issue 18 item 7): with no AI key configured, a deterministic
// first draft of a section, built from the facts pack alone, in the chosen framework's words
// (offline-writer/lexicon.ts). Every sentence that says a fact is missing carries the fact's key, so
// the draft can be checked against its input; company answers are rewritten as prose, never quoted;
// every figure is printed through format.ts so the number check accepts it; 200–400 words.
import type { NarrativeFramework, NarrativeSection } from '../contracts/narratives.ts';
import { type DraftParagraph, type FactKey, fitToBudget, renderDraft } from './offline-writer/draft.ts';
import { writeEnvironmental } from './offline-writer/environmental.ts';
import { writeExecutiveSummary } from './offline-writer/executive-summary.ts';
import { writeGovernance } from './offline-writer/governance.ts';
import type { SectionDraft } from './offline-writer/section.ts';
import { writeSocial } from './offline-writer/social.ts';
import type { FactsPack, NarrativeRequest } from './types.ts';

const SECTION_WRITERS: Readonly<
  Record<NarrativeSection, (facts: FactsPack, framework: NarrativeFramework) => SectionDraft>
> = {
  executive_summary: writeExecutiveSummary,
  environmental: writeEnvironmental,
  social: writeSocial,
  governance: writeGovernance,
};

export interface NarrativeDraft {
  text: string;
  paragraphs: DraftParagraph[];
  /** Every fact the text says is not recorded, once each. */
  absent: FactKey[];
}

/** The draft of one section with the facts it declares absent; same input → same draft. */
export function draftNarrative(request: NarrativeRequest): NarrativeDraft {
  const section = SECTION_WRITERS[request.section](request.facts, request.framework);
  const paragraphs = fitToBudget(section.paragraphs, section.guidance);
  const absent = [...new Set(paragraphs.flat().flatMap((sentence) => sentence.absent))];
  return { text: renderDraft(paragraphs), paragraphs, absent };
}

/** The text of one section's draft, paragraphs separated by a blank line. */
export function writeNarrative(request: NarrativeRequest): string {
  return draftNarrative(request).text;
}
