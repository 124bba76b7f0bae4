// Report sections 8–9: methodology (factor datasets, GWP basis, data-quality tiers, estimates) and
// the evidence appendix.

import { boundaryStatement } from '../../company-profile/consolidation.ts';
import { factorBasisText, marketMethodText } from '../energy-basis.ts';
import { hasFigureSources, reportAttributions, reportSources } from '../provenance.ts';
import { auditCheckpointLine, type ReportSnapshot } from '../snapshot.ts';
import {
  formatBytes,
  formatDate,
  formatNumber,
  formatPercent,
  formatTonnes,
  humanize,
  NOT_RECORDED,
} from './format.ts';
import type { PdfLayout } from './layout.ts';

/** What each data-quality tier of the emissions engine means, best first. */
const TIERS: Record<string, { label: string; meaning: string; isEstimate: boolean }> = {
  measured: {
    label: 'Measured',
    meaning: 'Metered or invoiced quantities (kWh, litres, m³) multiplied by a published emission factor.',
    isEstimate: false,
  },
  supplier_specific: {
    label: 'Supplier-specific',
    meaning: 'Emissions reported by the supplier for the product or service bought.',
    isEstimate: false,
  },
  activity_average: {
    label: 'Activity average',
    meaning: 'Physical activity (distance, weight, nights) multiplied by an industry-average factor.',
    isEstimate: true,
  },
  spend_based: {
    label: 'Spend-based',
    meaning: 'Money spent multiplied by an environmentally extended input-output factor; the least precise.',
    isEstimate: true,
  },
};

const GWP_LABELS: Record<string, string> = {
  AR4: 'IPCC Fourth Assessment Report (AR4), 100-year',
  AR5: 'IPCC Fifth Assessment Report (AR5), 100-year',
  AR6: 'IPCC Sixth Assessment Report (AR6), 100-year',
};

export function drawMethodology(layout: PdfLayout, snapshot: ReportSnapshot): void {
  // The approach the company chose in its profile (decision 057), never assumed; its boundary
  // text is in the profile section.
  layout.paragraph(
    `${boundaryStatement(snapshot.company, false)} Each activity line is multiplied by an emission factor from a versioned, cited dataset; every result keeps the factor it used. Scope 2 is reported both location-based (grid average factors) and market-based (contractual instruments such as renewable tariffs).`,
  );
  drawFactorDatasets(layout, snapshot);
  const attributions = reportAttributions(snapshot);
  if (attributions.length > 0) {
    layout.heading('Licences and attribution');
    for (const statement of attributions) layout.paragraph(statement, { size: 7.5, after: 2 });
  }
  const mixed = factorBasisText(snapshot);
  if (mixed) layout.paragraph(mixed);
  const marketMethod = hasFigureSources(snapshot) ? marketMethodText(snapshot) : null;
  if (marketMethod) {
    layout.heading('Market-based Scope 2');
    layout.paragraph(marketMethod);
  }
  layout.heading('Global warming potentials');
  const bases = [...new Set(snapshot.factors.map((factor) => factor.gwpBasis))];
  layout.paragraph(
    bases.length > 0
      ? `Greenhouse gases are converted to CO2 equivalents with ${bases.map((basis) => GWP_LABELS[basis] ?? basis).join('; ')} global warming potentials, as published with the factor datasets.`
      : `GWP basis: ${NOT_RECORDED}.`,
  );
  drawDataQuality(layout, snapshot);
}

/** The datasets the figures were made with: numbered sources (decision 058), or the older per-dataset table. */
function drawFactorDatasets(layout: PdfLayout, snapshot: ReportSnapshot): void {
  layout.heading('Emission factor datasets');
  const sources = reportSources(snapshot);
  if (sources.length === 0) {
    layout.paragraph(`Factor datasets: ${NOT_RECORDED}.`);
  } else if (hasFigureSources(snapshot)) {
    // Decision 058: numbered, so each table row above can name the sources of its own figure.
    layout.paragraph(
      'The Sources column of each table gives the numbers below: the publications whose factors (or fuel properties) made that figure, and no other.',
      { size: 8.5, after: 4 },
    );
    layout.table(
      [
        { header: 'No.', width: 0.06, align: 'right' },
        { header: 'Dataset', width: 0.18 },
        { header: 'Publisher and publication', width: 0.42 },
        { header: 'Address', width: 0.34 },
      ],
      sources.map((source) => ({
        cells: [String(source.number), source.key, source.citation, source.url],
      })),
      { size: 7.5 },
    );
  } else {
    layout.table(
      [
        { header: 'Dataset', width: 0.16 },
        { header: 'Source', width: 0.3 },
        { header: 'Address', width: 0.34 },
        { header: 'GWP', width: 0.08 },
        { header: 'Results', width: 0.12, align: 'right' },
      ],
      snapshot.factors.map((factor) => ({
        cells: [
          factor.dataset,
          factor.source,
          factor.sourceUrl,
          factor.gwpBasis,
          formatNumber(factor.results, 0),
        ],
      })),
      { size: 7.5 },
    );
  }
}

/** Emissions by data-quality tier, and how much of the inventory rests on estimates. */
function drawDataQuality(layout: PdfLayout, snapshot: ReportSnapshot): void {
  layout.heading('Data quality');
  const inventory = snapshot.inventory;
  if (!inventory) {
    layout.paragraph(`Data-quality breakdown: ${NOT_RECORDED}.`);
    return;
  }
  const gross = inventory.byDataQuality.reduce((sum, tier) => sum + tier.tCO2e, 0);
  layout.table(
    [
      { header: 'Tier', width: 0.18 },
      { header: 'What it means', width: 0.5 },
      { header: 'tCO2e', width: 0.16, align: 'right' },
      { header: 'Share', width: 0.16, align: 'right' },
    ],
    inventory.byDataQuality.map((tier) => ({
      cells: [
        TIERS[tier.tier]?.label ?? humanize(tier.tier),
        TIERS[tier.tier]?.meaning ?? NOT_RECORDED,
        formatTonnes(tier.tCO2e),
        gross > 0 ? formatPercent((tier.tCO2e / gross) * 100, 1) : '–',
      ],
    })),
  );
  layout.heading('Estimates');
  const estimated = inventory.byDataQuality
    .filter((tier) => TIERS[tier.tier]?.isEstimate)
    .reduce((sum, tier) => sum + tier.tCO2e, 0);
  const notCounted = snapshot.coverage?.notCounted.lineCount ?? 0;
  // Lines without a figure are neither estimates nor zero: they are named apart (decision 051).
  const drawsOn =
    notCounted > 0
      ? `The inventory draws on the ledger lines that have figures (${formatNumber(inventory.lineCount - notCounted, 0)} of ${formatNumber(inventory.lineCount, 0)}); the ${formatNumber(notCounted, 0)} not counted ${notCounted === 1 ? 'is' : 'are'} in no figure of this report, estimated or otherwise (see Coverage).`
      : `The inventory draws on ${formatNumber(inventory.lineCount, 0)} ledger lines.`;
  layout.paragraph(
    `${formatTonnes(estimated)} tCO2e (${gross > 0 ? formatPercent((estimated / gross) * 100, 1) : '–'} of the inventory) rests on estimates: activity-average and spend-based figures, which will be replaced by measured or supplier data as it becomes available. ${drawsOn}`,
  );
}

export function drawEvidence(layout: PdfLayout, snapshot: ReportSnapshot): void {
  drawEvidenceFiles(layout, snapshot);
  if (snapshot.auditCheckpoint) {
    layout.heading('Audit log');
    layout.paragraph(
      "The state of the company's audit log when this report was generated, signed by the installation. An auditor can compare it with the log: a history rewritten afterwards no longer reaches this position and hash.",
    );
    layout.paragraph(auditCheckpointLine(snapshot.auditCheckpoint));
  }
}

function drawEvidenceFiles(layout: PdfLayout, snapshot: ReportSnapshot): void {
  if (snapshot.evidence.length === 0) {
    layout.paragraph('No evidence files are attached to the checklist for this period.');
    return;
  }
  layout.paragraph(
    'Files attached to checklist indicators. The SHA-256 digest identifies each file exactly: recomputing it on the stored file proves it has not changed since the report was generated.',
  );
  layout.table(
    [
      { header: 'File', width: 0.22 },
      { header: 'Indicator', width: 0.2 },
      { header: 'Size', width: 0.1, align: 'right' },
      { header: 'SHA-256', width: 0.33 },
      { header: 'Uploaded', width: 0.15 },
    ],
    snapshot.evidence.map((file) => ({
      cells: [
        file.fileName,
        humanize(file.indicator),
        formatBytes(file.size),
        file.sha256,
        formatDate(file.uploadedAt),
      ],
    })),
    { size: 7.5 },
  );
}
