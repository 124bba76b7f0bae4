// The readers of rowChecker (rows.ts), one per field or pair of fields, each reading its cells into the
// row's draft and adding every problem it finds. The rules are in rows.ts's header comment.

import { MAX_AMOUNT, MAX_QUANTITY } from '../contracts/numbers.ts';
import { hasRefusedCharacters } from '../contracts/text.ts';
import { CATEGORY_LABELS } from './choices.ts';
import type { CsvSeparator } from './csv-reader.ts';
import type { ColumnMapping, ImportField } from './headers.ts';
import { type DecimalMark, isPlainIsoDay, parseDate, parseDecimal, plainDecimal } from './row-values.ts';
import {
  ACTIVITY_CATEGORIES,
  ACTIVITY_UNITS,
  type ActivityCategory,
  type ActivityUnit,
  CATEGORY_DIMENSIONS,
  currencyFromSymbol,
  DATA_QUALITY_TIERS,
  type DataQuality,
  describeExpectedUnits,
  FUEL_CATEGORIES,
  memo,
  orList,
  parseCategory,
  parseCurrency,
  parseDataQuality,
  parseUnit,
  slugKey,
  UNIT_DIMENSION,
  unitsFor,
} from './vocabulary.ts';

const MAX_TEXT = 500;
/** The categories as a person reads them (choices.ts), for messages. */
const CATEGORY_WORDS = ACTIVITY_CATEGORIES.map((category) => CATEGORY_LABELS[category]).join(', ');
/** Whitespace other than single spaces: tidied to one space. */
const MESSY_SPACE = /\s\s|[^\S ]/;

/** What rowChecker reads once for a whole file. */
export interface RowSettings {
  /** Field → column index, -1 when the file has no such column. */
  column: Record<ImportField, number>;
  decimalMark: DecimalMark;
  defaultUnit: ActivityUnit | undefined;
  defaultCurrency: string | undefined;
  plainGallon: 'gal_us' | 'gal_uk' | undefined;
}

export function rowSettings(
  mapping: ColumnMapping,
  options: {
    separator?: CsvSeparator;
    decimalMark?: DecimalMark;
    defaults?: { unit?: ActivityUnit; currency?: string };
    plainGallon?: 'gal_us' | 'gal_uk';
  },
): RowSettings {
  const at = (field: ImportField) => mapping[field] ?? -1;
  return {
    column: {
      date: at('date'),
      periodEnd: at('periodEnd'),
      site: at('site'),
      category: at('category'),
      variant: at('variant'),
      quantity: at('quantity'),
      unit: at('unit'),
      spend: at('spend'),
      currency: at('currency'),
      dataQuality: at('dataQuality'),
      reference: at('reference'),
      calorificBasis: at('calorificBasis'),
    },
    decimalMark: options.decimalMark ?? (options.separator === ';' ? ',' : '.'),
    defaultUnit: options.defaults?.unit,
    defaultCurrency: options.defaults?.currency,
    plainGallon: options.plainGallon,
  };
}

/**
 * The row being read. One draft serves every row of a file (startDraft clears it), so a valid row
 * allocates nothing but its finished object; `errors` is created on the first problem and handed out
 * with the row's result, never reused.
 */
export interface RowDraft {
  errors: string[] | undefined;
  date: string | null;
  periodEnd: string | null;
  /** Tidied; '' when empty. */
  site: string;
  category: ActivityCategory | undefined;
  /** Tidied; '' when empty. */
  variant: string;
  /** Tidied; '' when empty. */
  reference: string;
  quantityText: string;
  spendText: string;
  quantity: number | null;
  unit: ActivityUnit | null;
  spend: number | null;
  currency: string | null;
  dataQuality: DataQuality;
  calorificBasis: 'gross' | 'net' | null;
}

export function newDraft(): RowDraft {
  const draft = {} as RowDraft;
  startDraft(draft);
  return draft;
}

export function startDraft(draft: RowDraft): void {
  draft.errors = undefined;
  draft.date = null;
  draft.periodEnd = null;
  draft.site = '';
  draft.category = undefined;
  draft.variant = '';
  draft.reference = '';
  draft.quantityText = '';
  draft.spendText = '';
  draft.quantity = null;
  draft.unit = null;
  draft.spend = null;
  draft.currency = null;
  draft.dataQuality = 'measured';
  draft.calorificBasis = null;
}

type Cells = readonly string[];

/** date, and periodEnd (a YYYY-MM date also gives periodEnd: the whole month). */
export function readDates(draft: RowDraft, fields: Cells, settings: RowSettings): void {
  const dateText = cell(fields, settings.column.date);
  if (dateText === '') problem(draft, 'date is empty; use YYYY-MM-DD, DD/MM/YYYY or YYYY-MM');
  else if (isPlainIsoDay(dateText)) draft.date = dateText;
  else {
    const d = readDate(dateText);
    if (d.ok) {
      draft.date = d.first;
      if (d.wholeMonth) draft.periodEnd = d.last;
    } else problem(draft, `date ${d.message}`);
  }
  const endText = cell(fields, settings.column.periodEnd);
  if (endText === '') return;
  const d = isPlainIsoDay(endText) ? undefined : readDate(endText);
  if (d !== undefined && !d.ok) {
    draft.periodEnd = null;
    problem(draft, `period end ${d.message}`);
    return;
  }
  const periodEnd = d === undefined ? endText : d.last;
  draft.periodEnd = periodEnd;
  if (draft.date && periodEnd < draft.date) {
    problem(draft, `period end ${periodEnd} is before the date ${draft.date}`);
  }
}

export function readSite(draft: RowDraft, fields: Cells, settings: RowSettings): void {
  const siteText = cell(fields, settings.column.site);
  draft.site = checkedText(draft, 'site', siteText);
  if (siteText === '') problem(draft, 'site is empty');
}

export function readCategory(draft: RowDraft, fields: Cells, settings: RowSettings): void {
  const categoryText = cell(fields, settings.column.category);
  if (categoryText === '') {
    problem(draft, `category is empty; use one of: ${CATEGORY_WORDS}`);
    return;
  }
  draft.category = parseCategory(categoryText);
  if (!draft.category) {
    problem(
      draft,
      `category "${categoryText}" is not one we know; choose what it is in the mapping step, or use one of: ${CATEGORY_WORDS}`,
    );
  }
}

/** variant and reference: free text, tidied. */
export function readNotes(draft: RowDraft, fields: Cells, settings: RowSettings): void {
  draft.variant = checkedText(draft, 'variant', cell(fields, settings.column.variant));
  draft.reference = checkedText(draft, 'reference', cell(fields, settings.column.reference));
}

/** quantity and its unit (also notes the spend cell, for the rule that one of the two is needed). */
export function readQuantity(draft: RowDraft, fields: Cells, settings: RowSettings): void {
  const quantityText = cell(fields, settings.column.quantity);
  draft.quantityText = quantityText;
  draft.spendText = cell(fields, settings.column.spend);
  if (quantityText === '' && draft.spendText === '') {
    problem(draft, 'needs a quantity with a unit, or a spend with a currency; both are empty');
  }
  if (quantityText === '') return;
  if (draft.category === 'purchased_goods') {
    problem(
      draft,
      'purchased goods and services are recorded by spend; leave quantity and unit empty and give spend and currency',
    );
  }
  draft.quantity = readAmount(draft, 'quantity', quantityText, quantityText, settings.decimalMark);
  if (draft.quantity !== null && draft.quantity > MAX_QUANTITY) {
    problem(draft, aboveLimit('quantity', quantityText, MAX_QUANTITY));
  }
  readUnit(draft, fields, settings);
}

function readUnit(draft: RowDraft, fields: Cells, settings: RowSettings): void {
  const { category } = draft;
  const measured = category && category !== 'purchased_goods' ? category : undefined;
  const unitText = cell(fields, settings.column.unit);
  if (unitText === '') {
    if (settings.defaultUnit) draft.unit = settings.defaultUnit;
    else
      problem(
        draft,
        measured ? `quantity has no unit; use ${describeExpectedUnits(measured)}` : 'quantity has no unit',
      );
    return;
  }
  const u = parseUnit(unitText, settings.plainGallon);
  if (u.ok) {
    draft.unit = u.unit;
    if (measured && !CATEGORY_DIMENSIONS[measured].includes(UNIT_DIMENSION[u.unit])) {
      problem(
        draft,
        `unit "${unitText}" does not fit ${CATEGORY_LABELS[measured]}, which is measured in ${describeExpectedUnits(measured)}`,
      );
    }
  } else if (u.reason === 'ambiguous_ton') {
    problem(draft, `unit "${unitText}" is ambiguous; use tonne (1,000 kg) or short_ton (2,000 lb)`);
  } else {
    const expected = measured ? orList(unitsFor(measured)) : `one of: ${ACTIVITY_UNITS.join(', ')}`;
    problem(draft, `unit "${unitText}" is not a unit we know; use ${expected}`);
  }
}

/** spend and its currency (from the currency column, a £ or € on the amount, or the default). */
export function readSpend(draft: RowDraft, fields: Cells, settings: RowSettings): void {
  const { spendText } = draft;
  if (spendText === '') {
    if (draft.category === 'purchased_goods')
      problem(draft, 'purchased goods and services need a spend and a currency');
    return;
  }
  let amount = spendText;
  let symbolCurrency: string | undefined;
  // £ and € are the only currency symbols read, neither is ASCII: skip the split for plain amounts.
  if (spendText.charCodeAt(0) > 127 || spendText.charCodeAt(spendText.length - 1) > 127) {
    ({ amount, symbolCurrency } = splitCurrencySymbol(spendText));
  }
  draft.spend = readAmount(draft, 'spend', spendText, amount, settings.decimalMark);
  if (draft.spend !== null && draft.spend > MAX_AMOUNT)
    problem(draft, aboveLimit('spend', spendText, MAX_AMOUNT));
  const currencyText = cell(fields, settings.column.currency);
  if (currencyText !== '') {
    const c = parseCurrency(currencyText);
    if (!c) {
      problem(
        draft,
        `currency "${currencyText}" is not an ISO 4217 code; use three letters such as GBP, EUR or USD`,
      );
    } else if (symbolCurrency && symbolCurrency !== c) {
      problem(draft, `spend "${spendText}" is in ${symbolCurrency} but the currency column says ${c}`);
    } else draft.currency = c;
  } else if (symbolCurrency) draft.currency = symbolCurrency;
  else if (settings.defaultCurrency) draft.currency = settings.defaultCurrency;
  else problem(draft, `spend "${spendText}" has no currency; add a three-letter ISO 4217 code such as GBP`);
}

/** dataQuality: measured when there is a quantity, else spend_based, unless the row says otherwise. */
export function readDataQuality(draft: RowDraft, fields: Cells, settings: RowSettings): void {
  draft.dataQuality = draft.quantityText !== '' ? 'measured' : 'spend_based';
  const qualityText = cell(fields, settings.column.dataQuality);
  if (qualityText === '') return;
  const dq = parseDataQuality(qualityText);
  if (!dq) {
    problem(draft, `data quality "${qualityText}" is not one we know; use ${orList(DATA_QUALITY_TIERS)}`);
  } else if (dq === 'spend_based' && draft.spendText === '') {
    problem(draft, 'data quality "spend_based" needs a spend and a currency');
  } else draft.dataQuality = dq;
}

/** calorificBasis: gross by default for fuels measured in energy units; anywhere else it must be empty. */
export function readCalorificBasis(draft: RowDraft, fields: Cells, settings: RowSettings): void {
  const { category, unit } = draft;
  const basisApplies =
    category !== undefined &&
    FUEL_CATEGORIES.has(category) &&
    unit !== null &&
    UNIT_DIMENSION[unit] === 'energy';
  if (basisApplies) draft.calorificBasis = 'gross';
  const basisText = cell(fields, settings.column.calorificBasis);
  if (basisText === '') return;
  const basis = parseCalorificBasis(basisText);
  if (!basis) problem(draft, `calorific basis "${basisText}" is not gross or net`);
  else if (!basisApplies) {
    problem(
      draft,
      `calorific basis "${basisText}" only applies to fuels measured in energy units (kWh, MWh, GJ, therm, mmBtu); leave it empty here`,
    );
  } else draft.calorificBasis = basis;
}

/** A quantity or spend, with the plain form ("1234.5") read without the full parser. */
function readAmount(
  draft: RowDraft,
  label: string,
  text: string,
  amount: string,
  decimalMark: DecimalMark,
): number | null {
  const plain = plainDecimal(amount, decimalMark);
  if (plain >= 0) return plain;
  const parsed = parseDecimal(amount, decimalMark);
  if (parsed.ok) return parsed.value;
  problem(draft, numberMessage(label, text, parsed.reason, decimalMark));
  return null;
}

/** A free-text cell, tidied, with its length and characters checked. */
function checkedText(draft: RowDraft, label: string, text: string): string {
  const value = tidyText(text);
  if (value.length > MAX_TEXT) problem(draft, tooLong(label, value));
  if (hasRefusedCharacters(value)) problem(draft, refused(label));
  return value;
}

/**
 * Adds `message` to the draft's problems (the list is created on the first one). The line travels
 * beside the message, never inside it: one problem on 38 rows is one group (problem-groups.ts).
 */
function problem(draft: RowDraft, message: string): void {
  if (draft.errors) draft.errors.push(message);
  else draft.errors = [message];
}

/**
 * parseDate for the dates that are not plain YYYY-MM-DD (31/01/2025, 2025-01), remembered: a file
 * repeats its dates, and the regexes cost ~220 ns a date against ~90 ns for a lookup (2-core VM,
 * 2026-11-21). The results are shared between rows: read them, never change them.
 */
const readDate = memo(parseDate);

/** decision 042: control characters and lone surrogates are refused in every text cell. */
function refused(label: string): string {
  return `${label} contains characters that are not allowed (control characters)`;
}

/** decision 042: bounds that keep every sum of the ledger finite. */
function aboveLimit(label: string, text: string, max: number): string {
  return `${label} "${text}" is above the largest accepted, ${max.toLocaleString('en-GB')}`;
}

function tooLong(label: string, value: string): string {
  return `${label} is ${value.length} characters long; keep it to ${MAX_TEXT}`;
}

/** The cell in `column` (-1: no such column), trimmed; '' when missing (a short row). */
function cell(fields: readonly string[], column: number): string {
  if (column < 0) return '';
  const value = fields[column];
  if (value === undefined || value === '') return '';
  // Most cells need no trimming: skip the copy.
  return value.charCodeAt(0) > 32 && value.charCodeAt(value.length - 1) > 32 ? value : value.trim();
}

/**
 * Runs of whitespace, and whitespace other than a space, become one space ("London  HQ", a line break in a
 * quoted reference). Printable ASCII with single spaces — nearly every cell — is checked without the regex.
 */
function tidyText(text: string): string {
  let space = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 32 && c < 127) space = false;
    else if (c === 32 && !space) space = true;
    else return MESSY_SPACE.test(text) ? text.replace(/\s+/g, ' ') : text;
  }
  return text;
}

const parseCalorificBasis = memo((text: string): 'gross' | 'net' | undefined => {
  switch (slugKey(text)) {
    case 'gross':
    case 'gcv':
    case 'gross_cv':
    case 'hhv':
      return 'gross';
    case 'net':
    case 'ncv':
    case 'net_cv':
    case 'lhv':
      return 'net';
    default:
      return undefined;
  }
});

function splitCurrencySymbol(text: string): { amount: string; symbolCurrency: string | undefined } {
  const first = text.charAt(0);
  const last = text.charAt(text.length - 1);
  let symbolCurrency = currencyFromSymbol(first);
  if (symbolCurrency) return { amount: text.slice(1).trim(), symbolCurrency };
  symbolCurrency = currencyFromSymbol(last);
  if (symbolCurrency) return { amount: text.slice(0, -1).trim(), symbolCurrency };
  return { amount: text, symbolCurrency: undefined };
}

function numberMessage(
  label: string,
  text: string,
  reason: 'format' | 'negative',
  decimalMark: DecimalMark,
): string {
  if (reason === 'negative') {
    return `${label} "${text}" is negative; negative values are not accepted (enter credits and corrections separately)`;
  }
  return decimalMark === ','
    ? `${label} "${text}" is not a number in this file's format; this file is separated by ";", so write decimals with a comma (1234,5 or 1.234,5)`
    : `${label} "${text}" is not a number; write decimals with a dot (1234.5 or "1,234.5")`;
}
