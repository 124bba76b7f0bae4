// The built-in writer's Executive Summary: who the company is, the headline figures, its own
// efficiency measures and target, worded by the framework's lexicon. No checklist status: how
// complete the internal checklist is is not something a published report says (issue 18 item 7).
import type { NarrativeFramework } from '../../contracts/narratives.ts';
import { formatTonnes, formatYear } from '../format.ts';
import type { FactsPack } from '../types.ts';
import { type DraftParagraph, para, say } from './draft.ts';
import { COMMON_GUIDANCE, GUIDANCE } from './guidance.ts';
import { LEXICONS, type Lexicon } from './lexicon.ts';
import type { SectionDraft } from './section.ts';
import { lowerFirst, offsetsSentence, regimeSentence, scopeBreakdown, secrScopeNote } from './shared.ts';
import {
  actionsSentences,
  changeSentence,
  emissionsGap,
  energySentence,
  intensitySentence,
  renewableSentence,
  sitesSentence,
  targetSentence,
  waterSentence,
  workforceSentences,
} from './topics.ts';

function emissionsParagraph(facts: FactsPack, lex: Lexicon, framework: NarrativeFramework): DraftParagraph {
  const emissions = facts.emissions;
  if (!emissions) return para(emissionsGap(facts));
  const year = formatYear(facts.year);
  const headline =
    framework === 'secr'
      ? `${lex.totalLead} ${formatTonnes(emissions.scope1And2Location)} in ${year}: ${formatTonnes(emissions.scope1)} from gas and transport fuel and ${formatTonnes(emissions.scope2Location)} from purchased electricity (location-based).${secrScopeNote(facts)}`
      : `${lex.totalLead} ${formatTonnes(emissions.total)} in ${year}: ${scopeBreakdown(emissions)}.`;
  const largest = emissions.scope3ByCategory[0];
  return para(
    say(headline),
    changeSentence(facts, emissions),
    intensitySentence(emissions, lex, 2),
    largest &&
      say(
        `In the value chain, the largest Scope 3 category was ${lowerFirst(largest.name)} (${formatTonnes(largest.tCO2e)}).`,
        3,
      ),
  );
}

export function writeExecutiveSummary(facts: FactsPack, framework: NarrativeFramework): SectionDraft {
  const lex = LEXICONS[framework];
  const year = formatYear(facts.year);
  const offsets = offsetsSentence(facts);
  return {
    paragraphs: [
      para(
        say(lex.summaryIntro(facts.companyName, year)),
        sitesSentence(facts),
        !lex.namesRegime && say(regimeSentence(facts), 2),
      ),
      emissionsParagraph(facts, lex, framework),
      para(energySentence(facts, lex), renewableSentence(facts, 3), waterSentence(facts, lex, 3)),
      para(
        workforceSentences(facts, lex, year).map((sentence) => ({
          ...sentence,
          priority: Math.max(sentence.priority, 2) as 2 | 3,
        })),
      ),
      para(actionsSentences(facts, lex), targetSentence(facts, lex), offsets && say(offsets, 2)),
    ],
    guidance: [...GUIDANCE[framework].executive_summary, ...COMMON_GUIDANCE.executive_summary].map((text) =>
      say(text),
    ),
  };
}
