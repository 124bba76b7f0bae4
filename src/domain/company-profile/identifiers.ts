// The company's registry identifiers (issue 18, item 3): the LEI (ISO 17442) and the UK company
// number (Companies House). Pure checks shared by the profile form, the server's contract and the
// XBRL entity identifier, so the three refuse exactly the same values.
/** ISO 17442 LEI scheme as used by ESEF and the VSME converter (XBRL 2.1 §4.7.3.1 scheme URI). */
export const LEI_SCHEME = 'http://standards.iso.org/iso/17442';
/** Companies House's XBRL entity identifier scheme (the one its software filing takes). */
export const COMPANIES_HOUSE_SCHEME = 'http://www.companieshouse.gov.uk/';

/** Both identifiers are written in capitals without spaces. */
export function normaliseIdentifier(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** ISO 7064 MOD 97-10 remainder of `value`, letters counting as two digits (A = 10 … Z = 35). */
function mod97(value: string): number {
  let remainder = 0;
  for (const character of value) {
    const digits = /[A-Z]/.test(character) ? String(character.charCodeAt(0) - 55) : character;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** The two check digits ISO 17442 gives the first 18 characters of an LEI (ISO 7064 MOD 97-10). */
export function leiCheckDigits(first18: string): string {
  return String(98 - mod97(`${first18}00`)).padStart(2, '0');
}

/** True when `value` is 20 characters [0-9A-Z] whose ISO 7064 MOD 97-10 remainder is 1. */
export function isValidLei(value: string): boolean {
  return /^[0-9A-Z]{18}[0-9]{2}$/.test(value) && mod97(value) === 1;
}

/**
 * Null when `value` (normalised) is an LEI, else why not in plain words. A wrong check digit names
 * the digits the first 18 characters call for, since that is nearly always a typo somewhere.
 */
export function leiProblem(value: string): string | null {
  const lei = normaliseIdentifier(value);
  if (!/^[0-9A-Z]{20}$/.test(lei)) {
    return `An LEI has exactly 20 letters and digits; ${lei || 'this one'} has ${lei.length}.`;
  }
  if (isValidLei(lei)) return null;
  return `The LEI's last two characters are check digits; ${lei} fails the check (expected ${leiCheckDigits(lei.slice(0, 18))} at the end for these first 18 characters). Copy the LEI again from gleif.org: one character is probably mistyped.`;
}

/**
 * Companies House number prefixes (Companies House, "Company registration number prefixes"): SC
 * Scotland, NI Northern Ireland, OC/SO/NC limited liability partnerships, LP/SL/NL limited
 * partnerships, FC/SF/NF overseas companies, R old Northern Ireland companies, and the
 * less common registers (charitable incorporated organisations, societies, European companies).
 * England and Wales companies have no prefix: 8 digits.
 */
const PREFIXES = [
  'AC',
  'CE',
  'CS',
  'FC',
  'GE',
  'GN',
  'GS',
  'IC',
  'IP',
  'LP',
  'NA',
  'NC',
  'NF',
  'NI',
  'NL',
  'NO',
  'NP',
  'NR',
  'NZ',
  'OC',
  'PC',
  'RC',
  'SA',
  'SC',
  'SE',
  'SF',
  'SG',
  'SI',
  'SL',
  'SO',
  'SP',
  'SR',
  'SZ',
  'ZC',
];
const COMPANY_NUMBER = new RegExp(`^(?:\\d{8}|R\\d{7}|(?:${PREFIXES.join('|')})\\d{6})$`);

/** Null when `value` (normalised) is a Companies House number, else why not in plain words. */
export function companyNumberProblem(value: string): string | null {
  const number = normaliseIdentifier(value);
  if (COMPANY_NUMBER.test(number)) return null;
  if (/^\d{1,7}$/.test(number)) {
    return `A UK company number has 8 characters: write ${number} with leading zeros, as ${number.padStart(8, '0')}.`;
  }
  return 'A UK company number has 8 characters: 8 digits (England and Wales), or a prefix such as SC (Scotland), NI (Northern Ireland) or OC (LLP) then 6 digits.';
}

export interface RegistryIdentifiers {
  lei: string | null;
  companyNumber: string | null;
}

/**
 * The identifier a report names the company by, from the profile: SECR reports go to Companies
 * House under the company number; the VSME converter, ESAP and every other framework expect the
 * LEI. Each falls back on the other when only one is recorded. Null when the profile has neither.
 */
export function identifierForFramework(
  profile: RegistryIdentifiers,
  framework: string,
): { scheme: string; value: string } | null {
  const lei = profile.lei ? { scheme: LEI_SCHEME, value: profile.lei } : null;
  const number = profile.companyNumber
    ? { scheme: COMPANIES_HOUSE_SCHEME, value: profile.companyNumber }
    : null;
  return framework === 'secr' ? (number ?? lei) : (lei ?? number);
}
