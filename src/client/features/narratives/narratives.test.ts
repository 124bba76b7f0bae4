import { describe, expect, test } from 'bun:test';
import { ApiError } from '../../lib/api';
import {
  approvalBlockReason,
  countWords,
  defaultNarrativeFramework,
  describeFlagCount,
  describeWordCount,
  failureText,
  flagSegments,
  formatDate,
  frameworkShortLabel,
  generatedToastText,
  isDraft,
  keptConfirmations,
  locateNumber,
  numberContext,
  previewText,
  sectionLabel,
  statusLabel,
  statusTone,
  unconfirmedNumbers,
  writerLabel,
} from './narratives';

const flag = (content: string, text: string) => {
  const start = content.indexOf(text);
  return { text, start, end: start + text.length };
};

describe('previewText', () => {
  test('shows a text of up to 300 characters whole', () => {
    expect(previewText('a'.repeat(300))).toBe('a'.repeat(300));
    expect(previewText('  Short text.  ')).toBe('Short text.');
  });

  test('cuts a longer text at 300 characters and adds an ellipsis', () => {
    const preview = previewText('b'.repeat(301));
    expect(preview).toBe(`${'b'.repeat(300)}…`);
  });
});

describe('word count', () => {
  test('counts runs of non-space characters', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('   \n ')).toBe(0);
    expect(countWords('We cut  scope 1\nemissions by 12%.')).toBe(7);
  });

  test('relates the count to the suggested 200–400 words', () => {
    expect(describeWordCount(0)).toBe('0 words');
    expect(describeWordCount(1)).toBe('1 word · aim for 200–400');
    expect(describeWordCount(250)).toBe('250 words · within the suggested 200–400');
    expect(describeWordCount(401)).toBe('401 words · longer than the 400 suggested');
  });
});

describe('status', () => {
  test('labels the three statuses and shows any other as Draft', () => {
    expect(statusLabel('draft')).toBe('Draft');
    expect(statusLabel('reviewed')).toBe('Reviewed');
    expect(statusLabel('approved')).toBe('Approved');
    expect(statusLabel('archived')).toBe('Draft');
    expect(statusTone('approved')).toBe('success');
    expect(statusTone('something')).toBe('warning');
  });

  test('offers approval on drafts and unknown statuses only', () => {
    expect(isDraft('draft')).toBe(true);
    expect(isDraft('pending')).toBe(true);
    expect(isDraft('reviewed')).toBe(false);
    expect(isDraft('approved')).toBe(false);
  });
});

describe('labels', () => {
  test('names sections, frameworks and writers', () => {
    expect(sectionLabel('environmental')).toBe('Environmental Performance');
    expect(frameworkShortLabel('tcfd')).toBe('TCFD');
    expect(writerLabel('built-in', null)).toBe('Built-in writer (no AI provider configured)');
    expect(writerLabel('openai-compatible', 'gpt-4o-mini')).toBe('gpt-4o-mini');
    expect(writerLabel('openai-compatible', null)).toBe('AI model');
  });

  test('the generate toast names the writer that wrote the draft', () => {
    expect(generatedToastText('built-in')).toBe(
      'The built-in writer drafted it from your figures: no AI service is set up on this server',
    );
    expect(generatedToastText('openai-compatible')).toBe('AI has generated your narrative content');
  });

  test("starts on the company's own regime: SECR in the UK, the VSME in the EU, TCFD in the US", () => {
    expect(defaultNarrativeFramework('SECR')).toBe('secr');
    expect(defaultNarrativeFramework('CSRD')).toBe('csrd');
    expect(defaultNarrativeFramework('SEC')).toBe('tcfd');
    expect(defaultNarrativeFramework(null)).toBe('gri');
    expect(frameworkShortLabel('secr')).toBe('SECR');
    expect(frameworkShortLabel('csrd')).toBe('VSME');
  });

  test('formats dates and leaves a non-date as it is', () => {
    expect(formatDate('2026-11-21T14:52:46Z')).toBe('21 Nov 2026');
    expect(formatDate('not a date')).toBe('not a date');
  });
});

describe('number flags', () => {
  const content = 'Scope 1 was 12.5 tCO2e. We planted 987654 trees and 987654 shrubs.';
  const planted = flag(content, '987654');
  const scope = flag(content, '12.5');

  test('leaves out numbers confirmed by their exact text', () => {
    expect(unconfirmedNumbers([planted, scope], ['987654'])).toEqual([scope]);
    expect(unconfirmedNumbers([planted], [])).toEqual([planted]);
  });

  test('keeps confirmations only for numbers still in the text, once each', () => {
    expect(keptConfirmations(content, ['987654', '987654', '42'])).toEqual(['987654']);
  });

  test('splits the text into plain and flagged runs', () => {
    expect(flagSegments(content, [planted, scope])).toEqual([
      { text: 'Scope 1 was ', isFlagged: false },
      { text: '12.5', isFlagged: true },
      { text: ' tCO2e. We planted ', isFlagged: false },
      { text: '987654', isFlagged: true },
      { text: ' trees and 987654 shrubs.', isFlagged: false },
    ]);
  });

  test('skips flags that no longer match the text, overlap or fall outside it', () => {
    const stale = { text: '555', start: 0, end: 3 };
    const overlapping = { text: '98765', start: planted.start, end: planted.start + 5 };
    const outside = { text: '1', start: 500, end: 501 };
    expect(flagSegments('abc', [stale])).toEqual([{ text: 'abc', isFlagged: false }]);
    expect(flagSegments(content, [planted, overlapping, outside]).filter((s) => s.isFlagged)).toHaveLength(1);
    expect(flagSegments('', [])).toEqual([]);
  });

  test('locates a number at its offsets, or its first occurrence once the text moved', () => {
    expect(locateNumber(content, planted)).toEqual({ start: planted.start, end: planted.end });
    const moved = `Intro. ${content}`;
    expect(locateNumber(moved, planted)).toEqual({ start: planted.start + 7, end: planted.end + 7 });
    expect(locateNumber('gone', planted)).toBeNull();
  });

  test('quotes a few words either side of a number', () => {
    const long = `${'word '.repeat(20)}then 987654 trees ${'more '.repeat(20)}`.trim();
    const context = numberContext(long, flag(long, '987654'), 20);
    expect(context.before.startsWith('…')).toBe(true);
    expect(context.before.endsWith('then ')).toBe(true);
    expect(context.after.startsWith(' trees')).toBe(true);
    expect(context.after.endsWith('…')).toBe(true);
    expect(numberContext('987654', flag('987654', '987654'))).toEqual({ before: '', after: '' });
  });

  test('summarises the flags and says why approval is blocked', () => {
    expect(describeFlagCount(0)).toBe('Every number matches your data or has been confirmed.');
    expect(describeFlagCount(1)).toBe("1 number doesn't match any figure in your data.");
    expect(describeFlagCount(2)).toBe("2 numbers don't match any figure in your data.");
    expect(approvalBlockReason(1, false)).toBe('Confirm or correct 1 flagged number before approving.');
    expect(approvalBlockReason(0, true)).toBe('Checking the numbers against your data…');
    expect(approvalBlockReason(0, false)).toBeNull();
  });
});

describe('failureText', () => {
  test('adds the server reason for a refusal a person can act on', () => {
    const conflict = new ApiError(409, JSON.stringify({ message: 'Confirm or correct 987654 first' }));
    expect(failureText('Failed to update narrative', conflict)).toBe(
      'Failed to update narrative: Confirm or correct 987654 first',
    );
  });

  test('says only the context for server errors and unreadable bodies', () => {
    expect(failureText('Failed to save narrative', new ApiError(500, '{"message":"db down"}'))).toBe(
      'Failed to save narrative',
    );
    expect(failureText('Failed to save narrative', new ApiError(400, 'Bad Request'))).toBe(
      'Failed to save narrative',
    );
    expect(failureText('Failed to save narrative', new TypeError('Failed to fetch'))).toBe(
      'Failed to save narrative',
    );
  });
});
