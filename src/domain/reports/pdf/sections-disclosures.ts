// Report sections 4–7: social and governance figures, approved narratives, the UK SECR section
// and carbon credits (always apart from gross emissions).

import { sectionLabel } from '../../narratives/prompts.ts';
import { energyBasisText } from '../energy-basis.ts';
import {
  categoriesOfKind,
  energySources,
  hasFigureSources,
  sourceNumbers,
  ukDatasets,
} from '../provenance.ts';
import type { ReportSnapshot } from '../snapshot.ts';
import {
  formatDate,
  formatKwh,
  formatNumber,
  formatPercent,
  formatTonnes,
  humanize,
  NOT_RECORDED,
} from './format.ts';
import { COLOURS, type PdfLayout } from './layout.ts';

/** Where a checklist answer came from (the checklist's `origin` codes). */
const ORIGIN_LABELS: Record<string, string> = {
  ledger: 'Activity ledger',
  manual: 'Entered by the company',
  calculated: 'Calculated',
  imported: 'Imported',
};

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
  layout.heading('Disclosure checklist');
  if (!checklist) {
    layout.paragraph(`Checklist answers: ${NOT_RECORDED}.`);
    return;
  }
  layout.paragraph(
    `${checklist.jurisdiction} checklist (${checklist.packId}, version ${checklist.packVersion}): ${formatPercent(checklist.overallProgress)} complete.`,
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

export function drawSecr(
  layout: PdfLayout,
  uk: NonNullable<ReportSnapshot['uk']>,
  snapshot?: ReportSnapshot,
): void {
  // Since decision 058: each figure names its numbered sources (Methodology); '–': none (metered).
  const cite = snapshot !== undefined && hasFigureSources(snapshot) ? snapshot : null;
  const energyCells = (categories: string[] | undefined) =>
    cite ? [sourceNumbers(cite, energySources(uk.energyBasis, categories)) || '–'] : [];
  const marks = (parts: ('scope1' | 'scope2Location')[]) => {
    const numbers = cite ? sourceNumbers(cite, ukDatasets(cite, parts)) : '';
    return numbers ? ` [${numbers}]` : '';
  };
  layout.paragraph(
    'Streamlined Energy and Carbon Reporting under the Companies (Directors’ Report) and Limited Liability Partnerships (Energy and Carbon Report) Regulations 2018. Figures cover UK sites only.',
  );
  layout.heading('UK energy use');
  layout.table(
    [
      { header: 'Energy source', width: cite ? 0.5 : 0.6 },
      { header: 'kWh', width: cite ? 0.34 : 0.4, align: 'right' },
      ...(cite ? [{ header: 'Sources', width: 0.16, align: 'right' as const }] : []),
    ],
    [
      { cells: ['Gas', formatKwh(uk.energyKwh.gas), ...energyCells(['natural_gas'])] },
      { cells: ['Electricity', formatKwh(uk.energyKwh.electricity), ...energyCells(['electricity'])] },
      {
        cells: [
          'Transport fuel',
          formatKwh(uk.energyKwh.transport),
          ...energyCells(categoriesOfKind('transport_fuel')),
        ],
      },
      // Snapshots since decision 048: the rest of the total, so the rows add up to it.
      ...(uk.energyBasis
        ? [
            {
              cells: [
                'Other fuels',
                formatKwh(uk.energyKwh.otherFuels ?? null),
                ...energyCells(
                  categoriesOfKind('stationary_fuel').filter((category) => category !== 'natural_gas'),
                ),
              ],
            },
            {
              cells: [
                'Heat and steam',
                formatKwh(uk.energyKwh.heatSteam ?? null),
                ...energyCells(categoriesOfKind('heat_steam')),
              ],
            },
          ]
        : []),
      {
        cells: ['Total UK energy use', formatKwh(uk.energyKwh.total), ...energyCells(undefined)],
        bold: true,
      },
    ],
  );
  if (uk.energyBasis) layout.paragraph(energyBasisText(uk.energyBasis), { size: 8.5, after: 4 });
  layout.heading('UK emissions');
  const tonnes = (value: number | null) => (value === null ? NOT_RECORDED : `${formatTonnes(value)} tCO2e`);
  layout.keyValues([
    ['Scope 1 (UK)', `${tonnes(uk.scope1)}${uk.scope1 === null ? '' : marks(['scope1'])}`],
    [
      'Scope 2, location-based (UK)',
      `${tonnes(uk.scope2Location)}${uk.scope2Location === null ? '' : marks(['scope2Location'])}`,
    ],
    [
      'Intensity ratio',
      uk.intensity ? `${formatNumber(uk.intensity.value, 2)} ${uk.intensity.unit}` : NOT_RECORDED,
    ],
  ]);
  layout.heading('Energy efficiency actions');
  layout.paragraph(uk.efficiencyActions ?? NOT_RECORDED);
  layout.heading('Methodology');
  layout.paragraph(uk.methodology ?? NOT_RECORDED);
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
