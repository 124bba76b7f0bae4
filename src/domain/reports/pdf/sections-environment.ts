// Report sections 1–3: company profile and boundary, the GHG inventory, energy, water and waste.

import { boundaryText, consolidationLabel } from '../../company-profile/consolidation.ts';
import { coverageStatement } from '../coverage.ts';
import { employeesText } from '../employees.ts';
import { energyBasisText, marketBasisText } from '../energy-basis.ts';
import {
  energySources,
  hasFigureSources,
  type InventoryPart,
  inventoryDatasets,
  isInventoryFigureRecorded,
  sourceNumbers,
} from '../provenance.ts';
import type { ReportSnapshot } from '../snapshot.ts';
import { drawEmissionsChart, inventoryBars } from './chart.ts';
import {
  formatChange,
  formatDate,
  formatMwh,
  formatNumber,
  formatPercent,
  formatTonnes,
  humanize,
  NOT_RECORDED,
} from './format.ts';
import type { PdfLayout, TableColumn, TableRow } from './layout.ts';

const LEI_SCHEME = 'http://standards.iso.org/iso/17442';

export function drawProfile(layout: PdfLayout, snapshot: ReportSnapshot): void {
  const { company, report } = snapshot;
  const identifier = company.identifier
    ? `${company.identifier.scheme === LEI_SCHEME ? 'LEI ' : `${company.identifier.scheme} `}${company.identifier.value}`
    : NOT_RECORDED;
  layout.keyValues([
    ['Company', company.name],
    ['Identifier', identifier],
    ['Country of main site', company.country ?? NOT_RECORDED],
    [
      'Employees',
      company.employees === null
        ? NOT_RECORDED
        : employeesText(company.employees, company.employeesBasis, formatNumber),
    ],
    [
      'Revenue',
      company.revenue
        ? `${company.revenue.currency} ${formatNumber(company.revenue.amount, 0)}`
        : NOT_RECORDED,
    ],
    ['Reporting period', `${formatDate(report.periodStart)} to ${formatDate(report.periodEnd)}`],
    ['Consolidation approach', consolidationLabel(company.consolidationApproach)],
  ]);
  layout.heading('Reporting boundary');
  layout.paragraph(
    company.sites.length > 0
      ? `The boundary of this report is the ${company.sites.length === 1 ? 'site' : `${company.sites.length} sites`} below. Emissions and other figures cover activity at ${company.sites.length === 1 ? 'this site' : 'these sites'} during the reporting period.`
      : 'No sites are recorded, so the reporting boundary is the company as a whole.',
  );
  // The entities and sites included, in the company's words (company profile, decision 057).
  if (company.organisationalBoundary) {
    layout.paragraph(boundaryText(company.organisationalBoundary));
  }
  if (company.sites.length > 0) {
    layout.table(
      [
        { header: 'Site', width: 0.4 },
        { header: 'Country', width: 0.15 },
        { header: 'Region', width: 0.25 },
        { header: 'Postcode', width: 0.2 },
      ],
      company.sites.map((site) => ({
        cells: [site.name, site.country, site.region ?? NOT_RECORDED, site.postcode ?? NOT_RECORDED],
      })),
    );
  }
}

export function drawInventory(layout: PdfLayout, snapshot: ReportSnapshot): void {
  const inventory = snapshot.inventory;
  const coverage = snapshot.coverage;
  // No line counted: the inventory's totals would be zeros that were never measured (issue 18).
  const isNothingCounted =
    coverage !== undefined && coverage.lineCount > 0 && coverage.notCounted.lineCount === coverage.lineCount;
  if (!inventory || isNothingCounted) {
    layout.paragraph(`${NOT_RECORDED}: no greenhouse gas emissions have been calculated for this period.`);
    if (coverage) drawCoverage(layout, coverage);
    return;
  }
  const previous = inventory.previous;
  // Since decision 058 each row names the numbered sources (Methodology) its figure was made with.
  const cite = hasFigureSources(snapshot);
  layout.table(inventoryColumns(snapshot, cite), inventoryRows(snapshot, inventory, cite));
  layout.paragraph(
    `Shares are of the gross location-based total. Outside of scopes (memo, not in the totals): ${formatTonnes(inventory.outsideScopes)} tCO2e of biogenic CO2 and other memo items. Carbon credits are reported separately and are never subtracted from these gross figures.`,
    { size: 8.5, after: 4 },
  );
  const marketBasis = marketBasisText(snapshot);
  if (marketBasis) layout.paragraph(marketBasis, { size: 8.5, after: 4 });
  if (!previous) {
    layout.paragraph('Prior period: not recorded (no data for the previous period of equal length).', {
      size: 8.5,
    });
  }
  if (snapshot.coverage) drawCoverage(layout, snapshot.coverage);
  drawIntensity(layout, snapshot, inventory);
  drawEmissionsChart(layout, 'Emissions by scope and Scope 3 category (tCO2e)', inventoryBars(snapshot));
}

type Inventory = NonNullable<ReportSnapshot['inventory']>;

function drawCoverage(layout: PdfLayout, coverage: NonNullable<ReportSnapshot['coverage']>): void {
  layout.heading('Coverage');
  for (const sentence of coverageStatement(coverage)) layout.paragraph(sentence, { size: 9 });
}

/** This period's figures with the prior period's and the change, or with their share of the total. */
function inventoryColumns(snapshot: ReportSnapshot, cite: boolean): TableColumn[] {
  const previous = snapshot.inventory?.previous;
  // With a prior-period column the sources are of this period's figure: the list in Methodology is
  // of the datasets behind this period's results.
  const sourcesHeader = previous ? `${snapshot.report.period} sources` : 'Sources';
  const sourcesColumn: TableColumn[] = cite ? [{ header: sourcesHeader, width: 0.12, align: 'right' }] : [];
  const columns: TableColumn[] = previous
    ? [
        { header: 'Emissions', width: cite ? 0.4 : 0.46 },
        { header: `${snapshot.report.period} tCO2e`, width: cite ? 0.16 : 0.18, align: 'right' },
        { header: `${previous.period} tCO2e`, width: cite ? 0.16 : 0.18, align: 'right' },
        { header: 'Change', width: cite ? 0.16 : 0.18, align: 'right' },
        ...sourcesColumn,
      ]
    : [
        { header: 'Emissions', width: cite ? 0.5 : 0.58 },
        { header: `${snapshot.report.period} tCO2e`, width: cite ? 0.2 : 0.22, align: 'right' },
        { header: 'Share of gross total', width: cite ? 0.18 : 0.2, align: 'right' },
        ...sourcesColumn,
      ];
  return columns;
}

/** Scopes 1, 2 (both bases) and 3 with its categories, then the two gross totals. */
function inventoryRows(snapshot: ReportSnapshot, inventory: Inventory, cite: boolean): TableRow[] {
  const previous = inventory.previous;
  const share = (value: number) =>
    inventory.totalLocation > 0 ? formatPercent((value / inventory.totalLocation) * 100, 1) : '–';
  const row = (
    label: string,
    current: number,
    prior: number | null | undefined,
    parts: InventoryPart[],
    extra: Partial<TableRow> = {},
  ) => {
    // A figure nothing was recorded for reads "Not recorded", as in the SECR table, not 0.00.
    const recorded = isInventoryFigureRecorded(snapshot, parts);
    const shown = recorded ? formatTonnes(current) : NOT_RECORDED;
    return {
      ...extra,
      cells: [
        ...(previous
          ? [label, shown, formatTonnes(prior), recorded ? formatChange(current, prior) : '–']
          : [label, shown, recorded ? share(current) : '–']),
        ...(cite ? [sourceNumbers(snapshot, inventoryDatasets(snapshot, parts)) || '–'] : []),
      ],
    };
  };
  const previousCategory = (category: number) =>
    previous?.scope3ByCategory.find((entry) => entry.category === category)?.tCO2e ?? null;
  return [
    row('Scope 1: direct emissions', inventory.scope1, previous?.scope1, ['scope1']),
    row('Scope 2: purchased energy, location-based', inventory.scope2Location, previous?.scope2Location, [
      'scope2Location',
    ]),
    row('Scope 2: purchased energy, market-based', inventory.scope2Market, previous?.scope2Market, [
      'scope2Market',
    ]),
    row('Scope 3: value chain', inventory.scope3, previous?.scope3, ['scope3'], { bold: true }),
    ...inventory.scope3ByCategory.map((category) =>
      row(
        `Category ${category.category}: ${category.name}`,
        category.tCO2e,
        previousCategory(category.category),
        [{ category: category.category }],
        { indent: true },
      ),
    ),
    row(
      'Gross total, location-based (scopes 1, 2 and 3)',
      inventory.totalLocation,
      previous?.totalLocation,
      ['scope1', 'scope2Location', 'scope3'],
      { bold: true },
    ),
    row(
      'Gross total, market-based (scopes 1, 2 and 3)',
      inventory.totalMarket,
      previous?.totalMarket,
      ['scope1', 'scope2Market', 'scope3'],
      { bold: true },
    ),
  ];
}

function drawIntensity(layout: PdfLayout, snapshot: ReportSnapshot, inventory: Inventory): void {
  layout.heading('Intensity');
  // A quarter has no ratio over the year's turnover: that is not a missing figure (snapshot.ts).
  const isQuarter = snapshot.report.period.includes('-q');
  const intensity = (quantity: { value: number; unit: string } | null, denominator: unknown) => {
    if (quantity) return `${formatNumber(quantity.value, 2)} ${quantity.unit}`;
    return isQuarter && denominator !== null ? 'Not applicable to a quarter' : NOT_RECORDED;
  };
  const { revenue, employees } = snapshot.company;
  layout.keyValues([
    [
      'Per revenue (gross location-based total, scopes 1, 2 and 3)',
      intensity(inventory.intensityPerRevenue, revenue),
    ],
    [
      'Per employee (gross location-based total, scopes 1, 2 and 3)',
      intensity(inventory.intensityPerEmployee, employees),
    ],
  ]);
}

export function drawEnergy(layout: PdfLayout, snapshot: ReportSnapshot): void {
  const { energy, water, waste } = snapshot;
  layout.heading('Energy');
  if (energy) {
    const basis = energy.energyBasis;
    layout.keyValues(
      basis
        ? [
            ['Total energy consumption', `${formatMwh(energy.totalMWh)} MWh`],
            ['Renewable share of total energy', formatPercent(basis.renewableShareOfTotalPercent)],
            ['Renewable share of electricity', formatPercent(basis.renewableShareOfElectricityPercent)],
          ]
        : [
            ['Total energy consumption', `${formatMwh(energy.totalMWh)} MWh`],
            ['Renewable share', formatPercent(energy.renewableSharePercent)],
          ],
    );
    if (basis) layout.paragraph(energyBasisText(basis), { size: 8.5, after: 4 });
    if (energy.mix.length > 0) {
      // Since decision 058: the DESNZ fuel properties a fuel's kWh were converted with; metered
      // kWh cite none ('–').
      const cite = hasFigureSources(snapshot);
      layout.table(
        [
          { header: 'Energy carrier', width: cite ? 0.4 : 0.5 },
          { header: 'MWh', width: cite ? 0.22 : 0.25, align: 'right' },
          { header: 'Share', width: cite ? 0.22 : 0.25, align: 'right' },
          ...(cite ? [{ header: 'Sources', width: 0.16, align: 'right' as const }] : []),
        ],
        energy.mix.map((entry) => ({
          cells: [
            humanize(entry.carrier),
            formatMwh(entry.mwh),
            energy.totalMWh > 0 ? formatPercent((entry.mwh / energy.totalMWh) * 100, 1) : '–',
            ...(cite
              ? [sourceNumbers(snapshot, energySources(energy.energyBasis, [entry.carrier])) || '–']
              : []),
          ],
        })),
      );
    }
  } else {
    layout.paragraph(`Energy consumption: ${NOT_RECORDED}.`);
  }
  layout.heading('Water');
  layout.keyValues([['Water withdrawal', water ? `${formatNumber(water.m3, 0)} m³` : NOT_RECORDED]]);
  layout.heading('Waste');
  layout.keyValues(
    waste
      ? [
          ['Total waste', `${formatNumber(waste.totalTonnes, 1)} tonnes`],
          ['Recycled or reused', `${formatNumber(waste.recycledTonnes, 1)} tonnes`],
          [
            'Recycling rate',
            waste.totalTonnes > 0 ? formatPercent((waste.recycledTonnes / waste.totalTonnes) * 100, 1) : '–',
          ],
        ]
      : [['Total waste', NOT_RECORDED]],
  );
}
