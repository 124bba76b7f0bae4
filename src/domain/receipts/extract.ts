// What a receipt or bill says, read from its OCR or PDF text: vendor, date, total, currency and
// the activity that matters for emissions (litres of fuel, kWh of energy, hotel nights), and the
// draft ledger line it suggests. Pure: text in, plain data out. Nothing here is final; a person
// confirms or corrects the draft before it enters the ledger.
import type { ReceiptData, ReceiptKind, SuggestedLine } from '../contracts/receipts.ts';
import {
  amountsIn,
  currencyIn,
  datesIn,
  daysBetween,
  dominantCurrency,
  NUMBER,
  parseNumber,
} from './text-values.ts';

export interface ReceiptExtraction {
  receiptData: ReceiptData;
  suggestedLine: SuggestedLine | null;
}

/** US gallon in litres (NIST Handbook 44, exact). */
const LITRES_PER_US_GALLON = 3.785411784;

/** Lines that head a receipt without naming who issued it. */
const GENERIC_HEADINGS =
  /^(?:(?:vat|tax|sales|fuel|cash)?\s*(?:receipt|invoice|bill)|welcome|customer copy|merchant copy|thank you.*|page \d+.*|statement|your (?:electricity|energy|gas) bill)$/i;

/** Energy suppliers whose name a bill may print in a logo the OCR misses; matched in the text. */
const KNOWN_SUPPLIERS = [
  'Octopus Energy',
  'British Gas',
  'EDF Energy',
  'EDF',
  'E.ON Next',
  'E.ON',
  'OVO Energy',
  'OVO',
  'Scottish Power',
  'SSE',
  'Good Energy',
  'Ecotricity',
  'Shell Energy',
  'So Energy',
  'Utility Warehouse',
  'Vattenfall',
  'EnBW',
  'RWE',
  'Engie',
  'Iberdrola',
  'Enel',
  'Con Edison',
  'PG&E',
  'Duke Energy',
  'Pacific Gas and Electric',
];

const GREEN_TARIFF =
  /100\s*%\s*renewable|green (?:tariff|energy|electricity)|renewable (?:electricity|energy|tariff)|\bREGOs?\b|guarantees? of origin|ökostrom|green-e/i;
const FUEL_WORDS = /\b(?:diesel|petrol|unleaded|gasoline|gasoil|derv|fuel|pump|super\s*95|e10|e5)\b/i;
const HOTEL_WORDS = /\b(?:hotel|inn|lodge|guest ?house|room|check[- ]?in|arrival|nights?)\b/i;

const cleanLine = (line: string) => line.replace(/[|¦]/g, ' ').replace(/\s+/g, ' ').trim();

function findVendor(lines: readonly string[]): string | null {
  for (const line of lines.slice(0, 8)) {
    const letters = line.replace(/[^A-Za-zÀ-ž]/g, '');
    if (letters.length < 3 || GENERIC_HEADINGS.test(line)) continue;
    if (datesIn(line).length > 0 || amountsIn(line).length > 0) continue;
    if (/^(?:(?:date|time|tel|phone|vat)\b|www\.|https?:)/i.test(line)) continue;
    return line.replace(/^[^A-Za-z0-9À-ž]+|[^A-Za-z0-9À-ž).&]+$/g, '');
  }
  return null;
}

const TOTAL_STRONG =
  /\b(?:grand total|total due|total amount due|amount due|balance due|total to pay|amount payable|total payable|total charged|to pay|gesamtbetrag|montant total)\b/i;
const TOTAL_PLAIN = /\b(?:total|summe|gesamt|montant|betrag)\b/i;
const NOT_TOTAL =
  /\b(?:sub-?\s?total|total (?:vat|tax|excl?\.?|net|before)|vat total|tax total|net total)\b/i;

/** The amount a receipt says was paid, and the line it was on. */
function findTotal(lines: readonly string[]): { total: number; line: string } | null {
  let best: { total: number; line: string; score: number } | null = null;
  lines.forEach((line, index) => {
    const score = TOTAL_STRONG.test(line) ? 3 : TOTAL_PLAIN.test(line) && !NOT_TOTAL.test(line) ? 2 : 0;
    if (score === 0) return;
    // A quantity line ("Total 1,234 kWh") is not the money total unless it names a currency.
    if (/kwh|\blitres?\b|\bnights?\b/i.test(line) && !currencyIn(line)) return;
    const own = amountsIn(line);
    const next = lines[index + 1];
    const amounts = own.length > 0 ? own : next && !/[A-Za-z]{4,}/.test(next) ? amountsIn(next) : [];
    const total = amounts.at(-1);
    if (total === undefined) return;
    if (!best || score >= best.score)
      best = { total, line: own.length > 0 ? line : `${line} ${next}`, score };
  });
  return best;
}

function firstMatch(lines: readonly string[], pattern: RegExp, unitIsDecimals = false): number | null {
  for (const line of lines) {
    const match = line.match(pattern);
    if (match?.[1]) {
      const value = parseNumber(match[1], unitIsDecimals ? 'decimals' : 'thousands');
      if (value !== null && value > 0) return value;
    }
  }
  return null;
}

const LITRES_AFTER = new RegExp(String.raw`(${NUMBER})\s*(?:l|ltr?s?|litres?|liters?)\b`, 'i');
const LITRES_BEFORE = new RegExp(String.raw`\b(?:litres?|liters?|volume)\s*:?\s*(${NUMBER})`, 'i');
const GALLONS = new RegExp(String.raw`(${NUMBER})\s*(?:gal|gallons?)\b`, 'i');
const KWH = new RegExp(String.raw`(${NUMBER})\s*kwh\b`, 'i');
const NIGHTS = /\b(\d{1,2})\s*(?:x\s*)?nights?\b|\bnights?\s*:?\s*(\d{1,2})\b/i;

/** The kWh a bill charges for: a "total"/"used" line first, else the largest kWh figure. */
function findKWh(lines: readonly string[]): number | null {
  const labelled = lines.filter((line) => /total|used|consumption|usage|units/i.test(line));
  const fromLabelled = firstMatch(labelled, KWH);
  if (fromLabelled !== null) return fromLabelled;
  const all = lines
    .map((line) => line.match(KWH)?.[1])
    .map((raw) => (raw ? parseNumber(raw) : null))
    .filter((value): value is number => value !== null);
  return all.length > 0 ? Math.max(...all) : null;
}

function lineWithTwoDates(lines: readonly string[], monthFirst: boolean): [string, string] | null {
  for (const line of lines) {
    const dates = datesIn(line, monthFirst);
    if (dates.length >= 2 && dates[0]! <= dates[1]!) return [dates[0]!, dates[1]!];
  }
  return null;
}

function dateOnLine(lines: readonly string[], label: RegExp, monthFirst: boolean): string | null {
  for (const [index, line] of lines.entries()) {
    if (!label.test(line)) continue;
    const dates = datesIn(line, monthFirst);
    if (dates.length > 0) return dates[0]!;
    const next = datesIn(lines[index + 1] ?? '', monthFirst);
    if (next.length > 0) return next[0]!;
  }
  return null;
}

function firstDate(lines: readonly string[], monthFirst: boolean): string | null {
  for (const line of lines) {
    const dates = datesIn(line, monthFirst);
    if (dates.length > 0) return dates[0]!;
  }
  return null;
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** A fuel receipt's litres (US gallons converted, said in a note) and fuel type. */
function readFuel(
  data: ReceiptData,
  text: string,
  { litresStated, gallons }: { litresStated: number | null; gallons: number | null },
): void {
  const notes = data.notes;
  data.litres = litresStated ?? round(gallons! * LITRES_PER_US_GALLON, 2);
  if (gallons !== null) notes.push(`${gallons} US gallons, shown as ${data.litres} litres`);
  const diesel = /\b(?:diesel|gasoil|derv)\b/i.test(text);
  const petrol = /\b(?:petrol|unleaded|gasoline|super\s*95|e10|e5)\b/i.test(text);
  data.fuelType = diesel && !petrol ? 'diesel' : petrol && !diesel ? 'petrol' : null;
  if (data.fuelType === null) notes.push('Fuel type not found: choose diesel or petrol');
}

/** An energy bill's kWh, fuel, billing period, supplier and tariff. */
function readEnergyBill(
  data: ReceiptData,
  {
    text,
    lines,
    monthFirst,
    kWh,
    vendor,
  }: { text: string; lines: string[]; monthFirst: boolean; kWh: number | null; vendor: string | null },
): void {
  const notes = data.notes;
  data.kWh = kWh;
  // A gas bill names gas and not electricity; a dual-fuel bill needs two lines, said in a note.
  const gas = /\bgas\b/i.test(text.replace(/british gas/gi, ''));
  const electricity = /electric/i.test(text);
  data.energyType = gas && !electricity ? 'natural_gas' : 'electricity';
  if (gas && electricity)
    notes.push('This bill may cover gas and electricity: add a second line for the other fuel');
  const period = lineWithTwoDates(lines, monthFirst);
  data.periodStart = period?.[0] ?? null;
  data.periodEnd = period?.[1] ?? null;
  if (!period) notes.push('Billing period not found: enter the dates the bill covers');
  const lower = text.toLowerCase();
  data.supplier = KNOWN_SUPPLIERS.find((name) => lower.includes(name.toLowerCase())) ?? vendor;
  data.greenTariff = GREEN_TARIFF.test(text);
}

/** Reads a receipt's or bill's text. */
export function extractReceipt(text: string): ReceiptExtraction {
  const lines = text
    .split(/\r?\n/)
    .map(cleanLine)
    .filter((line) => line !== '');
  const notes: string[] = [];
  const vendor = findVendor(lines);
  const totalFound = findTotal(lines);
  const currency = (totalFound && currencyIn(totalFound.line)) ?? dominantCurrency(lines);
  const monthFirst = currency === 'USD';

  const litresStated = firstMatch(lines, LITRES_AFTER, true) ?? firstMatch(lines, LITRES_BEFORE, true);
  const gallons = litresStated === null ? firstMatch(lines, GALLONS, true) : null;
  const kWh = findKWh(lines);
  const nightsMatch = lines.map((line) => line.match(NIGHTS)).find(Boolean);
  const nightsStated = nightsMatch ? Number(nightsMatch[1] ?? nightsMatch[2]) : null;
  const arrival = dateOnLine(lines, /arriv|check[- ]?in/i, monthFirst);
  const departure = dateOnLine(lines, /depart|check[- ]?out/i, monthFirst);

  const hasFuelVolume = litresStated !== null || gallons !== null;
  const kind: ReceiptKind =
    hasFuelVolume && (FUEL_WORDS.test(text) || kWh === null)
      ? 'fuel'
      : kWh !== null
        ? 'energy'
        : nightsStated !== null || (arrival && departure && HOTEL_WORDS.test(text))
          ? 'hotel'
          : 'other';

  const data: ReceiptData = {
    vendor,
    date: null,
    total: totalFound?.total ?? null,
    currency,
    kind,
    litres: null,
    fuelType: null,
    kWh: null,
    periodStart: null,
    periodEnd: null,
    energyType: null,
    supplier: null,
    greenTariff: null,
    nights: null,
    notes,
  };
  const receiptDate =
    dateOnLine(lines, /\b(?:bill|invoice|statement|issue|transaction|receipt)?\s*date\b/i, monthFirst) ??
    null;

  if (kind === 'fuel') {
    readFuel(data, text, { litresStated, gallons });
    data.date = receiptDate ?? firstDate(lines, monthFirst);
  } else if (kind === 'energy') {
    readEnergyBill(data, { text, lines, monthFirst, kWh, vendor });
    data.date = receiptDate ?? data.periodEnd ?? firstDate(lines, monthFirst);
  } else if (kind === 'hotel') {
    const stay = arrival && departure ? daysBetween(arrival, departure) : null;
    data.nights = nightsStated ?? (stay !== null && stay > 0 ? stay : null);
    if (nightsStated !== null && stay !== null && stay > 0 && stay !== nightsStated) {
      notes.push(`The bill says ${nightsStated} nights but the dates span ${stay}`);
    }
    data.periodStart = arrival;
    data.periodEnd = departure;
    data.date = receiptDate ?? departure ?? firstDate(lines, monthFirst);
  } else {
    data.date = receiptDate ?? firstDate(lines, monthFirst);
    notes.push('No fuel, energy or hotel activity found: add a ledger line by hand if this belongs in it');
  }
  if (!vendor) notes.push('Vendor not found');
  if (!data.date) notes.push('Date not found: enter it');
  if (data.total === null) notes.push('Total not found');
  if (data.total !== null && !currency) notes.push('Currency not found: enter it');
  return { receiptData: data, suggestedLine: suggestLine(data) };
}

/** The draft ledger line, or null when the receipt shows no activity the ledger can calculate. */
export function suggestLine(data: ReceiptData): SuggestedLine | null {
  const spend = data.total !== null && data.currency ? data.total : null;
  const base = {
    variant: null,
    spend,
    currency: spend !== null ? data.currency : null,
    date: data.date,
    periodEnd: null,
    instrument: null,
    reference: data.vendor ? `Receipt: ${data.vendor}`.slice(0, 200) : 'Scanned receipt',
  } as const;
  if (data.kind === 'fuel' && data.fuelType && data.litres !== null) {
    // A pump meters the litres: measured activity data (GHG Protocol data-quality tiers).
    return {
      ...base,
      category: data.fuelType,
      quantity: data.litres,
      unit: 'litre',
      dataQuality: 'measured',
    };
  }
  if (data.kind === 'energy' && data.kWh !== null) {
    return {
      ...base,
      category: data.energyType ?? 'electricity',
      quantity: data.kWh,
      unit: 'kWh',
      date: data.periodStart ?? data.date,
      periodEnd: data.periodStart ? data.periodEnd : null,
      instrument: data.greenTariff ? 'renewable_tariff' : null,
      dataQuality: 'measured',
    };
  }
  if (data.kind === 'hotel' && data.nights !== null) {
    return {
      ...base,
      category: 'hotel',
      quantity: data.nights,
      unit: 'room-night',
      date: data.periodStart ?? data.date,
      // The DESNZ per-room-night factor is an average: activity_average, not measured.
      dataQuality: 'activity_average',
    };
  }
  return null;
}
