import { z } from 'zod';

/**
 * Free text as people type it (decision 042). A NUL, an escape or a lone surrogate is never
 * something a person meant: it breaks exports (CSV, XBRL, PDF), logs and other tools reading the
 * database, and is the usual sign of a fuzzer or an injection attempt. So every free-text field
 * refuses C0 controls (U+0000–U+001F), DEL (U+007F), C1 controls (U+0080–U+009F) and unpaired
 * surrogate halves; a multi-line field still takes tab, line feed and CR LF line ends.
 */
/** Whether the UTF-16 code unit at `index` of `value` is one a text field refuses (see above). */
function isRefusedAt(value: string, index: number, multiline: boolean): boolean {
  const code = value.charCodeAt(index);
  if (code < 0x20) {
    if (!multiline) return true;
    if (code === 0x09 || code === 0x0a) return false;
    return !(code === 0x0d && value.charCodeAt(index + 1) === 0x0a);
  }
  if (code >= 0x7f && code <= 0x9f) return true;
  if (code >= 0xd800 && code <= 0xdbff) {
    const next = value.charCodeAt(index + 1);
    return !(next >= 0xdc00 && next <= 0xdfff);
  }
  if (code >= 0xdc00 && code <= 0xdfff) {
    const previous = index > 0 ? value.charCodeAt(index - 1) : 0;
    return !(previous >= 0xd800 && previous <= 0xdbff);
  }
  return false;
}

/** Whether `value` holds a character a text field refuses (see above). */
export function hasRefusedCharacters(value: string, multiline = false): boolean {
  for (let index = 0; index < value.length; index++) {
    if (isRefusedAt(value, index, multiline)) return true;
  }
  return false;
}

/** Whether the refused code unit at `index` is half of a character rather than a whole one. */
function isLoneSurrogate(value: string, index: number): boolean {
  const code = value.charCodeAt(index);
  return code >= 0xd800 && code <= 0xdfff;
}

/**
 * Text from elsewhere (a provider's account name, a receipt's recognised text), where refusing
 * the whole record would lose the person's data for one stray byte: each refused control becomes
 * a space, so words it separated stay apart, and an unpaired surrogate half, which is half of a
 * character and separates nothing, is dropped. `multiline` keeps tab, line feed and CR LF (the
 * lines of a receipt's text).
 */
export function replaceRefusedCharacters(value: string, multiline = false): string {
  if (!hasRefusedCharacters(value, multiline)) return value;
  let result = '';
  for (let index = 0; index < value.length; index++) {
    if (!isRefusedAt(value, index, multiline)) result += value[index];
    else if (!isLoneSurrogate(value, index)) result += ' ';
  }
  return result;
}

/**
 * The same, each refused character dropped: for names (an uploaded file's), where a control
 * character is never a separator the person typed.
 */
export function removeRefusedCharacters(value: string): string {
  if (!hasRefusedCharacters(value)) return value;
  let result = '';
  for (let index = 0; index < value.length; index++) {
    if (!isRefusedAt(value, index, false)) result += value[index];
  }
  return result;
}

export const refusedCharactersMessage = (label: string) =>
  `${label} contains characters that are not allowed`;

export interface TextOptions {
  /** Longest accepted text, in UTF-16 code units (what `String.length` counts). */
  max: number;
  /** Allow tab, line feed and CR LF (notes, messages, narratives). */
  multiline?: boolean;
  /** Keep leading and trailing spaces (text whose layout is the person's, e.g. a narrative). */
  keepSpaces?: boolean;
  /** The message when longer than `max` (default "<label> must be at most <max> characters"). */
  maxMessage?: string;
  /** The message when absent or not a string (default "<label> is required"). */
  missingMessage?: string;
}

/**
 * The one schema of a free-text field: trimmed (unless `keepSpaces`), at most `max` characters,
 * no refused characters. Add `.min(1, …)` for a required field; messages name the field by `label`.
 */
export function text(label: string, options: TextOptions) {
  const base = z.string({ error: options.missingMessage ?? `${label} is required` });
  return (options.keepSpaces ? base : base.trim())
    .max(
      options.max,
      options.maxMessage ?? `${label} must be at most ${options.max.toLocaleString('en-GB')} characters`,
    )
    .refine((value) => !hasRefusedCharacters(value, options.multiline), refusedCharactersMessage(label));
}
