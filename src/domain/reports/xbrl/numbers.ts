// Decimal rounding and display shared by the fact model and the renderers.

/** Rounds half away from zero to `decimals` places through an integer, avoiding 1.005 → 1.00. */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const scaled = Math.abs(value) * factor;
  // Correct binary noise such as 1.005 * 100 = 100.49999999999999 before rounding.
  const rounded = Math.round(Number(scaled.toPrecision(15))) / factor;
  return value < 0 ? -rounded : rounded;
}

/** Decimals that keep `significant` significant figures of a small or large positive number. */
export function decimalsForSignificantFigures(value: number, significant: number): number {
  if (value === 0) return 0;
  return Math.max(0, significant - 1 - Math.floor(Math.log10(Math.abs(value))));
}

/** The XBRL lexical value: plain decimal notation with exactly `decimals` places, never exponent form. */
export function formatLexical(value: number, decimals: number): string {
  const negative = value < 0;
  const factor = 10n ** BigInt(decimals);
  const units = BigInt(Math.round(Number((Math.abs(value) * 10 ** decimals).toPrecision(15))));
  const whole = (units / factor).toString();
  const fraction = decimals > 0 ? `.${(units % factor).toString().padStart(decimals, '0')}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** The displayed figure for ixt:num-dot-decimal: thousands separated by commas, no sign. */
export function formatDisplay(value: number, decimals: number): string {
  const [whole = '0', fraction] = formatLexical(Math.abs(value), decimals).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}
