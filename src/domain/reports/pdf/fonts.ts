// The report fonts as bytes: DejaVu Sans regular and bold, trimmed and base64-embedded by
// scripts/embed-fonts.ts so the renderer needs no file system (it also runs in the Cloudflare
// Worker). Decoded once per process.
import { DEJAVU_SANS_BASE64, DEJAVU_SANS_BOLD_BASE64 } from './fonts-data.ts';

export interface ReportFonts {
  /** TrueType bytes of DejaVu Sans. */
  regular: Uint8Array;
  /** TrueType bytes of DejaVu Sans Bold. */
  bold: Uint8Array;
}

let loaded: ReportFonts | null = null;

function decodeBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** The embedded report fonts, decoded on first use and then shared. */
export function loadReportFonts(): ReportFonts {
  loaded ??= { regular: decodeBase64(DEJAVU_SANS_BASE64), bold: decodeBase64(DEJAVU_SANS_BOLD_BASE64) };
  return loaded;
}
