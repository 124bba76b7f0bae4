// XML text helpers and the XBRL 2.1 context and unit elements shared by the Inline XBRL document
// and the XBRL instance (same ids, so both carry the same contexts and units).

import type { EntityIdentifier } from './entity.ts';
import type { ReportFact } from './fact-model.ts';
import { unitId, unitMeasures } from './units.ts';

/** Characters XML 1.0 forbids (C0 controls other than tab, newline, carriage return; U+FFFE/FFFF). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters to drop.
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Escapes text and attribute values; drops characters XML cannot carry. */
export function escapeXml(text: string): string {
  return text
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

export interface XbrlContext {
  id: string;
  periodType: 'duration' | 'instant';
  start: string | null;
  end: string;
  /** Explicit dimension QName → member QName (scenario). */
  dimensions: [string, string][];
}

function contextKey(fact: ReportFact): string {
  const dimensions = Object.entries(fact.dimensions ?? {}).sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify([fact.period.start, fact.period.end, dimensions]);
}

/** The contexts the facts need, in first-use order, and each fact's context id. */
export function collectContexts(facts: ReportFact[]): {
  contexts: XbrlContext[];
  contextOf: Map<string, string>;
} {
  const byKey = new Map<string, XbrlContext>();
  const contextOf = new Map<string, string>();
  for (const fact of facts) {
    const key = contextKey(fact);
    let context = byKey.get(key);
    if (!context) {
      const dimensions = Object.entries(fact.dimensions ?? {}).sort(([a], [b]) => (a < b ? -1 : 1));
      const base =
        fact.periodType === 'duration' ? `c-${fact.period.start}-${fact.period.end}` : `c-${fact.period.end}`;
      const sameBase = [...byKey.values()].filter((existing) => existing.id.startsWith(base)).length;
      context = {
        id: sameBase === 0 ? base : `${base}-d${sameBase}`,
        periodType: fact.periodType,
        start: fact.period.start,
        end: fact.period.end,
        dimensions,
      };
      byKey.set(key, context);
    }
    contextOf.set(fact.id, context.id);
  }
  return { contexts: [...byKey.values()], contextOf };
}

/** The distinct units of the numeric facts, in first-use order. */
export function collectUnits(facts: ReportFact[]): string[] {
  return [...new Set(facts.flatMap((fact) => (fact.unit === null ? [] : [fact.unit])))];
}

export function renderContext(context: XbrlContext, entity: EntityIdentifier, indent: string): string {
  const period =
    context.periodType === 'duration'
      ? `<xbrli:startDate>${context.start}</xbrli:startDate><xbrli:endDate>${context.end}</xbrli:endDate>`
      : `<xbrli:instant>${context.end}</xbrli:instant>`;
  const scenario =
    context.dimensions.length === 0
      ? ''
      : `<xbrli:scenario>${context.dimensions
          .map(
            ([dimension, member]) =>
              `<xbrldi:explicitMember dimension="${escapeXml(dimension)}">${escapeXml(member)}</xbrldi:explicitMember>`,
          )
          .join('')}</xbrli:scenario>`;
  return `${indent}<xbrli:context id="${context.id}"><xbrli:entity><xbrli:identifier scheme="${escapeXml(entity.scheme)}">${escapeXml(entity.value)}</xbrli:identifier></xbrli:entity><xbrli:period>${period}</xbrli:period>${scenario}</xbrli:context>`;
}

export function renderUnit(unit: string, indent: string): string {
  const { numerator, denominator } = unitMeasures(unit);
  const measures = (list: string[]) =>
    list.map((measure) => `<xbrli:measure>${measure}</xbrli:measure>`).join('');
  const body =
    denominator.length === 0
      ? measures(numerator)
      : `<xbrli:divide><xbrli:unitNumerator>${measures(numerator)}</xbrli:unitNumerator><xbrli:unitDenominator>${measures(denominator)}</xbrli:unitDenominator></xbrli:divide>`;
  return `${indent}<xbrli:unit id="${unitId(unit)}">${body}</xbrli:unit>`;
}
