// The password policy (issue 19, decision 045): one set of rules for every place that takes a new
// password (sign-up, invitation sign-up, password change, password reset). NIST SP 800-63B
// §5.1.1.2: at least 8 characters (we ask 10), at most a bound the hash can afford, any printable
// character including spaces, and a check against passwords known from breaches. Pure: the list of
// common passwords is passed in (common-passwords.ts), so the client's zod contract can apply the
// rules that need only the password without shipping the list to every page.

/** Counted in code points, so an emoji or an accented letter is one character. */
export const PASSWORD_MIN_LENGTH = 10;
/** Bounds the work of one argon2id hash (and PBKDF2 in the Worker) whatever is sent. */
export const PASSWORD_MAX_LENGTH = 128;

/** What the forms say under a new-password input. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters. Not your email address and not a common password.`;

export const PASSWORD_MESSAGES = {
  required: 'Password is required',
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  controlCharacters: 'Password must not contain control characters such as tabs or line breaks',
  onlySpaces: 'Password must contain more than spaces',
  isEmail: 'Password must not be your email address or its first part',
  common: 'This password is too common: it is on lists of leaked passwords. Choose another one.',
} as const;

export type PasswordProblem = keyof typeof PASSWORD_MESSAGES;

// Unicode's Cc category: exactly the C0 controls (U+0000–U+001F), DEL (U+007F) and the C1
// controls (U+0080–U+009F).
const CONTROL_CHARACTER = /\p{Cc}/u;
// Every space the regular expression engine knows (including NBSP and ideographic space).
const ONLY_WHITESPACE = /^\s+$/u;

/** The rules that need only the password; null when it passes them. */
export function passwordShapeProblem(password: string): PasswordProblem | null {
  if (password.length === 0) return 'required';
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (length > PASSWORD_MAX_LENGTH) return 'tooLong';
  if (CONTROL_CHARACTER.test(password)) return 'controlCharacters';
  if (ONLY_WHITESPACE.test(password)) return 'onlySpaces';
  return null;
}

export interface PasswordPolicyContext {
  /** The account's (confirmed) email address: the password may not be it or its local part. */
  email: string;
  /** Whether the password is on the bundled list of common passwords (case-insensitive). */
  isCommon: (password: string) => boolean;
}

/** Every rule of the policy, in order; the first that fails, or null when the password may be used. */
export function passwordProblem(password: string, context: PasswordPolicyContext): PasswordProblem | null {
  const shape = passwordShapeProblem(password);
  if (shape) return shape;
  const candidate = password.trim().toLowerCase();
  const email = context.email.trim().toLowerCase();
  const localPart = email.slice(0, Math.max(0, email.lastIndexOf('@')));
  if (candidate === email || (localPart && candidate === localPart)) return 'isEmail';
  if (context.isCommon(password)) return 'common';
  return null;
}
