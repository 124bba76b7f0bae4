// Sentence helpers the built-in writer's sections share. Every figure goes through format.ts so the
// number check reads it back as the fact it came from; company text (names, sites, answers) is
// inserted as plain text and never decides which sentences are written.

import { ANSWER_INDICATORS } from '../answer-topics.ts';
import { formatCount, formatCreditTonnes, formatPercent, formatTonnes, formatYear } from '../format.ts';
import type { FactsPack } from '../types.ts';
import { type DraftSentence, gap } from './draft.ts';

type Emissions = NonNullable<FactsPack['emissions']>;
type Target = NonNullable<FactsPack['target']>;

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

export function regimeSentence(facts: FactsPack): string {
  return `The company reports under ${JURISDICTION_NAMES[facts.jurisdiction]}.`;
}

/** '12.5 tCO2e in Scope 1, … and … in Scope 3', each figure labelled. */
export function scopeBreakdown(emissions: Emissions): string {
  return joinList([
    `${formatTonnes(emissions.scope1)} in Scope 1`,
    `${formatTonnes(emissions.scope2Location)} in Scope 2 (location-based; ${formatTonnes(emissions.scope2Market)} market-based)`,
    // Nothing in Scope 3 usually means not measured, not none: leave it out rather than print zero.
    ...(emissions.scope3 > 0 ? [`${formatTonnes(emissions.scope3)} in Scope 3`] : []),
  ]);
}

/**
 * Says how much of market-based Scope 2 is the location-based grid factor standing in (decision
 * 048), or null when none is.
 */
export function marketProxySentence(emissions: Emissions): string | null {
  if (emissions.scope2MarketLocationProxy <= 0) return null;
  return `The market-based figure includes ${formatTonnes(emissions.scope2MarketLocationProxy)} estimated from the location-based grid factor, because that electricity had no renewable contract or supplier factor behind it.`;
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

/** The required checklist items of a section still unanswered, as a sentence naming them. */
export function openItemsSentence(facts: FactsPack, section: string): DraftSentence | null {
  // Topics with their own sentence (water, training, …) already say when they are missing.
  const covered = new Set<string>(Object.values(ANSWER_INDICATORS).flat());
  const open = (facts.checklist?.missingRequired ?? [])
    .filter((item) => item.section === section && !covered.has(item.indicator))
    .slice(0, 3);
  if (open.length === 0) return null;
  const titles = open.map((item) => lowerFirst(item.title.replace(/\s*\([^)]*\)/g, '')));
  return gap(
    open.map((item) => `answer:${item.indicator}` as const),
    `Still to be described: ${joinList(titles)}; these are the next items for the company to record.`,
    3,
  );
}

/**
 * SECR's statement covers UK sites only, while these figures are the whole company's: a company
 * with a site abroad is told which figures it is reading, so the narrative never contradicts the
 * report's SECR table (issue 18: every section reads the same figures).
 */
export function secrScopeNote(facts: FactsPack): string {
  const abroad = facts.sites.filter((site) => site.country !== 'GB');
  return abroad.length > 0
    ? ' These figures cover all sites, including those outside the UK; the SECR statement of the report gives the UK figures on their own.'
    : '';
}
