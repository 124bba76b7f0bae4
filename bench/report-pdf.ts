// Report PDF: the demo company's annual report rendered from its snapshot. Budget: under 1 s.
// `ms` is the median of five renders after one warm-up (fonts decoded once, as in the server).
// Prints nothing; the bench runner reports the figure.
import { demoSnapshot } from '../src/domain/reports/fixtures.ts';
import { loadReportFonts } from '../src/domain/reports/pdf/fonts.ts';
import { renderReportPdf } from '../src/domain/reports/pdf/render-pdf.ts';

export async function benchReportPdf(samples = 5): Promise<{ ms: number; bytes: number }> {
  const fonts = loadReportFonts();
  const warmUp = await renderReportPdf(demoSnapshot(), fonts);
  const times: number[] = [];
  for (let sample = 0; sample < samples; sample++) {
    const start = performance.now();
    await renderReportPdf(demoSnapshot(), fonts);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)]!, bytes: warmUp.bytes.length };
}
