// The SECR statement (SI 2018/1155; shared/reference/regulation.md §3b): UK energy use in kWh by
// source, the related Scope 1 and 2 emissions (and Scope 3 business travel where recorded), the
// intensity ratios, the prior year, energy-efficiency actions and where the methodology is. Every
// figure comes from secr-figures.ts, the one place the statement's numbers are laid out.
import { energyBasisText } from '../energy-basis.ts';
import { type SecrTableRow, secrRatiosOf, secrTable } from '../secr-figures.ts';
import type { ReportSnapshot, SecrRatio } from '../snapshot.ts';
import { formatKwh, formatNumber, formatTonnes, NOT_RECORDED } from './format.ts';
import type { PdfLayout, TableColumn } from './layout.ts';

const format = (row: SecrTableRow, value: number | null | undefined) =>
  row.unit === 'kWh' ? formatKwh(value) : formatTonnes(value);

function drawRows(
  layout: PdfLayout,
  heading: string,
  rows: SecrTableRow[],
  period: string,
  previous: string | null,
) {
  const unit = rows[0]?.unit ?? '';
  const columns: TableColumn[] = previous
    ? [
        { header: heading, width: 0.52 },
        { header: `${period} ${unit}`, width: 0.24, align: 'right' },
        { header: `${previous} ${unit}`, width: 0.24, align: 'right' },
      ]
    : [
        { header: heading, width: 0.64 },
        { header: `${period} ${unit}`, width: 0.36, align: 'right' },
      ];
  layout.table(
    columns,
    rows.map((row) => ({
      cells: previous
        ? [row.label, format(row, row.current), format(row, row.previous)]
        : [row.label, format(row, row.current)],
      bold: row.isTotal,
    })),
  );
}

const DENOMINATOR_LABELS: Record<SecrRatio['denominator'], string> = {
  revenue: 'Intensity ratio: per million of turnover',
  employees: 'Intensity ratio: per employee',
};

function ratioText(ratio: SecrRatio, isQuarter: boolean): string {
  if (ratio.value !== null) return `${formatNumber(ratio.value, 2)} ${ratio.unit}`;
  return isQuarter
    ? 'Not applicable to a quarter: the ratio is over a whole year’s figure'
    : `${NOT_RECORDED} (no Scope 1 or 2 emissions recorded)`;
}

function drawRatios(layout: PdfLayout, snapshot: ReportSnapshot, uk: NonNullable<ReportSnapshot['uk']>) {
  const ratios = secrRatiosOf(uk);
  const isQuarter = snapshot.report.period.includes('-q');
  layout.keyValues(
    ratios.length > 0
      ? ratios.map((ratio) => [DENOMINATOR_LABELS[ratio.denominator], ratioText(ratio, isQuarter)])
      : [['Intensity ratio', `${NOT_RECORDED} (no turnover or employee count for the year)`]],
  );
  if (ratios.some((ratio) => ratio.basis === 'entered')) {
    layout.paragraph('The company entered its intensity ratio in its SECR checklist.', {
      size: 8.5,
      after: 4,
    });
  }
  if (ratios.some((ratio) => ratio.basis === 'company')) {
    layout.paragraph(
      'Turnover and employees are recorded for the whole company, which also has sites outside the UK, so these ratios divide the whole company’s Scope 1 and location-based Scope 2 emissions, not the UK figures above.',
      { size: 8.5, after: 4 },
    );
  }
}

export function drawSecr(
  layout: PdfLayout,
  snapshot: ReportSnapshot,
  uk: NonNullable<ReportSnapshot['uk']>,
): void {
  layout.paragraph(
    'Streamlined Energy and Carbon Reporting under the Companies (Directors’ Report) and Limited Liability Partnerships (Energy and Carbon Report) Regulations 2018. Energy and emissions cover UK sites only.',
  );
  const table = secrTable(uk);
  const period = snapshot.report.period;
  layout.heading('UK energy use');
  drawRows(layout, 'Energy source', table.energy, period, table.previousPeriod);
  if (uk.energyBasis) layout.paragraph(energyBasisText(uk.energyBasis), { size: 8.5, after: 4 });
  layout.heading('UK greenhouse gas emissions');
  drawRows(layout, 'Emissions', table.emissions, period, table.previousPeriod);
  if (!table.previousPeriod) {
    layout.paragraph('Prior year: not recorded (no UK data for the previous period of equal length).', {
      size: 8.5,
    });
  }
  layout.heading('Intensity ratio');
  drawRatios(layout, snapshot, uk);
  layout.heading('Energy efficiency actions');
  layout.paragraph(
    uk.efficiencyActions ?? `${NOT_RECORDED}: no energy-efficiency action is recorded for the year.`,
  );
  layout.heading('Methodology');
  if (uk.methodology) layout.paragraph(uk.methodology);
  layout.paragraph(
    'How the figures were calculated (standard, emission factors, global warming potentials, data quality and coverage) is set out in the Methodology section of this report.',
  );
}
