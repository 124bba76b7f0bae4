// The disclosure checklist as working papers: each answer, where it came from and the disclosure it
// maps to. They back the statements in the body but are not part of them, so they sit in an
// appendix after the body (issue 18, decision 059).
import type { ReportSnapshot } from '../snapshot.ts';
import { formatPercent, humanize } from './format.ts';
import type { PdfLayout } from './layout.ts';

/** Where a checklist answer came from (the checklist's `origin` codes). */
const ORIGIN_LABELS: Record<string, string> = {
  ledger: 'Activity ledger',
  manual: 'Entered by the company',
  calculated: 'Calculated',
  imported: 'Imported',
};

export function drawChecklistAppendix(
  layout: PdfLayout,
  checklist: NonNullable<ReportSnapshot['checklist']>,
): void {
  layout.paragraph(
    `Working papers: the ${checklist.jurisdiction} checklist (${checklist.packId}, version ${checklist.packVersion}) as it stood when this report was generated, ${formatPercent(checklist.overallProgress)} complete. Each answer names its source and the disclosure it maps to.`,
  );
  const sections = [...new Set(checklist.answers.map((answer) => answer.section))];
  for (const section of sections) {
    layout.heading(humanize(section));
    layout.table(
      [
        { header: 'Indicator', width: 0.28 },
        { header: 'Answer', width: 0.22 },
        { header: 'Source', width: 0.14 },
        { header: 'Maps to', width: 0.36 },
      ],
      checklist.answers
        .filter((answer) => answer.section === section)
        .map((answer) => ({
          cells: [
            answer.title,
            answer.value,
            ORIGIN_LABELS[answer.origin] ?? humanize(answer.origin),
            answer.mappingLabel,
          ],
        })),
    );
  }
  if (checklist.missingRequired.length > 0) {
    layout.heading('Required indicators not yet answered');
    for (const missing of checklist.missingRequired) layout.paragraph(`• ${missing.title}`, { after: 2 });
  }
}
