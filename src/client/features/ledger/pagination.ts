/** Pages needed for `total` lines (at least 1, so 'Page 1 of 1' never reads 'of 0'). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/** 'Lines 26–50 of 120' / 'Line 1 of 1'. */
export function describePageRange(page: number, pageSize: number, total: number): string {
  if (total === 0) return 'No lines';
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const number = (n: number) => n.toLocaleString('en-GB');
  if (total === 1) return 'Line 1 of 1';
  return first === last
    ? `Line ${number(first)} of ${number(total)}`
    : `Lines ${number(first)}–${number(last)} of ${number(total)}`;
}
