// Contrast of an accent colour against the white text printed on it (the report cover, headings on
// white pages read the other way round: the ratio is symmetric). WCAG 2.1 §1.4.3 (AA) asks 4.5:1
// for normal text; relative luminance and contrast ratio are WCAG 2.1's own definitions
// (https://www.w3.org/TR/WCAG21/#dfn-relative-luminance, #dfn-contrast-ratio).

/** WCAG 2.1 AA for normal-size text. */
export const MIN_CONTRAST_RATIO = 4.5;

const HEX_COLOUR = /^#([0-9a-fA-F]{2})([0-9a-fA-F]{2})([0-9a-fA-F]{2})$/;

/** `#RRGGBB` only: the form the colour input of a browser gives and the PDF renderer reads. */
export function isHexColour(value: string): boolean {
  return HEX_COLOUR.test(value);
}

/** The 0–255 channels of `#RRGGBB`, or null for anything else. */
export function parseHexColour(value: string): [number, number, number] | null {
  const match = HEX_COLOUR.exec(value);
  if (!match) return null;
  return [Number.parseInt(match[1]!, 16), Number.parseInt(match[2]!, 16), Number.parseInt(match[3]!, 16)];
}

/** sRGB channel (0–255) to linear light, WCAG 2.1's formula and its 0.03928 threshold. */
function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

export function relativeLuminance([r, g, b]: [number, number, number]): number {
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** (L1 + 0.05) / (L2 + 0.05), the lighter colour's luminance on top; white has luminance 1. */
export function contrastWithWhite(hex: string): number | null {
  const rgb = parseHexColour(hex);
  if (!rgb) return null;
  return 1.05 / (relativeLuminance(rgb) + 0.05);
}

/** The ratio as people read it: "4.52:1", rounded down so a shown 4.50:1 really passes. */
export function formatContrast(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}

/**
 * Why a colour cannot be the accent, or null when it can. The same sentence in the browser (live,
 * as the colour changes) and on the server (the refusal).
 */
export function accentColourProblem(value: string): string | null {
  const ratio = contrastWithWhite(value);
  if (ratio === null) return 'Enter the colour as # followed by six hexadecimal digits, such as #0D6B54';
  if (ratio < MIN_CONTRAST_RATIO) {
    return `White text on ${value.toUpperCase()} has a contrast of ${formatContrast(ratio)}; reports need at least 4.5:1 (WCAG 2.1 AA). Choose a darker colour.`;
  }
  return null;
}
