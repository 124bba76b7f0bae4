// The built-in writer's Environmental Performance section: emissions by scope with the factor
// datasets, the change on the previous year and the intensity ratio, then energy and water, the
// company's own efficiency measures and its target. Worded by the framework's lexicon.
import type { NarrativeFramework } from '../../contracts/narratives.ts';
import { formatMegawattHours, formatTonnes, formatYear } from '../format.ts';
import type { FactsPack } from '../types.ts';
import { type DraftParagraph, type DraftSentence, gap, para, say } from './draft.ts';
import { COMMON_GUIDANCE, GUIDANCE } from './guidance.ts';
import { LEXICONS, type Lexicon } from './lexicon.ts';
import type { SectionDraft } from './section.ts';
import {
  joinList,
  largestCategories,
  marketProxySentence,
  offsetsSentence,
  openItemsSentence,
  secrScopeNote,
} from './shared.ts';
import {
  actionsSentences,
  changeSentence,
  emissionsGap,
  energySentence,
  intensitySentence,
  renewableSentence,
  targetSentence,
  waterSentence,
} from './topics.ts';

type Emissions = NonNullable<FactsPack['emissions']>;

function methodSentence(emissions: Emissions): DraftSentence {
  return emissions.datasets.length > 0
    ? say(
        `The figures were calculated from recorded activity data with emission factors from ${joinList(emissions.datasets)}.`,
        2,
      )
    : gap(['datasets'], 'The emission factor datasets behind these figures have not been recorded.', 3);
}

function scopeSentences(
  emissions: Emissions,
  lex: Lexicon,
  framework: NarrativeFramework,
  facts: FactsPack,
): DraftSentence[] {
  const led = largestCategories(emissions, 3);
  const scope3 =
    emissions.scope3 > 0
      ? say(`${lex.scope3Lead} ${formatTonnes(emissions.scope3)}${led ? `, led by ${led}` : ''}.`, 3)
      : null;
  const market = say(
    `On the market basis, Scope 2 emissions were ${formatTonnes(emissions.scope2Market)}.`,
    2,
  );
  if (framework === 'secr') {
    return para(
      say(
        `${lex.totalLead} ${formatTonnes(emissions.scope1And2Location)}: ${formatTonnes(emissions.scope1)} from gas and transport fuel (Scope 1) and ${formatTonnes(emissions.scope2Location)} from purchased electricity (Scope 2, location-based).${secrScopeNote(facts)}`,
      ),
      market,
      scope3,
    );
  }
  return para(
    say(`${lex.scope1Lead} ${formatTonnes(emissions.scope1)}.`),
    say(
      `${lex.scope2Lead} ${formatTonnes(emissions.scope2Location)} on a location basis and ${formatTonnes(emissions.scope2Market)} on a market basis.`,
    ),
    scope3,
    say(`In total, gross emissions were ${formatTonnes(emissions.total)}.`),
  );
}

function emissionsParagraph(facts: FactsPack, lex: Lexicon, framework: NarrativeFramework): DraftParagraph {
  const emissions = facts.emissions;
  if (!emissions) return para(emissionsGap(facts));
  const proxy = marketProxySentence(emissions);
  return para(
    scopeSentences(emissions, lex, framework, facts),
    proxy && say(proxy, 3),
    changeSentence(facts, emissions),
    intensitySentence(emissions, lex),
  );
}

function resourcesParagraph(facts: FactsPack, lex: Lexicon): DraftParagraph {
  const mix = (facts.energy?.mix ?? [])
    .slice(0, 4)
    .map((entry) => `${entry.carrier.replace(/_/g, ' ')} (${formatMegawattHours(entry.mwh)})`);
  return para(
    energySentence(facts, lex),
    mix.length > 1 && say(`By source, the largest were ${joinList(mix)}.`, 3),
    renewableSentence(facts),
    waterSentence(facts, lex, 2),
  );
}

function actionsParagraph(facts: FactsPack, lex: Lexicon, framework: NarrativeFramework): DraftParagraph {
  const actions = actionsSentences(facts, lex);
  const offsets = offsetsSentence(facts);
  return para(
    actions.length > 0
      ? actions
      : gap(
          ['efficiencyActions'],
          framework === 'secr'
            ? `The energy efficiency action taken in ${formatYear(facts.year)} has not been described yet; SECR asks for it, or for a statement that none was taken.`
            : `The measures taken in ${formatYear(facts.year)} to use energy more efficiently have not been described yet.`,
        ),
    targetSentence(facts, lex),
    offsets && say(offsets, 2),
    openItemsSentence(facts, 'environmental'),
  );
}

export function writeEnvironmental(facts: FactsPack, framework: NarrativeFramework): SectionDraft {
  const lex = LEXICONS[framework];
  const year = formatYear(facts.year);
  return {
    paragraphs: [
      para(
        say(lex.environmentalIntro(facts.companyName, year)),
        facts.emissions && methodSentence(facts.emissions),
      ),
      emissionsParagraph(facts, lex, framework),
      resourcesParagraph(facts, lex),
      actionsParagraph(facts, lex, framework),
      para(
        facts.emissions &&
          say(
            'The figures are gross: carbon credits are never deducted from them, and Scope 2 is shown on both the location and the market basis.',
            3,
          ),
      ),
    ],
    guidance: [...GUIDANCE[framework].environmental, ...COMMON_GUIDANCE.environmental].map((text) =>
      say(text),
    ),
  };
}
