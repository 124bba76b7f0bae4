import type { Jurisdiction } from '../../../domain/contracts/auth';
import type {
  NarrativeFramework,
  NarrativeSection,
  NarrativeStatus,
  UnsupportedNumber,
} from '../../../domain/contracts/narratives';
import { getErrorBody, getErrorStatus } from '../../lib/api';
import type { BadgeTone } from '../../ui/badge';

/** spec §2 select labels, in the spec's order; the first of each is the default (spec §9). */
export const FRAMEWORK_OPTIONS: { value: NarrativeFramework; label: string; short: string }[] = [
  { value: 'gri', label: 'GRI Framework', short: 'GRI' },
  { value: 'sasb', label: 'SASB Standards', short: 'SASB' },
  { value: 'tcfd', label: 'TCFD Guidelines', short: 'TCFD' },
  // The report frameworks of the company's regime, in that regime's language (decision 060).
  { value: 'csrd', label: 'CSRD (VSME standard)', short: 'VSME' },
  { value: 'secr', label: 'UK SECR', short: 'SECR' },
];

/**
 * The framework a draft starts on: the company's own regime (SECR for a UK company, the VSME for the
 * EU, TCFD for the US climate rules), or GRI while none is known (issue 18 item 7; decision 060).
 */
export function defaultNarrativeFramework(jurisdiction: Jurisdiction | null): NarrativeFramework {
  if (jurisdiction === 'SECR') return 'secr';
  if (jurisdiction === 'CSRD') return 'csrd';
  if (jurisdiction === 'SEC') return 'tcfd';
  return 'gri';
}

export const SECTION_OPTIONS: { value: NarrativeSection; label: string }[] = [
  { value: 'executive_summary', label: 'Executive Summary' },
  { value: 'environmental', label: 'Environmental Performance' },
  { value: 'social', label: 'Social Impact' },
  { value: 'governance', label: 'Governance' },
];

export function sectionLabel(section: NarrativeSection): string {
  return SECTION_OPTIONS.find((option) => option.value === section)?.label ?? section;
}

export function frameworkShortLabel(framework: NarrativeFramework): string {
  return FRAMEWORK_OPTIONS.find((option) => option.value === framework)?.short ?? framework.toUpperCase();
}

/** spec §9: the card preview is at most 300 characters, followed by an ellipsis. */
export const PREVIEW_LENGTH = 300;

/** The first 300 characters and '…' (spec §2); a shorter text is shown whole. */
export function previewText(content: string): string {
  const text = content.trim();
  if (text.length <= PREVIEW_LENGTH) return text;
  return `${text.slice(0, PREVIEW_LENGTH).trimEnd()}…`;
}

/** Words as a reader counts them: runs of non-space characters. */
export function countWords(content: string): number {
  const words = content.trim().match(/\S+/g);
  return words ? words.length : 0;
}

/** spec §2 writing tips: a section reads best at 200–400 words. */
export const WORD_RANGE = { min: 200, max: 400 } as const;

export function describeWordCount(words: number): string {
  const count = `${words} ${words === 1 ? 'word' : 'words'}`;
  if (words === 0) return count;
  if (words < WORD_RANGE.min) return `${count} · aim for ${WORD_RANGE.min}–${WORD_RANGE.max}`;
  if (words > WORD_RANGE.max) return `${count} · longer than the ${WORD_RANGE.max} suggested`;
  return `${count} · within the suggested ${WORD_RANGE.min}–${WORD_RANGE.max}`;
}

/** spec §4: draft, reviewed, approved; anything else is shown as Draft. */
export function statusLabel(status: string): string {
  if (status === 'reviewed') return 'Reviewed';
  if (status === 'approved') return 'Approved';
  return 'Draft';
}

export function statusTone(status: string): BadgeTone {
  if (status === 'approved') return 'success';
  if (status === 'reviewed') return 'info';
  return 'warning';
}

/** spec §4: 'Approve & Save' exists on drafts only (an unknown status counts as a draft). */
export function isDraft(status: NarrativeStatus | string): boolean {
  return status !== 'reviewed' && status !== 'approved';
}

/**
 * The toast after a draft is generated: the spec's words when an AI service wrote it, otherwise it
 * names the built-in writer (issue 18: the toast said "AI" when the offline writer wrote it).
 */
export function generatedToastText(writer: string): string {
  return writer === 'built-in'
    ? 'The built-in writer drafted it from your figures: no AI service is set up on this server'
    : 'AI has generated your narrative content';
}

/** Which writer produced a generated draft, in words a person understands. */
export function writerLabel(writer: string, model: string | null): string {
  if (writer === 'built-in') return 'Built-in writer (no AI provider configured)';
  return model?.trim() ? model : 'AI model';
}

/** The flagged numbers a person has not confirmed yet (confirmation is by exact text). */
export function unconfirmedNumbers(flags: UnsupportedNumber[], confirmed: string[]): UnsupportedNumber[] {
  const accepted = new Set(confirmed);
  return flags.filter((flag) => !accepted.has(flag.text));
}

/** Confirmations worth keeping: those whose number still appears in the text, each once. */
export function keptConfirmations(content: string, confirmed: string[]): string[] {
  return [...new Set(confirmed)].filter((text) => content.includes(text));
}

export function describeFlagCount(count: number): string {
  if (count === 0) return 'Every number matches your data or has been confirmed.';
  return count === 1
    ? "1 number doesn't match any figure in your data."
    : `${count} numbers don't match any figure in your data.`;
}

/** Why 'Approve & Save' is disabled, or null when approving is allowed. */
export function approvalBlockReason(unconfirmed: number, isChecking: boolean): string | null {
  if (unconfirmed > 0) {
    const noun = unconfirmed === 1 ? 'number' : 'numbers';
    return `Confirm or correct ${unconfirmed} flagged ${noun} before approving.`;
  }
  if (isChecking) return 'Checking the numbers against your data…';
  return null;
}

export interface TextSegment {
  text: string;
  isFlagged: boolean;
}

/**
 * Splits a text into plain and flagged runs, for marking numbers while rendering text nodes only.
 * Flags that overlap, fall outside the text or no longer match it (the text changed since the
 * check) are skipped.
 */
export function flagSegments(content: string, flags: UnsupportedNumber[]): TextSegment[] {
  const segments: TextSegment[] = [];
  let cursor = 0;
  for (const flag of [...flags].sort((a, b) => a.start - b.start)) {
    if (flag.start < cursor || flag.end > content.length || flag.end <= flag.start) continue;
    if (content.slice(flag.start, flag.end) !== flag.text) continue;
    if (flag.start > cursor) segments.push({ text: content.slice(cursor, flag.start), isFlagged: false });
    segments.push({ text: flag.text, isFlagged: true });
    cursor = flag.end;
  }
  if (cursor < content.length) segments.push({ text: content.slice(cursor), isFlagged: false });
  return segments;
}

/** Where a flagged number is in the current text: at its offsets if unchanged, else its first occurrence. */
export function locateNumber(
  content: string,
  flag: UnsupportedNumber,
): { start: number; end: number } | null {
  if (content.slice(flag.start, flag.end) === flag.text) return { start: flag.start, end: flag.end };
  const start = content.indexOf(flag.text);
  return start === -1 ? null : { start, end: start + flag.text.length };
}

/** A few words either side of a flagged number, trimmed at word boundaries, with ellipses. */
export function numberContext(
  content: string,
  flag: UnsupportedNumber,
  radius = 40,
): { before: string; after: string } {
  let from = Math.max(0, flag.start - radius);
  let to = Math.min(content.length, flag.end + radius);
  if (from > 0) from = content.indexOf(' ', from) + 1 || flag.start;
  if (to < content.length) {
    const space = content.lastIndexOf(' ', to);
    to = Math.max(space, flag.end);
  }
  const before = content.slice(from, flag.start).replace(/\s+/g, ' ');
  const after = content.slice(flag.end, to).replace(/\s+/g, ' ');
  return {
    before: `${from > 0 ? '…' : ''}${before}`,
    after: `${after}${to < content.length ? '…' : ''}`,
  };
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** '21 Nov 2026' (or the raw text when it is not a date). */
export function formatDate(iso: string, withTime = false): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return (withTime ? dateTimeFormat : dateFormat).format(date);
}

/**
 * spec §8 failure toast text ('Failed to save narrative'), followed by the server's reason when the
 * refusal is one a person can act on (400 validation, 409 unchecked numbers), never a 5xx detail.
 */
export function failureText(context: string, error: unknown): string {
  const status = getErrorStatus(error);
  const message = getErrorBody(error)?.message;
  if ((status === 400 || status === 409) && typeof message === 'string' && message.trim()) {
    return `${context}: ${message}`;
  }
  return context;
}
