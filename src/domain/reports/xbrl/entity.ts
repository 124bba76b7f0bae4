// The XBRL entity identifier (xbrli:identifier scheme + value). XBRL 2.1 §4.7.3.1 only asks for a
// URI scheme; we take whatever scheme the company chose and, for LEI, check the ISO 17442 check
// digits (ISO 7064 MOD 97-10, the same rule as IBAN) so a typo never reaches a filing.
import { isValidLei, LEI_SCHEME, leiProblem } from '../../company-profile/identifiers.ts';
import type { ReportSnapshot } from '../snapshot.ts';

export { isValidLei, LEI_SCHEME };

/** The company has no identifier: the server answers 422 and asks for an LEI. */
export class MissingEntityIdentifierError extends Error {
  override readonly name = 'MissingEntityIdentifierError';
  constructor() {
    super(
      'Add your LEI (Legal Entity Identifier) or UK company number in the company profile (Profile, Company details), then generate or export the XBRL again: every tagged figure must name the company it belongs to.',
    );
  }
}

/** The identifier is present but unusable (bad LEI check digits, scheme not a URI, empty value). */
export class InvalidEntityIdentifierError extends Error {
  override readonly name = 'InvalidEntityIdentifierError';
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
        `${leiProblem(lei)} Correct it in the company profile and generate or export the XBRL again.`,
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
