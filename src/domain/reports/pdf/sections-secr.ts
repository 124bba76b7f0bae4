// The SECR statement (SI 2018/1155; shared/reference/regulation.md §3b): UK energy use in kWh by
// source, the related Scope 1 and 2 emissions (and Scope 3 business travel where recorded), the
// intensity ratios, the prior year, energy-efficiency actions and where the methodology is. Every
// figure comes from secr-figures.ts, the one place the statement's numbers are laid out.
import { energyBasisText } from '../energy-basis.ts';
import { energySources, hasFigureSources, sourceNumbers, ukDatasets } from '../provenance.ts';
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
  sources: ((row: SecrTableRow) => string) | null,
) {
  const unit = rows[0]?.unit ?? '';
  // Since decision 058 each row names the numbered sources of its current figure (Methodology).
  const sourceWidth = sources ? 0.12 : 0;
  const columns: TableColumn[] = [
    { header: heading, width: (previous ? 0.52 : 0.64) - sourceWidth },
    { header: `${period} ${unit}`, width: previous ? 0.24 : 0.36, align: 'right' },
    ...(previous ? [{ header: `${previous} ${unit}`, width: 0.24, align: 'right' as const }] : []),
    ...(sources ? [{ header: 'Sources', width: sourceWidth, align: 'right' as const }] : []),
  ];
  layout.table(
    columns,
    rows.map((row) => ({
      cells: [
        row.label,
        format(row, row.current),
        ...(previous ? [format(row, row.previous)] : []),
        ...(sources ? [sources(row)] : []),
      ],
      bold: row.isTotal,
    })),
  );
}

/** The row's source numbers; '–' when its figure used none (metered kWh, or nothing recorded). */
function rowSources(snapshot: ReportSnapshot, uk: NonNullable<ReportSnapshot['uk']>) {
  return (row: SecrTableRow) => {
    const keys =
      'energyCategories' in row.parts
        ? energySources(
            uk.energyBasis,
            row.parts.energyCategories === 'all' ? undefined : row.parts.energyCategories,
          )
        : ukDatasets(snapshot, row.parts.ukFigures);
    return row.current === null ? '–' : sourceNumbers(snapshot, keys) || '–';
  };
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
  const sources = hasFigureSources(snapshot) ? rowSources(snapshot, uk) : null;
  layout.heading('UK energy use');
  drawRows(layout, 'Energy source', table.energy, period, table.previousPeriod, sources);
  if (uk.energyBasis) layout.paragraph(energyBasisText(uk.energyBasis), { size: 8.5, after: 4 });
  layout.heading('UK greenhouse gas emissions');
  drawRows(layout, 'Emissions', table.emissions, period, table.previousPeriod, sources);
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
