// The number check (issue 6): every number in a narrative must match a figure of the facts pack, be
// a label, or have been confirmed by a person; any other number is returned with its offsets so the
// editor can mark it and 'Approve & Save' stays blocked until it is edited or confirmed.
//
// Rules, in the order they are applied to each number found in the text:
//
// 1. What counts as a number: ASCII digits, optionally with ',' between groups of exactly three
//    digits ('12,345.6'), a decimal part ('12.35'), and a leading '-' or '−' when nothing but space
//    or punctuation precedes it ('-5'). Digits glued to a letter before them are part of a word or
//    unit and are skipped ('tCO2e', 'm3', 'H2O', 'VSME B3', 'IFRS S2').
// 2. Confirmed: the number's exact text (as returned in `text`, e.g. '999' or '12,345.6') is in
//    `confirmed`. A confirmation covers every occurrence of that text.
// 3. Structural, never a figure:
//    - ordinals: digits followed directly by st/nd/rd/th ('2nd');
//    - list markers: a number at the start of a line followed by '.' or ')' and a space ('1. ');
//    - names with a hyphenated number glued to a word ('COVID-19');
//    - labels: a number after a label word, or in a list that follows one (joined by ',', '&', '/',
//      '-', '–', '.', ':', 'and', 'or', 'to'): 'Scope 1 and 2', 'Scopes 1, 2 and 3' (whole 1–3),
//      'category 6' / 'categories 1, 6 and 7' (whole 1–15), 'SDG 13' (whole 1–17), and any number after
//      GRI, SASB, TCFD, ESRS, IFRS, ISSB, ISO, article, clause, paragraph, section, principle,
//      annex, appendix, phase, step or tier ('GRI 305-1', 'GRI 2-9 to 2-27', 'ISO 14064-1').
// 4. Supported by a fact: the written value equals a fact's value at the precision written, i.e.
//    |fact − written| ≤ half a unit of the last digit written (fact 12.3456 matches '12.35',
//    '12.3' and '12'; fact 38 matches '38', '38.0', '38%', '38 per cent'). Signs are ignored (a
//    writer says 'fell by 12.3%' for a change of −12.3%) and so are units: a value is supported
//    when any fact has it. Years are ordinary numbers: the reporting year, the previous year and
//    the target's base and target years are facts; any other year is flagged.
//
// Everything else is unsupported. Small counts written in digits ('3 sites') are not exempt: they
// are claims too, and the facts pack carries the counts a writer may state (sites, open items).
import type { UnsupportedNumber } from '../contracts/narratives.ts';
import type { FactsPack } from './types.ts';

/** A number as written in a text. Offsets are UTF-16 indexes, `end` exclusive. */
export interface NumberToken {
  text: string;
  value: number;
  /** Digits after the decimal point as written (the precision of the number). */
  decimals: number;
  start: number;
  end: number;
}

const NUMBER_PATTERN =
  /(?<![\p{L}\p{N}_.])(?:(?<![\p{L}\p{N}])[-−])?(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?/gu;

/** Every number written in `text` (rule 1), in order. Used by the check and to read facts out of text. */
export function findNumberTokens(text: string): NumberToken[] {
  const tokens: NumberToken[] = [];
  for (const match of text.matchAll(NUMBER_PATTERN)) {
    const written = match[0];
    const start = match.index;
    const plain = written.replace(/,/g, '').replace('−', '-');
    const point = plain.indexOf('.');
    tokens.push({
      text: written,
      value: Number(plain),
      decimals: point === -1 ? 0 : plain.length - point - 1,
      start,
      end: start + written.length,
    });
  }
  return tokens;
}

/** Label words and the largest number they label (Infinity: any). */
const LABELS: readonly [RegExp, number][] = [
  [/^scopes?$/i, 3],
  [/^categor(?:y|ies)$/i, 15],
  [/^sdgs?$/i, 17],
  [
    /^(?:gri|sasb|tcfd|esrs|ifrs|issb|iso|articles?|clauses?|paragraphs?|sections?|principles?|annex|appendix|phases?|steps?|tiers?)$/i,
    Number.POSITIVE_INFINITY,
  ],
];

// A label word, then any chain of label numbers and joiners, ending right where the number starts.
const CHAIN = String.raw`(?:\d+(?:\.\d+)?[a-z]?(?:\s*[,&/]\s*|\s*[-–]\s*|[.:]|\s+(?:and|or|to)\s+))*`;
const LABEL_PREFIX = new RegExp(String.raw`(?:^|[^\p{L}])(\p{L}+)\s+${CHAIN}$`, 'u');

function isStructural(text: string, token: NumberToken): boolean {
  const before = text.slice(Math.max(0, token.start - 120), token.start);
  const after = text.slice(token.end, token.end + 3);
  if (/^(?:st|nd|rd|th)(?![\p{L}])/iu.test(after)) return true;
  const lineStart = text.lastIndexOf('\n', token.start - 1) + 1;
  if (text.slice(lineStart, token.start).trim() === '' && /^[.)] /.test(after) && token.value >= 0)
    return true;
  if (/\p{L}-$/u.test(before)) return true;
  const label = LABEL_PREFIX.exec(before)?.[1];
  if (label === undefined || token.value < 0) return false;
  const rule = LABELS.find(([word]) => word.test(label));
  if (rule === undefined) return false;
  // Bounded labels are whole numbers: 'Scope 2.5' is a figure, not a scope.
  return rule[1] === Number.POSITIVE_INFINITY || (token.decimals === 0 && token.value <= rule[1]);
}

function isSupported(token: NumberToken, facts: FactsPack): boolean {
  const written = Math.abs(token.value);
  const tolerance = 0.5 * 10 ** -token.decimals + 1e-9;
  return facts.numbers.some((fact) => Math.abs(Math.abs(fact.value) - written) <= tolerance);
}

/** The numbers of `text` that no rule above supports, in order of appearance. */
export function findUnsupportedNumbers(
  text: string,
  facts: FactsPack,
  confirmed: readonly string[] = [],
): UnsupportedNumber[] {
  const confirmedTexts = new Set(confirmed.map((entry) => entry.trim()));
  return findNumberTokens(text)
    .filter(
      (token) => !confirmedTexts.has(token.text) && !isStructural(text, token) && !isSupported(token, facts),
    )
    .map((token) => ({ text: token.text, start: token.start, end: token.end }));
}
