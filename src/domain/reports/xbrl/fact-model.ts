// The fact model every machine-readable format renders (Inline XBRL, XBRL 2.1 instance, xBRL-JSON,
// CSV). Its own file so the builders (facts-vsme.ts, facts-esgp.ts, fact-builder.ts) and the
// assembly that calls them (facts.ts) depend on it, not on each other.

export type FactValue = number | string | boolean;

export interface FactPeriod {
  /** Inclusive ISO date; null for an instant. */
  start: string | null;
  /** Inclusive ISO date: the end of a duration, or the instant itself. */
  end: string;
}

export interface ReportFact {
  /** Stable id within the report (`f01`, `f02`, … in model order). */
  id: string;
  /** 'vsme' for the EFRAG taxonomy, 'esgp' for our own non-regulatory names. */
  prefix: 'vsme' | 'esgp';
  /** Local name of the concept. */
  concept: string;
  label: string;
  /** Local name of the XBRL data type (e.g. 'ghgEmissionsItemType', 'textBlockItemType'). */
  dataType: string;
  /**
   * null: a nil fact (xsi:nil="true"), a figure nothing was recorded for (decision 086). It keeps
   * its unit (XBRL 2.1 requires unitRef on every numeric item) and has no decimals.
   */
  value: FactValue | null;
  /** 'tCO2e' | 'MWh' | 'kWh' | 'm3' | 't' | ISO 4217 code | 'pure' | 'tCO2e/EUR' …; null when not numeric. */
  unit: string | null;
  /** XBRL decimals (accuracy) for numeric facts; null otherwise. */
  decimals: number | null;
  periodType: 'duration' | 'instant';
  period: FactPeriod;
  /** Explicit or typed dimension → member, e.g. { 'esgp:Scope3CategoryAxis': '1' }. */
  dimensions?: Record<string, string>;
  /** GHG scope of an emissions fact ('1', '2 location-based', '1+2+3 market-based' …). */
  scope?: string;
  category?: string;
  /** Factor datasets behind an emissions figure. */
  source?: string;
  /**
   * Keys of the report's sources (provenance.ts reportSources) behind the figure, for footnotes
   * (decision 058); absent for facts of earlier snapshots and facts that cite nothing.
   */
  sourceKeys?: string[];
  /** How an enumeration value reads to a person (the value itself is a concept URI). */
  display?: string;
  /** The checklist indicator this fact answers, when it comes from a checklist answer. */
  indicator?: string;
}

export interface FactSet {
  facts: ReportFact[];
  /** Plain-language notes on what was not tagged, converted or assumed. */
  notes: string[];
}

/** How a nil fact reads to a person, as the PDF says it ("Not recorded", never 0.00). */
export const NIL_FACT_TEXT = 'Not recorded';
/** Why a figure is nil: the CSV's reason column. */
export const NIL_FACT_REASON = 'No ledger entries were counted in this figure for the period';

/** A nil fact: the concept is reported as "not recorded", with no value (decision 086). */
export function isNilFact(fact: ReportFact): fact is ReportFact & { value: null; decimals: null } {
  return fact.value === null;
}

export function isNumericFact(
  fact: ReportFact,
): fact is ReportFact & { value: number; unit: string; decimals: number } {
  return typeof fact.value === 'number' && fact.unit !== null && fact.decimals !== null;
}
