import { useEffect, useState } from 'react';
import { CheckNarrativeSchema, type UnsupportedNumber } from '../../../domain/contracts/narratives';
import { useNumberCheck } from './api';
import { unconfirmedNumbers } from './narratives';

/** Typing pauses this long before the text is checked again (one request per pause, not per key). */
export const CHECK_DELAY_MS = 400;

function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

export interface NumberFlagsInput {
  content: string;
  year: number | undefined;
  confirmed: string[];
  /** The text the editor opened with and its flags, known before the first check answers. */
  initialContent: string;
  initialFlags: UnsupportedNumber[];
}

/**
 * The numbers of the text being edited that match no figure of the company's data, re-checked on
 * the server after each pause in typing; confirmations apply at once, locally.
 */
export function useNumberFlags({ content, year, confirmed, initialContent, initialFlags }: NumberFlagsInput) {
  const debounced = useDebouncedValue(content, CHECK_DELAY_MS);
  // A text the contract refuses (the editor already says why) is not sent to be refused again.
  const isCheckable = CheckNarrativeSchema.shape.content.safeParse(debounced).success;
  const check = useNumberCheck(debounced, year, isCheckable);
  const latest = check.data ?? { content: initialContent, unsupportedNumbers: initialFlags };
  // A failed check leaves the last flags in place; the server still refuses an unchecked approval.
  const hasFailed = check.isError && !check.isFetching;
  return {
    checkedContent: latest.content,
    unconfirmed: unconfirmedNumbers(latest.unsupportedNumbers, confirmed),
    isChecking: isCheckable && latest.content !== content && !hasFailed,
    hasFailed,
  };
}
