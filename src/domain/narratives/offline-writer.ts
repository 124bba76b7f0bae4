// The built-in writer (issue 6 item 5): with no AI key configured, a deterministic first draft of a
// section, built from the facts pack alone. Sentences are chosen by what data exists and framed by
// the framework; missing data is named as missing; every figure is printed through format.ts so the
// number check accepts it; company text is inserted as plain text. Paragraphs are separated by a
// blank line.
import type { NarrativeFramework, NarrativeSection } from '../contracts/narratives.ts';
import { writeEnvironmental } from './offline-writer/environmental.ts';
import { writeExecutiveSummary } from './offline-writer/executive-summary.ts';
import { writeGovernance } from './offline-writer/governance.ts';
import { writeSocial } from './offline-writer/social.ts';
import type { FactsPack, NarrativeRequest } from './types.ts';

const SECTION_WRITERS: Readonly<
  Record<NarrativeSection, (facts: FactsPack, framework: NarrativeFramework) => string[]>
> = {
  executive_summary: writeExecutiveSummary,
  environmental: writeEnvironmental,
  social: writeSocial,
  governance: writeGovernance,
};

/** The draft of one section, same input → same text. */
export function writeNarrative(request: NarrativeRequest): string {
  return SECTION_WRITERS[request.section](request.facts, request.framework)
    .map((text) => text.trim())
    .filter((text) => text !== '')
    .join('\n\n');
}
