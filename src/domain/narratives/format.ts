// How the narrative writers print numbers. The offline writer formats every figure through these
// functions and the number check (number-check.ts) reads them back, so the two always agree: plain
// ASCII digits, ',' between thousands, '.' before decimals, no locale data (the output must be the
// same on every machine), and a precision chosen by magnitude so a figure reads naturally.

const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** 1234.567 with 1 place → '1,234.6'. Never '-0'. */
export function formatNumber(value: number, decimals: number): string {
  const fixed = Math.abs(value).toFixed(decimals);
  const [whole = '0', fraction] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = value < 0 && Number(fixed) !== 0 ? '-' : '';
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/**
 * Places a writer shows for a quantity: whole numbers from 1,000, one place from 100, two below,
 * and under 1 enough places for two significant figures (0.0345 → '0.035').
 */
export function decimalsFor(value: number): number {
  const size = Math.abs(value);
  if (size >= 1000) return 0;
  if (size >= 100) return 1;
  if (size >= 0.01 || size === 0) return 2;
  return Math.min(6, 1 - Math.floor(Math.log10(size)));
}

/** A quantity at the precision of its magnitude, trailing zeros after the point dropped. */
export function formatQuantity(value: number): string {
  const text = formatNumber(value, decimalsFor(value));
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** '1,234 tCO2e', '12.35 tCO2e'. */
export function formatTonnes(tonnes: number): string {
  return `${formatQuantity(tonnes)} tCO2e`;
}

/** '38%', '12.5%' (one place at most). */
export function formatPercent(percent: number): string {
  return `${formatNumber(percent, 1).replace(/\.0$/, '')}%`;
}

/** '1,234 MWh', '45.6 MWh'. */
export function formatMegawattHours(mwh: number): string {
  return `${formatQuantity(mwh)} MWh`;
}

/** '1,234 m³', '35.4 m³'. */
export function formatCubicMetres(cubicMetres: number): string {
  return `${formatQuantity(cubicMetres)} m³`;
}

/** '12.5 hours' (one place at most). */
export function formatHours(hours: number): string {
  return `${formatNumber(hours, 1).replace(/\.0$/, '')} hours`;
}

/** '0.45 tCO2e per employee', '12.3 tCO2e per million GBP'. */
export function formatIntensity(intensity: { value: number; unit: string }): string {
  return `${formatQuantity(intensity.value)} ${intensity.unit}`;
}

/** Tonnes of carbon credits: '120 tonnes', '12.5 tonnes'. */
export function formatCreditTonnes(tonnes: number): string {
  return `${formatQuantity(tonnes)} ${tonnes === 1 ? 'tonne' : 'tonnes'}`;
}

/** Counts up to ten in words (house style), larger ones in digits: 'three', '1,250'. */
export function formatCount(count: number): string {
  return Number.isInteger(count) && count >= 0 && count <= 10 ? WORDS[count]! : formatNumber(count, 0);
}

/** Years never take a thousands separator: 2025, not '2,025'. */
export function formatYear(year: number): string {
  return String(year);
}
