// The problems of a refused import as a person reads them (decision 049): one line per distinct
// problem with the rows it is on ("rows 2–39 and 41") and what to do about it, never the same
// message 38 times.

export interface RowProblem {
  line: number;
  message: string;
}

export interface ProblemGroup {
  message: string;
  /** Line numbers as in the file (the header is line 1), ascending, at most MAX_LINES_PER_GROUP. */
  lines: number[];
  /** How many rows have it (of the problems reported). */
  count: number;
  /** "row 5", "rows 2–39 and 41". */
  rows: string;
  /** What to do about it. */
  fix: string;
}

const MAX_LINES_PER_GROUP = 1000;

/** Groups by message, in the order each problem is first met; lines ascending. */
export function groupProblems(problems: readonly RowProblem[]): ProblemGroup[] {
  const byMessage = new Map<string, number[]>();
  for (const { line, message } of problems) {
    const lines = byMessage.get(message);
    if (lines) lines.push(line);
    else byMessage.set(message, [line]);
  }
  return [...byMessage].map(([message, lines]) => {
    const distinct = [...new Set(lines)].sort((a, b) => a - b);
    return {
      message,
      lines: distinct.slice(0, MAX_LINES_PER_GROUP),
      count: distinct.length,
      rows: describeRows(distinct),
      fix: fixFor(message),
    };
  });
}

/** [2,3,4,5,9] → "rows 2–5 and 9"; [7] → "row 7". */
export function describeRows(lines: readonly number[]): string {
  const ranges: string[] = [];
  let start = lines[0];
  let previous = start;
  for (let i = 1; i <= lines.length; i++) {
    const line = lines[i];
    if (line !== undefined && previous !== undefined && line === previous + 1) {
      previous = line;
      continue;
    }
    if (start !== undefined && previous !== undefined)
      ranges.push(start === previous ? `${start}` : `${start}–${previous}`);
    start = line;
    previous = line;
  }
  if (ranges.length === 0) return '';
  const single = lines.length === 1;
  const list = ranges.length === 1 ? ranges[0] : `${ranges.slice(0, -1).join(', ')} and ${ranges.at(-1)}`;
  return `${single ? 'row' : 'rows'} ${list}`;
}

const FIXES: readonly [RegExp, string][] = [
  [/^no site named/, 'Choose an existing site or create it in the mapping step, or add it under Sites.'],
  [
    /^category .*not one we know/,
    'Choose what this category is in the mapping step, or correct it in the file.',
  ],
  [
    /needs a variant|variant "/i,
    'Choose the variant in the mapping step, or write it in the variant column.',
  ],
  [/^(date|period end)/, 'Write the date as YYYY-MM-DD, DD/MM/YYYY or YYYY-MM in the file.'],
  [/^(unit|quantity has no unit)/, 'Correct the unit in the file.'],
  [/^(quantity|spend)/, 'Correct the number in the file.'],
  [/currency/, 'Give a three-letter currency code such as GBP in the file.'],
];

function fixFor(message: string): string {
  for (const [pattern, fix] of FIXES) if (pattern.test(message)) return fix;
  return 'Correct these rows in the file and upload it again.';
}
