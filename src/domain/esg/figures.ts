// Ledger figures as the text an ESG checklist answer holds: a number with a fixed precision per
// unit, thousands separated, and its unit, e.g. '12.34 tCO2e', '45.6 MWh', '38 %', '1,234 m³'.
// One precision per unit so the same figure reads the same on every screen and in every report.

/** A figure the ledger computed for an auto-filled indicator. */
export interface LedgerFigure {
  value: number;
  /** 'tCO2e', 't', 'MWh', 'kWh', '%', 'm³', 'hours per employee', or 'tCO2e per …' (intensities). */
  unit: string;
}

/**
 * Decimal places per unit: tonnes to 10 kg (2 dp) as the dashboards show them, MWh to 100 kWh,
 * kWh and m³ whole (meter readings are whole), percentages whole, hours to a tenth.
 */
export function decimalsFor(unit: string): number {
  switch (unit) {
    case 'tCO2e':
    case 't':
      return 2;
    case 'MWh':
    case 'hours per employee':
      return 1;
    case 'kWh':
    case 'm³':
    case '%':
      return 0;
    default:
      // Intensities ('tCO2e per million GBP', 'tCO2e per employee') are tonnes too.
      return 2;
  }
}

/** `{ value: 1234.5, unit: 'kWh' }` → '1,235 kWh'. Never '-0'. */
export function formatFigure(figure: LedgerFigure): string {
  const places = decimalsFor(figure.unit);
  const rounded = Number(figure.value.toFixed(places));
  const number = (Object.is(rounded, -0) ? 0 : rounded).toLocaleString('en-US', {
    minimumFractionDigits: places,
    maximumFractionDigits: places,
  });
  return `${number} ${figure.unit}`;
}
