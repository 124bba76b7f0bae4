// The translation layer of the import's mapping step (decision 049): a company's answers — "our
// 'Packaging' is spend on packaging", "a flight without a class is long haul, economy" — applied
// to each record's raw cells before the row is checked, so the one row checker and the one ledger
// writer see the words they already know. Sites are answered by id and matched where the import
// matches site names (import-batches.ts); header answers are the existing userMapping.

import { isKnownVariant, SPEND_TARGET_PREFIX } from './choices.ts';
import type { ColumnMapping } from './headers.ts';
import { type ActivityCategory, memo, parseCategory, slugKey } from './vocabulary.ts';

/**
 * What a remembered mapping translates. `header`: a column header → import field; `site`: a site
 * name → site id; `category`: category text → category (or `spend:<key>`); `variant`:
 * `<category>|<variant text>` → variant; `spend`: a spend line's category text → spend category.
 * Other import kinds (an accounting system's accounts) add their own kind here.
 */
export const IMPORT_MAPPING_KINDS = ['header', 'site', 'category', 'variant', 'spend'] as const;
export type ImportMappingKind = (typeof IMPORT_MAPPING_KINDS)[number];

/** How a source text is compared: accents, case, punctuation and spacing ignored. */
export function mappingKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The key of a variant question: the category it belongs to, then the text ('' when missing). */
export function variantMappingKey(category: ActivityCategory, variantText: string): string {
  return `${category}|${mappingKey(variantText)}`;
}

/** Answers by kind, each keyed by mappingKey (variant: variantMappingKey). */
export interface ValueMappings {
  category: ReadonlyMap<string, string>;
  variant: ReadonlyMap<string, string>;
  spend: ReadonlyMap<string, string>;
}

export const NO_VALUE_MAPPINGS: ValueMappings = { category: new Map(), variant: new Map(), spend: new Map() };

export function hasValueMappings(mappings: ValueMappings): boolean {
  return mappings.category.size + mappings.variant.size + mappings.spend.size > 0;
}

/** A record's cells, translated (a new array only when something changed). */
export type RecordTranslator = (fields: readonly string[]) => readonly string[];

export interface TranslatedColumns {
  /** The mapping to check rows with: a variant column added past the file's when it has none. */
  mapping: ColumnMapping;
  translate: RecordTranslator;
}

/**
 * The translator of a file whose columns are `mapping` (of `columnCount` header cells). A file
 * without a variant column gets one past its last (filled only where an answer gives a variant).
 * A variant typed loosely ("Long haul economy") becomes the key it spells when that key is known.
 */
export function recordTranslator(
  mapping: ColumnMapping,
  columnCount: number,
  mappings: ValueMappings,
): TranslatedColumns {
  const categoryColumn = mapping.category ?? -1;
  const virtualVariant = mapping.variant === undefined;
  const variantColumn = mapping.variant ?? columnCount;
  // Without a variant column of its own, a row's variant is empty whatever cells trail the header.
  const variantCell = (fields: readonly string[]) => (virtualVariant ? '' : cellOf(fields, variantColumn));
  const translatedMapping: ColumnMapping = { ...mapping, variant: variantColumn };
  const categoryOf = memo((text: string) => parseCategory(text));
  const categoryAnswer = memo((text: string) => mappings.category.get(mappingKey(text)));
  const variantAnswerOf = (category: ActivityCategory, text: string): string | undefined => {
    if (isKnownVariant(category, text)) return undefined;
    const spelled = slugKey(text);
    if (spelled !== text && isKnownVariant(category, spelled)) return spelled;
    if (category === 'purchased_goods') return mappings.spend.get(mappingKey(text));
    return mappings.variant.get(variantMappingKey(category, text));
  };
  // Per category, by variant text: a file repeats a few pairs on every row (no key string built
  // per row). Each map is cleared at 512 entries, so a file of unique junk cannot grow it.
  const answers = new Map<ActivityCategory, Map<string, string | null>>();
  const variantAnswer = (category: ActivityCategory, text: string): string | undefined => {
    let known = answers.get(category);
    if (!known) {
      known = new Map();
      answers.set(category, known);
    }
    let answer = known.get(text);
    if (answer === undefined) {
      answer = variantAnswerOf(category, text) ?? null;
      if (known.size >= 512) known.clear();
      known.set(text, answer);
    }
    return answer ?? undefined;
  };

  const translate: RecordTranslator = (fields) => {
    let out: string[] | undefined;
    const categoryText = cellOf(fields, categoryColumn);
    const originalVariant = variantCell(fields);
    let variantText = originalVariant;
    let category = categoryText === '' ? undefined : categoryOf(categoryText);
    if (category === undefined && categoryText !== '') {
      const answer = categoryAnswer(categoryText);
      if (answer !== undefined) {
        out = [...fields];
        if (answer.startsWith(SPEND_TARGET_PREFIX)) {
          category = 'purchased_goods';
          if (variantText === '') variantText = answer.slice(SPEND_TARGET_PREFIX.length);
        } else category = answer as ActivityCategory;
        out[categoryColumn] = category;
      }
    }
    if (category !== undefined) {
      const variant = variantAnswer(category, variantText);
      if (variant !== undefined) variantText = variant;
    }
    if (variantText !== originalVariant || (virtualVariant && fields.length > variantColumn)) {
      out ??= [...fields];
      while (out.length <= variantColumn) out.push('');
      out[variantColumn] = variantText;
    }
    return out ?? fields;
  };
  return { mapping: translatedMapping, translate };
}

function cellOf(fields: readonly string[], column: number): string {
  if (column < 0) return '';
  return fields[column]?.trim() ?? '';
}
