// Header recognition: which column holds which field of an activity line.
//
// A header cell is normalised before lookup: camelCase split ("periodEnd" → "period end"), accents
// dropped, lower-cased, and `_`, `-`, `.`, `/`, `#`, `*` and repeated spaces folded into one space.
// A unit or currency in brackets or at the end is a hint, not part of the name: "Usage (kWh)" is the
// quantity column in kWh, "Cost (£)" / "Net amount GBP" the spend column in GBP. A header that is only a
// unit ("kWh", "Litres", "Nights") is a quantity column in that unit.
//
// "Amount" is ambiguous (quantity or money?). Decision: "Amount" with a currency hint ("Amount (GBP)",
// "Amount £") is spend; with a unit hint it is quantity. A bare "Amount" is the quantity, unless another
// column already is the quantity, or the file has a currency column and no unit column — then it is spend.
// Money columns in activity exports are nearly always marked ("cost", "net", "£"); a bare amount beside
// a unit column is a quantity.
//
// Bare "From" / "To" are not taken as dates: in travel exports they are places (LHR, JFK).
//
// The mapping step: when a required field has no column, readImport throws HeaderMappingRequired with the
// unknown columns; the user picks a field (or "ignore") for each, and the upload is read again with that
// `userMapping` (column name → field | 'ignore'), which overrides anything recognised automatically.

import { type ActivityUnit, parseCurrency, parseUnit } from './vocabulary.ts';

export const IMPORT_FIELDS = [
  'date',
  'periodEnd',
  'site',
  'category',
  'variant',
  'quantity',
  'unit',
  'spend',
  'currency',
  'dataQuality',
  'reference',
  'calorificBasis',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Always needed; besides these, a quantity (+ unit) or a spend (+ currency) column. */
export const REQUIRED_FIELDS: readonly ImportField[] = ['date', 'site', 'category'];

/** Field → 0-based column index. */
export type ColumnMapping = Partial<Record<ImportField, number>>;

/** The mapping step's answer: header text (as in the file) → field, or 'ignore'. */
export type UserColumnMapping = Record<string, ImportField | 'ignore'>;

export interface HeaderRecognition {
  mapping: ColumnMapping;
  /** Non-empty header cells that map to nothing (or lost a field to a better-named column), in file order. */
  unknownColumns: string[];
  /**
   * Requirements not met: 'date', 'site', 'category', 'quantity or spend', and 'unit' / 'currency'
   * when there is a quantity / spend column but no unit / currency column nor a unit / currency hint.
   */
  missingRequired: string[];
  /** Header cells with the user's 'ignore'. */
  ignoredColumns: string[];
  /** Unit / currency taken from the header ("Usage (kWh)", "Cost (£)"), used when a row has none. */
  defaults: { unit?: ActivityUnit; currency?: string };
  /** The header cells, trimmed. */
  columns: string[];
}

export interface RecogniseHeadersOptions {
  /** A currency to assume when there is no currency column (e.g. the company's): then it is not missing. */
  defaultCurrency?: string;
}

const SYNONYMS: Record<ImportField, readonly string[]> = {
  date: [
    'date',
    'activity date',
    'period start',
    'period start date',
    'start date',
    'start',
    'from date',
    'date from',
    'period from',
    'billing period start',
    'transaction date',
    'invoice date',
    'reading date',
    'month',
    'period',
    'datum',
    'startdatum',
    'fecha',
    'date debut',
    'date de debut',
  ],
  periodEnd: [
    'period end',
    'period end date',
    'end date',
    'end',
    'to date',
    'date to',
    'period to',
    'billing period end',
    'enddatum',
    'date fin',
    'date de fin',
  ],
  site: [
    'site',
    'site name',
    'location',
    'location name',
    'facility',
    'facility name',
    'premises',
    'building',
    'property',
    'branch',
    'office',
    'store',
    'plant',
    'standort',
    'lieu',
    'etablissement',
  ],
  category: [
    'category',
    'activity category',
    'type',
    'activity',
    'activity type',
    'emission source',
    'source',
    'source type',
    'fuel',
    'fuel type',
    'kategorie',
    'categorie',
    'categoria',
  ],
  variant: [
    'variant',
    'subtype',
    'sub type',
    'subcategory',
    'sub category',
    'factor',
    'factor key',
    'emission factor',
    'emission factor key',
    'ef key',
    'naics',
    'naics code',
    'waste type',
    'vehicle type',
    'refrigerant type',
    'travel class',
    'cabin class',
    'class',
  ],
  quantity: [
    'quantity',
    'qty',
    'usage',
    'consumption',
    'volume',
    'value',
    'units used',
    'distance',
    'weight',
    'activity amount',
    'activity quantity',
    'menge',
    'verbrauch',
    'quantite',
    'consommation',
    'cantidad',
  ],
  unit: [
    'unit',
    'units',
    'uom',
    'unit of measure',
    'unit of measurement',
    'measure',
    'quantity unit',
    'usage unit',
    'einheit',
    'unite',
    'unidad',
  ],
  spend: [
    'spend',
    'cost',
    'costs',
    'total cost',
    'net cost',
    'net amount',
    'amount spent',
    'net',
    'net value',
    'invoice amount',
    'invoice total',
    'total amount',
    'gross amount',
    'amount excl vat',
    'amount ex vat',
    'expenditure',
    'betrag',
    'kosten',
    'montant',
    'cout',
  ],
  currency: ['currency', 'currency code', 'ccy', 'cur', 'waehrung', 'wahrung', 'devise', 'moneda'],
  dataQuality: ['data quality', 'quality', 'dq', 'data quality tier', 'quality tier'],
  reference: [
    'reference',
    'ref',
    'invoice',
    'invoice number',
    'invoice no',
    'invoice id',
    'invoice ref',
    'meter',
    'meter id',
    'meter number',
    'meter serial',
    'mpan',
    'mprn',
    'document',
    'document number',
    'receipt',
    'receipt number',
    'po number',
    'booking reference',
    'transaction id',
    'referenz',
    'rechnungsnummer',
    'facture',
    'numero de facture',
    // A description column is kept on the line too (decision 049): activity_lines.reference is
    // the line's one free-text field. Ranked after every reference spelling, so a file with both
    // keeps its reference and lists the description as an extra column.
    'description',
    'memo',
    'details',
    'narrative',
    'notes',
    'note',
    'comment',
    'comments',
    'beschreibung',
  ],
  calorificBasis: [
    'calorific basis',
    'calorific value basis',
    'cv basis',
    'cv',
    'gross net',
    'gcv ncv',
    'basis',
  ],
};

const FIELD_BY_KEY = new Map<string, ImportField>();
/** Rank of each synonym: its place in its list (the canonical name is 0). Lower wins a contest. */
const RANK_BY_KEY = new Map<string, number>();
for (const field of IMPORT_FIELDS) {
  FIELD_BY_KEY.set(normaliseHeader(field), field);
  RANK_BY_KEY.set(normaliseHeader(field), 0);
  SYNONYMS[field].forEach((synonym, rank) => {
    FIELD_BY_KEY.set(synonym, field);
    if (!RANK_BY_KEY.has(synonym)) RANK_BY_KEY.set(synonym, rank);
  });
}
/** A header that is only a unit ("kWh") is a weaker claim on the quantity than any synonym. */
const UNIT_ONLY_RANK = 1000;

/** The header synonyms, for documentation and the mapping screen. */
export const HEADER_SYNONYMS: Readonly<Record<ImportField, readonly string[]>> = SYNONYMS;

/** "Period_End *" → "period end"; "Quantité" → "quantite"; "dataQuality" → "data quality". */
export function normaliseHeader(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

interface HeaderReading {
  field: ImportField | 'amount' | undefined;
  rank: number;
  unit?: ActivityUnit;
  currency?: string;
}

/** One header cell → field plus an optional unit / currency hint. */
function readHeader(raw: string): HeaderReading {
  const text = raw.replace(/^\uFEFF/, '').trim();
  // A header that is only a unit: "kWh", "Litres", "m³", "Nights".
  const asUnit = parseUnit(text);
  if (asUnit.ok && text.length > 1) return { field: 'quantity', rank: UNIT_ONLY_RANK, unit: asUnit.unit };

  let name = text;
  let unit: ActivityUnit | undefined;
  let currency: string | undefined;
  const takeHint = (hint: string): boolean => {
    const c = parseCurrency(hint);
    if (c) {
      currency = c;
      return true;
    }
    const u = parseUnit(hint);
    if (u.ok && hint.trim().length > 1) {
      unit = u.unit;
      return true;
    }
    return false;
  };
  // "(kWh)", "[GBP]", "(£)" anywhere; other bracketed text is an explanation: "Date (DD/MM/YYYY)".
  name = name.replace(/[([]([^)\]]*)[)\]]/g, (_whole, inner: string) => {
    takeHint(inner);
    return ' ';
  });
  // "£" / "€" symbols outside brackets.
  name = name.replace(/[£€]/g, (symbol) => (takeHint(symbol) ? ' ' : symbol));
  let key = normaliseHeader(name);
  let field: ImportField | 'amount' | undefined = key === 'amount' ? 'amount' : FIELD_BY_KEY.get(key);
  if (!field) {
    // Trailing hint word: "Usage kWh", "Net amount GBP", "Cost in EUR".
    const words = key.split(' ');
    if (words.length > 1) {
      const last = words[words.length - 1]!;
      if (takeHint(last)) {
        words.pop();
        if (words[words.length - 1] === 'in') words.pop();
        key = words.join(' ');
        field = key === 'amount' ? 'amount' : FIELD_BY_KEY.get(key);
      }
    }
  }
  if (field === 'amount') {
    if (currency) field = 'spend';
    else if (unit) field = 'quantity';
  }
  // A hint only belongs on the column it describes.
  if (field !== 'quantity' && field !== 'amount') unit = undefined;
  if (field !== 'spend' && field !== 'amount') currency = undefined;
  return { field, rank: RANK_BY_KEY.get(key) ?? 0, unit, currency };
}

/**
 * Map header cells to fields. `userMapping` (header text → field | 'ignore') wins over recognition;
 * among recognised columns claiming one field the best-ranked synonym wins (then the leftmost) and
 * the others are reported as unknown.
 */
export function recogniseHeaders(
  headerFields: readonly string[],
  userMapping: UserColumnMapping = {},
  options: RecogniseHeadersOptions = {},
): HeaderRecognition {
  const columns = headerFields.map((h, i) => (i === 0 ? h.replace(/^\uFEFF/, '') : h).trim());
  const mapping: ColumnMapping = {};
  const unknownColumns: string[] = [];
  const ignoredColumns: string[] = [];
  const defaults: { unit?: ActivityUnit; currency?: string } = {};

  // The user's choices first, matched on the exact header text, else on its normalised form.
  const userByName = new Map<string, ImportField | 'ignore'>();
  const userByKey = new Map<string, ImportField | 'ignore'>();
  for (const [name, choice] of Object.entries(userMapping)) {
    if (choice !== 'ignore' && !(IMPORT_FIELDS as readonly string[]).includes(choice)) {
      throw new RangeError(`Column "${name}" is mapped to "${choice}", which is not an import field.`);
    }
    userByName.set(name.trim(), choice);
    userByKey.set(normaliseHeader(name), choice);
  }
  const decided = new Set<number>();
  columns.forEach((name, index) => {
    const choice = userByName.get(name) ?? userByKey.get(normaliseHeader(name));
    if (choice === undefined) return;
    decided.add(index);
    if (choice === 'ignore') ignoredColumns.push(name);
    else if (mapping[choice] === undefined) {
      mapping[choice] = index;
      // A hint in a user-mapped header still counts: "Verbrauch (kWh)" mapped to quantity is in kWh.
      const hint = readHeader(name);
      if (choice === 'quantity' && hint.unit) defaults.unit = hint.unit;
      if (choice === 'spend' && hint.currency) defaults.currency = hint.currency;
    } else unknownColumns.push(name);
  });

  // Then recognition. When several columns claim a field, the better name wins ("Date" over "Invoice
  // date", "Qty" over a bare "kWh" column), then the leftmost; the others are reported as unknown.
  // "Amount" columns wait until everything else is known.
  const claims: { index: number; field: ImportField; reading: HeaderReading }[] = [];
  const amountColumns: number[] = [];
  columns.forEach((name, index) => {
    if (decided.has(index) || name === '') return;
    const reading = readHeader(name);
    if (reading.field === 'amount') amountColumns.push(index);
    else if (reading.field) claims.push({ index, field: reading.field, reading });
    else unknownColumns.push(name);
  });
  claims.sort((a, b) => a.reading.rank - b.reading.rank || a.index - b.index);
  for (const { index, field, reading } of claims) {
    if (mapping[field] !== undefined) {
      unknownColumns.push(columns[index]!);
      continue;
    }
    mapping[field] = index;
    if (field === 'quantity' && reading.unit) defaults.unit = reading.unit;
    if (field === 'spend' && reading.currency) defaults.currency = reading.currency;
  }
  for (const index of amountColumns) {
    const field = chooseAmountField(mapping);
    if (field) mapping[field] = index;
    else unknownColumns.push(columns[index]!);
  }
  if (unknownColumns.length > 1) {
    // Keep the file's column order.
    unknownColumns.sort((a, b) => columns.indexOf(a) - columns.indexOf(b));
  }

  const missingRequired: string[] = REQUIRED_FIELDS.filter((f) => mapping[f] === undefined);
  if (mapping.quantity === undefined && mapping.spend === undefined)
    missingRequired.push('quantity or spend');
  if (mapping.quantity !== undefined && mapping.unit === undefined && !defaults.unit)
    missingRequired.push('unit');
  const defaultCurrency = options.defaultCurrency ? parseCurrency(options.defaultCurrency) : undefined;
  if (!defaults.currency && defaultCurrency) defaults.currency = defaultCurrency;
  if (mapping.spend !== undefined && mapping.currency === undefined && !defaults.currency) {
    missingRequired.push('currency');
  }
  return { mapping, unknownColumns, missingRequired, ignoredColumns, defaults, columns };
}

/** Where a bare "Amount" column goes (see the decision at the top of this file). */
function chooseAmountField(mapping: ColumnMapping): 'quantity' | 'spend' | undefined {
  if (mapping.quantity !== undefined) return mapping.spend === undefined ? 'spend' : undefined;
  if (mapping.spend !== undefined) return 'quantity';
  if (mapping.currency !== undefined && mapping.unit === undefined) return 'spend';
  return 'quantity';
}
