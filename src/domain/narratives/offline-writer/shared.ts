// Sentence helpers the built-in writer's sections share. Every figure goes through format.ts so the
// number check reads it back as the fact it came from; company text (names, sites, answers) is
// inserted as plain text and never decides which sentences are written.
import {
  formatCount,
  formatCreditTonnes,
  formatIntensity,
  formatPercent,
  formatTonnes,
  formatYear,
} from '../format.ts';
import type { FactsPack } from '../types.ts';

type Sentence = string | false | null | undefined;
type Emissions = NonNullable<FactsPack['emissions']>;
type Target = NonNullable<FactsPack['target']>;

/** The sentences that exist, as one paragraph. */
export function paragraph(...sentences: Sentence[]): string {
  return sentences.filter((sentence): sentence is string => Boolean(sentence)).join(' ');
}

/** 'a', 'a and b', 'a, b and c'. */
export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

export function possessive(name: string): string {
  return name.endsWith('s') ? `${name}'` : `${name}'s`;
}

/** 'Energy efficiency actions' → 'energy efficiency actions'; 'GHG emissions' stays. */
export function lowerFirst(text: string): string {
  return /^\p{Lu}\p{Ll}/u.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}

export function upperFirst(text: string): string {
  return text.length === 0 ? text : text[0]!.toUpperCase() + text.slice(1);
}

export const JURISDICTION_NAMES: Readonly<Record<FactsPack['jurisdiction'], string>> = {
  CSRD: "the EU's Corporate Sustainability Reporting Directive (CSRD), using the VSME standard for smaller companies",
  SECR: "the UK's Streamlined Energy and Carbon Reporting (SECR) regime",
  SEC: 'US climate disclosure requirements (SEC and California)',
};

/** 'operates from one site, Bakery (GB)' / 'covers four sites: A (GB), B (FR), …'. */
export function sitesClause(facts: FactsPack): string | null {
  const sites = facts.sites;
  if (sites.length === 0) return null;
  const named = sites.slice(0, 5).map((site) => `${site.name} (${site.country})`);
  if (sites.length === 1) return `operates from one site, ${named[0]}`;
  const lead = sites.length > named.length ? 'including' : '';
  return `operates from ${formatCount(sites.length)} sites${lead ? `, ${lead}` : ':'} ${joinList(named)}`;
}

/** The sentence naming the sites, or saying they are not recorded. */
export function sitesSentence(facts: FactsPack): string {
  const clause = sitesClause(facts);
  return clause
    ? `${facts.companyName} ${clause}.`
    : 'The list of sites has not been recorded yet, so the reporting boundary is not described here.';
}

export function regimeSentence(facts: FactsPack): string {
  return `The company reports under ${JURISDICTION_NAMES[facts.jurisdiction]}.`;
}

/** '12.5 tCO2e in Scope 1, … and … in Scope 3', each figure labelled. */
export function scopeBreakdown(emissions: Emissions): string {
  return joinList([
    `${formatTonnes(emissions.scope1)} in Scope 1`,
    `${formatTonnes(emissions.scope2Location)} in Scope 2 (location-based; ${formatTonnes(emissions.scope2Market)} market-based)`,
    `${formatTonnes(emissions.scope3)} in Scope 3`,
  ]);
}

/**
 * Says how much of market-based Scope 2 is the location-based grid factor standing in (decision
 * 048), or null when none is.
 */
export function marketProxySentence(emissions: Emissions): string | null {
  if (emissions.scope2MarketLocationProxy <= 0) return null;
  return `The market-based figure includes ${formatTonnes(emissions.scope2MarketLocationProxy)} estimated from the location-based grid factor, as no renewable contract or supplier factor was recorded.`;
}

/** The year-on-year sentence, or the missing previous year named. */
export function changeSentence(emissions: Emissions, year: number): string {
  const previousYear = formatYear(year - 1);
  if (emissions.previousTotal === null || emissions.changePercent === null) {
    return `Emissions for ${previousYear} have not been recorded, so no year-on-year change is reported.`;
  }
  const previous = formatTonnes(emissions.previousTotal);
  if (emissions.changePercent === 0)
    return `That is unchanged from the ${previous} recorded in ${previousYear}.`;
  const direction = emissions.changePercent < 0 ? 'lower' : 'higher';
  return `That is ${formatPercent(Math.abs(emissions.changePercent))} ${direction} than the ${previous} recorded in ${previousYear}.`;
}

/** The intensity sentence, or the missing ratio named. */
export function intensitySentence(emissions: Emissions, lead: string): string {
  const ratios = [emissions.intensityPerRevenue, emissions.intensityPerEmployee]
    .filter((ratio) => ratio !== null)
    .map(formatIntensity);
  if (ratios.length === 0) {
    return 'No intensity ratio is reported, because turnover and headcount have not been recorded alongside the emissions.';
  }
  return `${lead} ${joinList(ratios)}.`;
}

/** 'purchased goods and services (category 1, 40.2 tCO2e)', the largest first. */
export function largestCategories(emissions: Emissions, count: number): string | null {
  const top = emissions.scope3ByCategory.slice(0, count);
  if (top.length === 0) return null;
  return joinList(
    top.map(
      (entry) => `${lowerFirst(entry.name)} (category ${entry.category}, ${formatTonnes(entry.tCO2e)})`,
    ),
  );
}

export function coverageText(coverage: string): string {
  if (coverage === 'scope_1_2') return 'Scope 1 and 2 emissions';
  if (coverage === 'scope_1_2_3') return 'Scope 1, 2 and 3 emissions';
  return coverage.replace(/_/g, ' ');
}

/** 'cut Scope 1 and 2 emissions by 42% by 2030 against a 2022 base year'. */
export function targetClause(target: Target): string {
  return `cut ${coverageText(target.coverage)} by ${formatPercent(target.reductionPercent)} by ${formatYear(target.targetYear)} against a ${formatYear(target.baseYear)} base year`;
}

export function offsetsSentence(facts: FactsPack): string | null {
  const offsets = facts.offsets;
  if (!offsets) return null;
  const retired =
    offsets.retiredTonnes > 0
      ? `, of which ${formatCreditTonnes(offsets.retiredTonnes)} have been retired`
      : ', none of them retired yet';
  return `Separately, the company bought ${formatCreditTonnes(offsets.purchasedTonnes)} of carbon credits for ${formatYear(facts.year)}${retired}; credits are reported apart from gross emissions and are not deducted from them.`;
}

type Answer = NonNullable<FactsPack['checklist']>['answers'][number];

/** Answers a person wrote in words for the section (not ledger figures, not a bare 'completed'). */
export function writtenAnswers(facts: FactsPack, section: string, limit: number): Answer[] {
  return (facts.checklist?.answers ?? [])
    .filter(
      (answer) =>
        answer.section === section &&
        answer.origin !== 'ledger' &&
        answer.value.toLowerCase() !== 'completed' &&
        answer.value.split(/\s+/).length >= 4,
    )
    .slice(0, limit);
}

/** An answer as a quotation: whitespace tidied, cut after its first sentences at about `maxWords`. */
export function quote(text: string, maxWords = 45): string {
  const words = text.replace(/\s+/g, ' ').trim().split(' ');
  if (words.length <= maxWords) return `“${words.join(' ')}”`;
  const head = words.slice(0, maxWords).join(' ');
  const sentenceEnd = Math.max(head.lastIndexOf('. '), head.lastIndexOf('; '));
  return sentenceEnd > head.length / 3 ? `“${head.slice(0, sentenceEnd + 1)}”` : `“${head}…”`;
}

/** 'On energy efficiency actions, the company reports: “…”' for each answer. */
export function answerSentences(answers: readonly Answer[]): string[] {
  return answers.map((answer) => {
    const quoted = quote(answer.value);
    return `On ${lowerFirst(answer.title)}, the company reports: ${quoted}${/[.!?]”$/.test(quoted) ? '' : '.'}`;
  });
}

/** Titles of the required checklist items still open, of one section or all. */
export function openItemTitles(facts: FactsPack, section?: string): string[] {
  return (facts.checklist?.missingRequired ?? [])
    .filter((item) => section === undefined || item.section === section)
    .map((item) => lowerFirst(item.title));
}

/** 'The required social checklist items still open are a, b and c; …' or null. */
export function openItemsSentence(facts: FactsPack, section: string, lead: string): string | null {
  const titles = openItemTitles(facts, section);
  if (titles.length === 0) return null;
  const shown = titles.slice(0, 4);
  if (titles.length === 1) {
    return `The required ${lead} checklist item still open is ${shown[0]}; it is left unanswered here rather than guessed.`;
  }
  const list = titles.length > shown.length ? `${shown.join(', ')} and others` : joinList(shown);
  return `The required ${lead} checklist items still open are ${list}; they are left unanswered here rather than guessed.`;
}

/** The closing sentence that names what this draft cannot report. */
export function gapsSentence(gaps: readonly string[]): string | null {
  if (gaps.length === 0) return null;
  return `This draft does not report ${joinList(gaps)}, because that data has not been recorded yet; the gaps are named here rather than estimated.`;
}
