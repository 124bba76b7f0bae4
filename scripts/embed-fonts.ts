// Writes src/domain/reports/pdf/fonts-data.ts: DejaVu Sans and DejaVu Sans Bold as base64, so the
// PDF renderer gets its fonts as bytes in Bun and in the Cloudflare Worker alike (no node:fs, no
// bundler rule). The full TTFs would be ~1.95 MB of base64, so this trims them first, keeping every
// glyph id (the "retain glyph ids" subsetting style): glyph outlines outside the kept Unicode
// blocks are emptied, the cmap maps only the kept characters (others fall back to .notdef), and
// the OpenType layout tables are dropped (pdf-lib draws glyph ids without positioning, so GPOS/kern
// kerning would only make measured widths disagree with drawn ones; GSUB ligatures would hurt text
// extraction). pdf-lib then subsets again per document when it embeds the font.
//
// dejavu-fonts-ttf is a dev dependency: only this script reads it. The licence asks that its notice
// travel with every copy of the fonts, so the script copies it beside the generated file.
//
//   bun scripts/embed-fonts.ts
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';

const SOURCE = join(import.meta.dir, '..', 'node_modules', 'dejavu-fonts-ttf', 'ttf');
const TARGET_FOLDER = join(import.meta.dir, '..', 'src', 'domain', 'reports', 'pdf');
const TARGET = join(TARGET_FOLDER, 'fonts-data.ts');

/** Unicode blocks kept: Latin (with Extended-A/B for all EU languages), Greek, Cyrillic, punctuation, super- and subscripts (CO₂), currency, letterlike, arrows, maths, shapes, check marks. */
const KEPT_RANGES: [number, number][] = [
  [0x0020, 0x007e],
  [0x00a0, 0x024f],
  [0x02b0, 0x02ff],
  [0x0370, 0x03ff],
  [0x0400, 0x04ff],
  [0x1e00, 0x1eff],
  [0x2000, 0x206f],
  [0x2070, 0x209f],
  [0x20a0, 0x20cf],
  [0x2100, 0x214f],
  [0x2190, 0x21ff],
  [0x2200, 0x22ff],
  [0x25a0, 0x25ff],
  [0x2713, 0x2717],
  [0xfffd, 0xfffd],
];

/** Tables pdf-lib and fontkit need to measure and subset; everything else is dropped. */
const KEPT_TABLES = [
  'OS/2',
  'cmap',
  'cvt ',
  'fpgm',
  'gasp',
  'glyf',
  'head',
  'hhea',
  'hmtx',
  'loca',
  'maxp',
  'name',
  'post',
  'prep',
];

function readTables(bytes: Uint8Array): Map<string, Uint8Array> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tables = new Map<string, Uint8Array>();
  const count = view.getUint16(4);
  for (let index = 0; index < count; index++) {
    const record = 12 + index * 16;
    const tag = String.fromCharCode(...bytes.subarray(record, record + 4));
    const offset = view.getUint32(record + 8);
    const length = view.getUint32(record + 12);
    tables.set(tag, bytes.slice(offset, offset + length));
  }
  return tables;
}

/** Component glyph ids of a composite glyph (TrueType 'glyf' composite description). */
function componentsOf(glyph: Uint8Array): number[] {
  if (glyph.length < 10) return [];
  const view = new DataView(glyph.buffer, glyph.byteOffset, glyph.byteLength);
  if (view.getInt16(0) >= 0) return [];
  const components: number[] = [];
  let position = 10;
  for (;;) {
    const flags = view.getUint16(position);
    components.push(view.getUint16(position + 2));
    position += 4 + (flags & 0x0001 ? 4 : 2);
    if (flags & 0x0008) position += 2;
    else if (flags & 0x0040) position += 4;
    else if (flags & 0x0080) position += 8;
    if (!(flags & 0x0020)) return components;
  }
}

function checksum(data: Uint8Array): number {
  const padded = new Uint8Array((data.length + 3) & ~3);
  padded.set(data);
  const view = new DataView(padded.buffer);
  let sum = 0;
  for (let offset = 0; offset < padded.length; offset += 4) sum = (sum + view.getUint32(offset)) >>> 0;
  return sum;
}

function trimFont(file: Uint8Array): Uint8Array {
  // A plain Uint8Array copy: Buffer#slice would share the file's buffer and break DataView offsets.
  const bytes = new Uint8Array(file);
  const font = fontkit.create(bytes);
  const tables = readTables(bytes);
  const head = tables.get('head')!.slice();
  const headView = new DataView(head.buffer);
  const isLongLoca = headView.getInt16(50) === 1;
  const locaView = new DataView(tables.get('loca')!.buffer);
  const glyf = tables.get('glyf')!;
  const glyphCount = font.numGlyphs;
  const glyphAt = (id: number) => {
    const start = isLongLoca ? locaView.getUint32(id * 4) : locaView.getUint16(id * 2) * 2;
    const end = isLongLoca ? locaView.getUint32(id * 4 + 4) : locaView.getUint16(id * 2 + 2) * 2;
    return glyf.subarray(start, end);
  };

  const mapping: [number, number][] = [];
  const kept = new Set<number>([0]);
  for (const [first, last] of KEPT_RANGES) {
    for (let codePoint = first; codePoint <= last; codePoint++) {
      const id = font.glyphForCodePoint(codePoint).id;
      if (id === 0) continue;
      mapping.push([codePoint, id]);
      kept.add(id);
    }
  }
  const pending = [...kept];
  while (pending.length > 0) {
    for (const component of componentsOf(glyphAt(pending.pop()!))) {
      if (!kept.has(component)) {
        kept.add(component);
        pending.push(component);
      }
    }
  }

  // glyf and a long-format loca with empty entries for the glyphs not kept.
  const parts: Uint8Array[] = [];
  const loca = new Uint8Array((glyphCount + 1) * 4);
  const newLocaView = new DataView(loca.buffer);
  let glyfLength = 0;
  for (let id = 0; id < glyphCount; id++) {
    newLocaView.setUint32(id * 4, glyfLength);
    if (!kept.has(id)) continue;
    const glyph = glyphAt(id);
    const padded = new Uint8Array((glyph.length + 3) & ~3);
    padded.set(glyph);
    parts.push(padded);
    glyfLength += padded.length;
  }
  newLocaView.setUint32(glyphCount * 4, glyfLength);
  const newGlyf = new Uint8Array(glyfLength);
  let position = 0;
  for (const part of parts) {
    newGlyf.set(part, position);
    position += part.length;
  }

  // cmap: one Windows Unicode full-repertoire subtable (3, 10), format 12, consecutive groups.
  const groups: [number, number, number][] = [];
  for (const [codePoint, id] of mapping) {
    const last = groups.at(-1);
    if (last && codePoint === last[1] + 1 && id === last[2] + (codePoint - last[0])) last[1] = codePoint;
    else groups.push([codePoint, codePoint, id]);
  }
  const cmap = new Uint8Array(12 + 16 + groups.length * 12);
  const cmapView = new DataView(cmap.buffer);
  cmapView.setUint16(2, 1);
  cmapView.setUint16(4, 3);
  cmapView.setUint16(6, 10);
  cmapView.setUint32(8, 12);
  cmapView.setUint16(12, 12);
  cmapView.setUint32(16, 16 + groups.length * 12);
  cmapView.setUint32(24, groups.length);
  groups.forEach(([start, end, id], index) => {
    cmapView.setUint32(28 + index * 12, start);
    cmapView.setUint32(32 + index * 12, end);
    cmapView.setUint32(36 + index * 12, id);
  });

  // post version 3: no glyph names.
  const post = tables.get('post')!.slice(0, 32);
  new DataView(post.buffer).setUint32(0, 0x00030000);
  headView.setUint32(8, 0);
  headView.setInt16(50, 1);

  const output = new Map(tables);
  output.set('glyf', newGlyf);
  output.set('loca', loca);
  output.set('cmap', cmap);
  output.set('post', post);
  output.set('head', head);
  const tags = KEPT_TABLES.filter((tag) => output.has(tag)).sort();
  const headerLength = 12 + tags.length * 16;
  let total = headerLength;
  for (const tag of tags) total += (output.get(tag)!.length + 3) & ~3;
  const result = new Uint8Array(total);
  const view = new DataView(result.buffer);
  const entrySelector = Math.floor(Math.log2(tags.length));
  view.setUint32(0, 0x00010000);
  view.setUint16(4, tags.length);
  view.setUint16(6, 2 ** entrySelector * 16);
  view.setUint16(8, entrySelector);
  view.setUint16(10, tags.length * 16 - 2 ** entrySelector * 16);
  let offset = headerLength;
  let headOffset = 0;
  tags.forEach((tag, index) => {
    const data = output.get(tag)!;
    const record = 12 + index * 16;
    for (let character = 0; character < 4; character++)
      result[record + character] = tag.charCodeAt(character);
    view.setUint32(record + 4, checksum(data));
    view.setUint32(record + 8, offset);
    view.setUint32(record + 12, data.length);
    result.set(data, offset);
    if (tag === 'head') headOffset = offset;
    offset += (data.length + 3) & ~3;
  });
  view.setUint32(headOffset + 8, (0xb1b0afba - checksum(result)) >>> 0);
  return result;
}

const regular = trimFont(readFileSync(join(SOURCE, 'DejaVuSans.ttf')));
const bold = trimFont(readFileSync(join(SOURCE, 'DejaVuSans-Bold.ttf')));
const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

writeFileSync(
  TARGET,
  `// Generated by scripts/embed-fonts.ts from dejavu-fonts-ttf: do not edit by hand.
// NOTICE: DejaVu Sans fonts, Copyright (c) 2003 by Bitstream, Inc. (Bitstream Vera Fonts licence),
// DejaVu changes in the public domain; licence text in dejavu-license.txt beside this file.
// Trimmed to the Unicode blocks listed in the script (glyph ids kept).

/** DejaVu Sans (regular), TrueType, base64. */
export const DEJAVU_SANS_BASE64 =
  '${toBase64(regular)}';

/** DejaVu Sans Bold, TrueType, base64. */
export const DEJAVU_SANS_BOLD_BASE64 =
  '${toBase64(bold)}';
`,
);
copyFileSync(join(SOURCE, '..', 'LICENSE'), join(TARGET_FOLDER, 'dejavu-license.txt'));
console.info(`fonts-data.ts: regular ${regular.length} bytes, bold ${bold.length} bytes`);
