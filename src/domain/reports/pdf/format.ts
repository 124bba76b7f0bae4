// Number, date and label formatting for the PDF report. Hand-rolled rather than Intl so the bytes
// never depend on the runtime's locale data (a stored snapshot must render identically later).

/** Shown for every absent figure: missing data is never printed as 0. */
export const NOT_RECORDED = 'Not recorded';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Fixed decimals with comma thousands separators: 285600 → "285,600", 1234.5 → "1,234.50" (2 dp). */
export function formatNumber(value: number, decimals: number): string {
  const fixed = Math.abs(value).toFixed(decimals);
  const [whole = '0', fraction] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = value < 0 && Number(fixed) !== 0 ? '-' : '';
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''}`;
}

const orNotRecorded =
  (decimals: number) =>
  (value: number | null | undefined): string =>
    value === null || value === undefined ? NOT_RECORDED : formatNumber(value, decimals);

/** tCO2e, 2 dp. */
export const formatTonnes = orNotRecorded(2);
/** MWh, 1 dp. */
export const formatMwh = orNotRecorded(1);
/** kWh, whole numbers with thousands separators. */
export const formatKwh = orNotRecorded(0);

export function formatPercent(value: number | null | undefined, decimals = 0): string {
  return value === null || value === undefined ? NOT_RECORDED : `${formatNumber(value, decimals)}%`;
}

/** `2026-01-15T09:30:00.000Z` or `2025-12-31` → "15 January 2026" (UTC). */
export function formatDate(iso: string): string {
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** File sizes in binary units: 184320 → "180.0 KB". */
export function formatBytes(size: number): string {
  if (size < 1024) return `${size} bytes`;
  if (size < 1024 * 1024) return `${formatNumber(size / 1024, 1)} KB`;
  return `${formatNumber(size / (1024 * 1024), 1)} MB`;
}

/** Stored codes to words: `natural_gas` → "Natural gas", `30_to_50` → "30 to 50". */
export function humanize(code: string): string {
  const words = code.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Percentage change from `previous` to `current`, or a dash when there is no base. */
export function formatChange(current: number, previous: number | null | undefined): string {
  if (previous === null || previous === undefined) return NOT_RECORDED;
  if (previous === 0) return '–';
  const change = ((current - previous) / previous) * 100;
  return `${change > 0 ? '+' : ''}${formatNumber(change, 1)}%`;
}

/** `2026-01-15T09:30:00.000Z` → "15 January 2026, 09:30 UTC". */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${formatDate(iso)}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}
