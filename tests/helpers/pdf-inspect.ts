// What a rendered PDF shows, read back with pdf.js (unpdf): page text, the fill colours its pages
// paint with (pdf.js reports them as `#rrggbb`), and whether a page paints an image.
import { extractText, getDocumentProxy } from 'unpdf';

/** pdf.js operator number of "paint image XObject" (OPS.paintImageXObject). */
const PAINT_IMAGE = 85;

export async function inspectPdf(bytes: Uint8Array | ArrayBuffer) {
  const data = new Uint8Array(bytes instanceof Uint8Array ? bytes.slice() : bytes);
  const doc = await getDocumentProxy(data);
  const { text } = await extractText(doc, { mergePages: false });
  const colours = new Set<string>();
  const pagesWithImages: number[] = [];
  for (let number = 1; number <= doc.numPages; number += 1) {
    const operators = await (await doc.getPage(number)).getOperatorList();
    operators.fnArray.forEach((fn, index) => {
      if (fn === PAINT_IMAGE) pagesWithImages.push(number);
      for (const arg of operators.argsArray[index] ?? []) {
        if (typeof arg === 'string' && /^#[0-9a-f]{6}$/.test(arg)) colours.add(arg);
      }
    });
  }
  return { pages: text.map((page) => page.replace(/\s+/g, ' ')), colours, pagesWithImages };
}
