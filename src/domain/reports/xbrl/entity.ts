// The XBRL entity identifier (xbrli:identifier scheme + value). XBRL 2.1 §4.7.3.1 only asks for a
// URI scheme; we take whatever scheme the company chose and, for LEI, check the ISO 17442 check
// digits (ISO 7064 MOD 97-10, the same rule as IBAN) so a typo never reaches a filing.
import type { ReportSnapshot } from '../snapshot.ts';

/** ISO 17442 LEI scheme as used by ESEF and the VSME converter. */
export const LEI_SCHEME = 'http://standards.iso.org/iso/17442';

/** The company has no identifier: the server answers 422 and asks for an LEI. */
export class MissingEntityIdentifierError extends Error {
  override readonly name = 'MissingEntityIdentifierError';
  constructor() {
    super(
      'Add your LEI (Legal Entity Identifier) or UK company number when you generate the report, then export XBRL from that report: every tagged figure must name the company it belongs to.',
    );
  }
}

/** The identifier is present but unusable (bad LEI check digits, scheme not a URI, empty value). */
export class InvalidEntityIdentifierError extends Error {
  override readonly name = 'InvalidEntityIdentifierError';
}

/** True when `value` is 20 characters [0-9A-Z] whose ISO 7064 MOD 97-10 remainder is 1. */
export function isValidLei(value: string): boolean {
  if (!/^[0-9A-Z]{18}[0-9]{2}$/.test(value)) return false;
  let remainder = 0;
  for (const character of value) {
    // Letters count as two digits: A = 10 … Z = 35.
    const digits = /[A-Z]/.test(character) ? String(character.charCodeAt(0) - 55) : character;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

export interface EntityIdentifier {
  scheme: string;
  value: string;
}

/** The snapshot's identifier, checked; throws the typed errors above. */
export function entityIdentifier(snapshot: ReportSnapshot): EntityIdentifier {
  const identifier = snapshot.company.identifier;
  if (!identifier || identifier.value.trim() === '') throw new MissingEntityIdentifierError();
  const scheme = identifier.scheme.trim();
  const value = identifier.value.trim();
  if (scheme === LEI_SCHEME) {
    const lei = value.toUpperCase();
    if (!isValidLei(lei)) {
      throw new InvalidEntityIdentifierError(
        `The LEI ${value} is not valid: an LEI has 20 letters and digits and its last two digits are check digits (ISO 17442). Check it against gleif.org and generate the report again with the corrected LEI.`,
      );
    }
    return { scheme, value: lei };
  }
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:\S+$/.test(scheme)) {
    throw new InvalidEntityIdentifierError(
      `The identifier scheme "${scheme}" is not a URI. Use an LEI or a scheme URI such as https://www.dnb.com for a DUNS number.`,
    );
  }
  return { scheme, value };
}
