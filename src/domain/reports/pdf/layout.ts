// A small flowing-layout engine over pdf-lib: a cursor that moves down A4 pages, wrapped
// paragraphs measured with the embedded font, headings kept with what follows, and tables that
// wrap their cells and repeat their header on each new page.
import {
  degrees,
  drawText as drawTextOperators,
  type PDFDocument,
  type PDFFont,
  type PDFName,
  type PDFPage,
  type RGB,
  rgb,
} from 'pdf-lib';

/** A4 in points. */
export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;
export const MARGIN = 56;
/** Space kept free at the bottom for the footer. */
export const BOTTOM = 72;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;

export const COLOURS = {
  text: rgb(0.13, 0.15, 0.17),
  muted: rgb(0.4, 0.43, 0.47),
  accent: rgb(0.05, 0.42, 0.33),
  rule: rgb(0.8, 0.82, 0.84),
  shade: rgb(0.95, 0.96, 0.96),
  header: rgb(0.9, 0.94, 0.92),
};

export interface LayoutFonts {
  regular: PDFFont;
  bold: PDFFont;
}

export interface TextStyle {
  size?: number;
  bold?: boolean;
  colour?: RGB;
  /** Extra left indent in points. */
  indent?: number;
  /** Space after the block in points. */
  after?: number;
}

export interface TableColumn {
  header: string;
  /** Share of the content width (the shares of a table add up to 1). */
  width: number;
  align?: 'left' | 'right';
}

export interface TableRow {
  cells: string[];
  bold?: boolean;
  /** Indents the first cell (sub-rows such as Scope 3 categories). */
  indent?: boolean;
}

const LINE_FACTOR = 1.35;

export class PdfLayout {
  page!: PDFPage;
  y = 0;
  /** Advance widths at size 1 per font and character; the fonts carry no kerning, so they add up. */
  private readonly widths = new Map<PDFFont, Map<string, number>>();
  /** One font resource name per font and page (PDFPage#drawText would add two per call). */
  private readonly fontKeys = new Map<PDFPage, { regular: PDFName; bold: PDFName }>();
  /** Headings and their rules; a company's brand colour when it has one (branding.ts). */
  accent: RGB = COLOURS.accent;
  /** Table header fill: a light tint of the accent. */
  tint: RGB = COLOURS.header;

  constructor(
    readonly doc: PDFDocument,
    readonly fonts: LayoutFonts,
  ) {}

  /** Index of the current page in the document. */
  get pageIndex(): number {
    return this.doc.getPageCount() - 1;
  }

  newPage(): PDFPage {
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.y = PAGE_HEIGHT - MARGIN;
    return this.page;
  }

  /** Starts a new page when fewer than `height` points are left above the footer. */
  ensureSpace(height: number): void {
    if (this.y - height < BOTTOM) this.newPage();
  }

  space(points: number): void {
    this.y -= points;
  }

  font(bold = false): PDFFont {
    return bold ? this.fonts.bold : this.fonts.regular;
  }

  measure(text: string, size: number, bold = false): number {
    const font = this.font(bold);
    let cache = this.widths.get(font);
    if (!cache) {
      cache = new Map();
      this.widths.set(font, cache);
    }
    let width = 0;
    for (const character of text) {
      let advance = cache.get(character);
      if (advance === undefined) {
        advance = font.widthOfTextAtSize(character, 1);
        cache.set(character, advance);
      }
      width += advance;
    }
    return width * size;
  }

  /** Lines of at most `width` points: breaks at spaces, and inside words longer than a line. */
  wrap(text: string, width: number, size: number, bold = false): string[] {
    const lines: string[] = [];
    const space = this.measure(' ', size, bold);
    for (const hardLine of text.split('\n')) {
      let current = '';
      let currentWidth = 0;
      for (const word of hardLine.split(/\s+/).filter(Boolean)) {
        const wordWidth = this.measure(word, size, bold);
        if (current && currentWidth + space + wordWidth <= width) {
          current += ` ${word}`;
          currentWidth += space + wordWidth;
          continue;
        }
        if (current) lines.push(current);
        if (wordWidth <= width) {
          current = word;
          currentWidth = wordWidth;
          continue;
        }
        // A word wider than the line (a URL, a digest): break it between characters.
        current = '';
        currentWidth = 0;
        for (const character of word) {
          const characterWidth = this.measure(character, size, bold);
          if (current && currentWidth + characterWidth > width) {
            lines.push(current);
            current = '';
            currentWidth = 0;
          }
          current += character;
          currentWidth += characterWidth;
        }
      }
      lines.push(current);
    }
    return lines;
  }

  drawText(
    text: string,
    x: number,
    baseline: number,
    size: number,
    bold = false,
    colour = COLOURS.text,
  ): void {
    if (!text) return;
    let keys = this.fontKeys.get(this.page);
    if (!keys) {
      keys = {
        regular: this.page.node.newFontDictionary('F', this.fonts.regular.ref),
        bold: this.page.node.newFontDictionary('F', this.fonts.bold.ref),
      };
      this.fontKeys.set(this.page, keys);
    }
    this.page.pushOperators(
      ...drawTextOperators(this.font(bold).encodeText(text), {
        color: colour,
        font: bold ? keys.bold : keys.regular,
        size,
        x,
        y: baseline,
        rotate: degrees(0),
        xSkew: degrees(0),
        ySkew: degrees(0),
      }),
    );
  }

  /** A wrapped block of text; blank lines in `text` separate paragraphs. */
  paragraph(text: string, style: TextStyle = {}): void {
    const size = style.size ?? 9.5;
    const indent = style.indent ?? 0;
    const lineHeight = size * LINE_FACTOR;
    const blocks = text.split(/\n\s*\n/);
    blocks.forEach((block, index) => {
      for (const line of this.wrap(block.trim(), CONTENT_WIDTH - indent, size, style.bold)) {
        this.ensureSpace(lineHeight);
        this.drawText(line, MARGIN + indent, this.y - size, size, style.bold, style.colour);
        this.y -= lineHeight;
      }
      if (index < blocks.length - 1) this.y -= size * 0.6;
    });
    this.y -= style.after ?? 6;
  }

  /** Section (level 1) or sub-section (level 2) heading, never left alone at a page foot. */
  heading(text: string, level: 1 | 2 = 2): void {
    const size = level === 1 ? 17 : 11.5;
    this.ensureSpace(size * 1.6 + 40);
    if (level === 2) this.y -= 6;
    // A title wider than the page (an SECR report's section name) wraps rather than running off it.
    const lines = this.wrap(text, CONTENT_WIDTH, size, true);
    lines.forEach((line, index) => {
      this.drawText(line, MARGIN, this.y - size - index * size * 1.25, size, true, this.accent);
    });
    this.y -= size * 1.5 + (lines.length - 1) * size * 1.25;
    if (level === 1) {
      this.page.drawLine({
        start: { x: MARGIN, y: this.y + 4 },
        end: { x: PAGE_WIDTH - MARGIN, y: this.y + 4 },
        thickness: 0.8,
        color: this.accent,
      });
      this.y -= 8;
    }
  }

  /** Label and value pairs as a two-column table without a header. */
  keyValues(pairs: [string, string][]): void {
    this.table(
      [
        { header: '', width: 0.36 },
        { header: '', width: 0.64 },
      ],
      pairs.map(([label, value]) => ({ cells: [label, value] })),
      { header: false },
    );
  }

  table(columns: TableColumn[], rows: TableRow[], options: { size?: number; header?: boolean } = {}): void {
    const size = options.size ?? 8.5;
    const padding = 3.5;
    const lineHeight = size * 1.3;
    const widths = columns.map((column) => column.width * CONTENT_WIDTH);
    const drawRow = (cells: string[], bold: boolean, fill: RGB | null, indent: boolean) => {
      const wrapped = cells.map((cell, index) => {
        const inset = index === 0 && indent ? 10 : 0;
        return this.wrap(cell, widths[index]! - 2 * padding - inset, size, bold);
      });
      const height = Math.max(...wrapped.map((lines) => lines.length)) * lineHeight + 2 * padding;
      if (this.y - height < BOTTOM) {
        this.newPage();
        if (options.header !== false && !isHeader(cells)) drawHeader();
      }
      if (fill) {
        this.page.drawRectangle({ x: MARGIN, y: this.y - height, width: CONTENT_WIDTH, height, color: fill });
      }
      let x = MARGIN;
      wrapped.forEach((lines, index) => {
        const column = columns[index]!;
        const inset = index === 0 && indent ? 10 : 0;
        lines.forEach((line, lineIndex) => {
          const baseline = this.y - padding - size - lineIndex * lineHeight + 1;
          const left =
            column.align === 'right'
              ? x + widths[index]! - padding - this.measure(line, size, bold)
              : x + padding + inset;
          this.drawText(line, left, baseline, size, bold);
        });
        x += widths[index]!;
      });
      this.y -= height;
      this.page.drawLine({
        start: { x: MARGIN, y: this.y },
        end: { x: PAGE_WIDTH - MARGIN, y: this.y },
        thickness: 0.4,
        color: COLOURS.rule,
      });
    };
    const headerCells = columns.map((column) => column.header);
    const isHeader = (cells: string[]) => cells === headerCells;
    const drawHeader = () => drawRow(headerCells, true, this.tint, false);
    if (options.header !== false) {
      this.ensureSpace(lineHeight * 3 + 4 * padding);
      drawHeader();
    }
    rows.forEach((row, index) => {
      drawRow(row.cells, row.bold ?? false, index % 2 === 1 ? COLOURS.shade : null, row.indent ?? false);
    });
    this.y -= 10;
  }
}
