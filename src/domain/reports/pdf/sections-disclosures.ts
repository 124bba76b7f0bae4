// Report sections: social and governance figures, approved narratives and carbon credits (always
// apart from gross emissions). The SECR statement is in sections-secr.ts, the checklist working
// papers in sections-appendix.ts.

import { sectionLabel } from '../../narratives/prompts.ts';
import type { ReportSnapshot } from '../snapshot.ts';
import { formatDate, formatNumber, formatPercent, formatTonnes, humanize, NOT_RECORDED } from './format.ts';
import { COLOURS, type PdfLayout } from './layout.ts';

const COVERAGE_LABELS: Record<string, string> = {
  scope_1_2: 'Scope 1 and 2',
  scope_1_2_3: 'Scope 1, 2 and 3',
  scope_1: 'Scope 1',
};

export function drawSocialGovernance(layout: PdfLayout, snapshot: ReportSnapshot): void {
  const { workforce, target, checklist } = snapshot;
  layout.heading('Workforce');
  if (workforce) {
    layout.keyValues([
      ['Headcount', formatNumber(workforce.headcount, 0)],
      ['Women in the workforce', formatPercent(workforce.femaleSharePercent)],
      ['Women in leadership', formatPercent(workforce.leadershipFemaleSharePercent)],
      [
        'Training hours per employee',
        workforce.trainingHoursPerEmployee === null
          ? NOT_RECORDED
          : formatNumber(workforce.trainingHoursPerEmployee, 1),
      ],
    ]);
    if (workforce.ageBands.length > 0) {
      layout.table(
        [
          { header: 'Age band', width: 0.5 },
          { header: 'Employees', width: 0.25, align: 'right' },
          { header: 'Share', width: 0.25, align: 'right' },
        ],
        workforce.ageBands.map((band) => ({
          cells: [
            humanize(band.band),
            formatNumber(band.count, 0),
            workforce.headcount > 0 ? formatPercent((band.count / workforce.headcount) * 100, 0) : '–',
          ],
        })),
      );
    }
  } else {
    layout.paragraph(`Workforce figures: ${NOT_RECORDED}.`);
  }
  layout.heading('Emissions reduction target');
  layout.paragraph(
    target
      ? `Reduce ${COVERAGE_LABELS[target.coverage] ?? humanize(target.coverage)} emissions by ${formatNumber(target.reductionPercent, 0)}% by ${target.targetYear} against a ${target.baseYear} base year.`
      : `Reduction target: ${NOT_RECORDED}.`,
  );
  if (checklist) {
    layout.paragraph('The disclosure checklist answers behind these figures are in the appendix.', {
      size: 8.5,
      colour: COLOURS.muted,
    });
  }
}

export function drawNarratives(layout: PdfLayout, snapshot: ReportSnapshot): void {
  if (snapshot.narratives.length === 0) {
    layout.paragraph('No narrative has been approved for this report.');
    return;
  }
  for (const narrative of snapshot.narratives) {
    layout.heading(sectionLabel(narrative.section));
    layout.paragraph(narrative.content);
    layout.paragraph(
      `Approved text, version ${narrative.version} (${narrative.framework.toUpperCase()}), last updated ${formatDate(narrative.updatedAt)}.`,
      { size: 7.5, colour: COLOURS.muted, after: 8 },
    );
  }
}

export function drawOffsets(layout: PdfLayout, offsets: NonNullable<ReportSnapshot['offsets']>): void {
  layout.paragraph(
    'Carbon credits are reported separately from gross emissions. They are not subtracted from the greenhouse gas inventory in this report.',
  );
  layout.keyValues([
    ['Credits purchased', `${formatTonnes(offsets.purchasedTonnes)} tCO2e`],
    ['Credits retired', `${formatTonnes(offsets.retiredTonnes)} tCO2e`],
  ]);
  if (offsets.orders.length === 0) return;
  layout.table(
    [
      { header: 'Project', width: 0.21 },
      { header: 'Registry', width: 0.12 },
      { header: 'Vintage', width: 0.09, align: 'right' },
      { header: 'Tonnes', width: 0.09, align: 'right' },
      { header: 'Serial numbers', width: 0.37 },
      { header: 'Status', width: 0.12 },
    ],
    offsets.orders.map((order) => ({
      cells: [
        order.project,
        order.registry,
        String(order.vintage),
        formatNumber(order.quantity, 0),
        `${order.serialStart} to ${order.serialEnd}`,
        humanize(order.status),
      ],
    })),
    { size: 7.5 },
  );
}
