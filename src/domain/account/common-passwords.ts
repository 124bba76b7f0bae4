import list from './common-passwords/list.json';

// SecLists' 10-million-password-list, top 100,000, entries of at least PASSWORD_MIN_LENGTH code
// points, lower-cased: see common-passwords/README.md for the source, licence and how to rebuild.
let commonPasswords: Set<string> | null = null;

/** Whether the password is on the bundled list, whatever its capitalisation. */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(list as string[]);
  return commonPasswords.has(password.toLowerCase());
}
