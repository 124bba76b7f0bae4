// The readable body of the Inline XBRL report: headings and tables a person can read in a browser,
// with every tagged figure as ix:nonFraction and every tagged text as ix:nonNumeric. Figures that
// VSME cannot carry (scope 3 by category, renewable share, recycled waste…) are shown untagged.

import { boundaryStatement } from '../../company-profile/consolidation.ts';
import { licenceAttributions } from '../../emissions/dataset-sources.ts';
import { sectionLabel } from '../../narratives/prompts.ts';
import { coverageStatement } from '../coverage.ts';
import { factorBasisText } from '../energy-basis.ts';
import { hasFigureSources } from '../provenance.ts';
import type { ReportSnapshot } from '../snapshot.ts';
import type { ReportFact } from './fact-model.ts';
import { isNilFact, isNumericFact, NIL_FACT_TEXT } from './fact-model.ts';
import { type SourceFootnote, sourceMarks } from './footnotes.ts';
import { energyBreakdownRows, marketBasisRows } from './inline-energy.ts';
import { sourceListSection } from './inline-sources.ts';
import { formatDisplay, formatLexical } from './numbers.ts';
import { unitId } from './units.ts';
import { escapeXml } from './xml.ts';

const UNIT_LABELS: Record<string, string> = {
  tCO2e: 'tCO2e',
  MWh: 'MWh',
  m3: 'm³',
  t: 'tonnes',
  pure: '',
  'tCO2e/EUR': 'tCO2e per EUR',
};

export function unitLabel(unit: string | null): string {
  if (unit === null) return '';
  return UNIT_LABELS[unit] ?? unit;
}

/** One tagged fact as inline markup. */
export function tagFact(fact: ReportFact, contextRef: string): string {
  const common = `name="${fact.prefix}:${fact.concept}" contextRef="${contextRef}" id="${fact.id}"`;
  if (isNilFact(fact)) {
    // Inline XBRL 1.1 §12: a nil fact is empty; XBRL 2.1 §4.6.3: a nil numeric item has no decimals.
    // The readable "Not recorded" stays outside the tag (`cell`).
    const unitRef = fact.unit === null ? '' : ` unitRef="${unitId(fact.unit)}"`;
    const element = fact.unit === null ? 'ix:nonNumeric' : 'ix:nonFraction';
    return `<${element} ${common}${unitRef} xsi:nil="true"/>`;
  }
  if (isNumericFact(fact)) {
    const sign = fact.value < 0 ? ' sign="-"' : '';
    return `<ix:nonFraction ${common} unitRef="${unitId(fact.unit)}" decimals="${fact.decimals}" scale="0" format="ixt:num-dot-decimal"${sign}>${formatDisplay(fact.value, fact.decimals)}</ix:nonFraction>`;
  }
  if (typeof fact.value === 'boolean') {
    return `<ix:nonNumeric ${common} format="ixt:${fact.value ? 'fixed-true' : 'fixed-false'}">${fact.value ? 'Yes' : 'No'}</ix:nonNumeric>`;
  }
  if (typeof fact.value === 'number') {
    // A number without a unit cannot occur (numbers always get a unit); keep the lexical form.
    return `<ix:nonNumeric ${common}>${escapeXml(String(fact.value))}</ix:nonNumeric>`;
  }
  return `<ix:nonNumeric ${common}>${escapeXml(String(fact.value))}</ix:nonNumeric>`;
}

/** Facts that read badly inline (enumeration URIs) go to ix:hidden. */
export function isHiddenFact(fact: ReportFact): boolean {
  return fact.dataType === 'enumerationItemType' || fact.dataType === 'enumerationSetItemType';
}

const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeXml(paragraph.trim())}</p>`)
    .join('');

/** Table rows of tagged facts: built once per body from its facts, their contexts and footnotes. */
interface FactRows {
  byConcept: Map<string, ReportFact>;
  /** The tagged figure, its unit and its source marks. */
  cell(fact: ReportFact): string;
  /** One row per concept that has a fact, in the order given. */
  rows(concepts: string[]): string[];
}

function factRows(
  facts: ReportFact[],
  contextOf: Map<string, string>,
  footnotes: readonly SourceFootnote[],
): FactRows {
  // Facts with a dimension (renewable / non-renewable energy) get rows of their own below.
  const byConcept = new Map(
    facts.filter((fact) => !fact.indicator && !fact.dimensions).map((fact) => [fact.concept, fact]),
  );
  const cell = (fact: ReportFact) => {
    if (isNilFact(fact)) return `${tagFact(fact, contextOf.get(fact.id)!)}${NIL_FACT_TEXT}`;
    const unit = unitLabel(fact.unit);
    return `${tagFact(fact, contextOf.get(fact.id)!)}${unit ? ` ${escapeXml(unit)}` : ''}${sourceMarks(fact, footnotes)}`;
  };
  const rows = (concepts: string[]) =>
    concepts
      .map((concept) => byConcept.get(concept))
      .filter((fact): fact is ReportFact => fact !== undefined)
      .map(
        (fact) =>
          `<tr><th scope="row">${escapeXml(fact.label)}</th><td>${isHiddenFact(fact) ? escapeXml(fact.display ?? '') : cell(fact)}</td></tr>`,
      );
  return { byConcept, cell, rows };
}

const table = (caption: string, body: string[]) =>
  body.length === 0
    ? ''
    : `<table><caption>${escapeXml(caption)}</caption><tbody>${body.join('')}</tbody></table>`;

const plainRow = (label: string, value: string) =>
  `<tr><th scope="row">${escapeXml(label)}</th><td>${escapeXml(value)}</td></tr>`;

const section = (heading: string, content: string) =>
  `<div class="section"><h2>${heading}</h2>${content}</div>`;

export function renderBody(
  snapshot: ReportSnapshot,
  facts: ReportFact[],
  contextOf: Map<string, string>,
  notes: string[],
  footnotes: readonly SourceFootnote[] = [],
): string {
  const kit = factRows(facts, contextOf, footnotes);
  return [
    generalSection(snapshot, kit),
    emissionsSection(snapshot, facts, kit),
    coverageSection(snapshot),
    waterWasteSection(snapshot, kit),
    targetSection(snapshot),
    checklistSection(snapshot, facts, kit),
    ...snapshot.narratives.map((narrative) =>
      section(escapeXml(sectionLabel(narrative.section)), paragraphs(narrative.content)),
    ),
    boundarySection(snapshot),
    sourcesSection(snapshot, footnotes),
    notes.length > 0
      ? section('Notes on tagging', `<ul>${notes.map((note) => `<li>${escapeXml(note)}</li>`).join('')}</ul>`)
      : '',
  ]
    .filter((html) => html !== '')
    .join('\n');
}

function generalSection(snapshot: ReportSnapshot, { rows }: FactRows): string {
  const { report, company } = snapshot;
  return section(
    'General information (B1)',
    table('Basis for preparation', [
      plainRow('Undertaking', company.name),
      plainRow('Reporting period', `${report.periodStart} to ${report.periodEnd}`),
      ...rows(['BasisForPreparation', 'Turnover', 'NumberOfEmployees', 'TypeOfNumberOfEmployees']),
      ...company.sites.map((site) =>
        plainRow(`Site: ${site.name}`, [site.postcode, site.country].filter(Boolean).join(', ')),
      ),
    ]),
  );
}

function emissionsSection(snapshot: ReportSnapshot, facts: ReportFact[], kit: FactRows): string {
  const energyRows = kit.rows([
    'TotalEnergyConsumption',
    'EnergyConsumptionFromElectricity',
    'EnergyConsumptionFromFuels',
  ]);
  energyRows.push(...energyBreakdownRows(snapshot, facts, kit.cell, plainRow));
  const ghgRows = kit.rows([
    'GrossScope1GreenhouseGasEmissions',
    'GrossLocationBasedScope2GreenhouseGasEmissions',
    'GrossMarketBasedScope2GreenhouseGasEmissions',
    'TotalGrossLocationBasedScope1AndScope2GHGEmissions',
    'TotalGrossMarketBasedScope1AndScope2GHGEmissions',
    'GrossScope3GreenhouseGasEmissions',
    'TotalGrossLocationBasedGHGEmissions',
    'TotalGrossMarketBasedGHGEmissions',
    'Scope1AndScope2GreenhouseGasEmissionsIntensityValueLocationBased',
    'Scope1AndScope2GreenhouseGasEmissionsIntensityValueMarketBased',
    'TotalLocationBasedGreenhouseGasEmissionsIntensityValue',
    'TotalMarketBasedGreenhouseGasEmissionsIntensityValue',
  ]);
  const inventory = snapshot.inventory;
  if (
    inventory?.intensityPerRevenue &&
    !kit.byConcept.has('Scope1AndScope2GreenhouseGasEmissionsIntensityValueLocationBased')
  ) {
    ghgRows.push(
      plainRow(
        'GHG intensity (not tagged)',
        `${formatLexical(inventory.intensityPerRevenue.value, 2)} ${inventory.intensityPerRevenue.unit}`,
      ),
    );
  }
  ghgRows.push(...marketBasisRows(snapshot, plainRow));
  const scope3Rows = (inventory?.scope3ByCategory ?? []).map((category) =>
    plainRow(
      `Scope 3 category ${category.category}: ${category.name}`,
      `${formatDisplay(category.tCO2e, 2)} tCO2e`,
    ),
  );
  return section(
    'Energy and greenhouse gas emissions (B3)',
    `${table('Energy consumption', energyRows)}${table('Greenhouse gas emissions (gross)', ghgRows)}${table('Scope 3 by category (not tagged: VSME has no category breakdown)', scope3Rows)}`,
  );
}

function coverageSection(snapshot: ReportSnapshot): string {
  if (!snapshot.coverage) return '';
  return section(
    'Coverage (not tagged)',
    coverageStatement(snapshot.coverage)
      .map((sentence) => `<p>${escapeXml(sentence)}</p>`)
      .join(''),
  );
}

function waterWasteSection(snapshot: ReportSnapshot, { rows }: FactRows): string {
  const waterWaste = rows(['TotalAmountOfWaterWithdrawnFromAllSites', 'TotalWasteGeneratedMass']);
  if (snapshot.waste) {
    waterWaste.push(
      plainRow(
        'Waste recycled or reused (not tagged)',
        `${formatDisplay(snapshot.waste.recycledTonnes, 2)} tonnes`,
      ),
    );
  }
  if (waterWaste.length === 0) return '';
  return section('Water and waste (B6, B7)', table('Water and waste', waterWaste));
}

function targetSection(snapshot: ReportSnapshot): string {
  const target = snapshot.target;
  if (!target) return '';
  return section(
    'Reduction target',
    table('Target (not tagged)', [
      plainRow('Base year', String(target.baseYear)),
      plainRow('Target year', String(target.targetYear)),
      plainRow('Reduction', `${target.reductionPercent} % (${target.coverage.replace(/_/g, ' ')})`),
    ]),
  );
}

function checklistSection(snapshot: ReportSnapshot, facts: ReportFact[], { cell }: FactRows): string {
  const answers = snapshot.checklist?.answers ?? [];
  if (answers.length === 0) return '';
  const answerRows = answers.map((answer) => {
    const fact = facts.find((candidate) => candidate.indicator === answer.indicator);
    const value = fact && !isHiddenFact(fact) ? cell(fact) : escapeXml(answer.value);
    return `<tr><th scope="row">${escapeXml(answer.title)}</th><td>${value}</td><td>${escapeXml(answer.mappingLabel)}</td></tr>`;
  });
  return section(
    'Checklist answers',
    `<table><thead><tr><th scope="col">Indicator</th><th scope="col">Answer</th><th scope="col">Mapping</th></tr></thead><tbody>${answerRows.join('')}</tbody></table>`,
  );
}

/**
 * The boundary the company chose (decision 057); snapshots frozen before the profile asked render as
 * they always did.
 */
function boundarySection(snapshot: ReportSnapshot): string {
  if (snapshot.company.consolidationApproach === undefined) return '';
  return section(
    'Organisational boundary (not tagged)',
    `<p>${escapeXml(boundaryStatement(snapshot.company))}</p>`,
  );
}

/** The per-figure source list, or for snapshots without figure sources the list of factor datasets. */
function sourcesSection(snapshot: ReportSnapshot, footnotes: readonly SourceFootnote[]): string {
  const sourceList = hasFigureSources(snapshot) ? sourceListSection(snapshot, footnotes) : '';
  if (sourceList) return sourceList;
  if (snapshot.factors.length === 0) return '';
  const items = snapshot.factors.map(
    (factor) =>
      `<li>${escapeXml(`${factor.dataset}: ${factor.source} (${factor.gwpBasis}), `)}<a href="${escapeXml(factor.sourceUrl)}">${escapeXml(factor.sourceUrl)}</a></li>`,
  );
  const mixed = factorBasisText(snapshot);
  const attributions = [
    ...(mixed ? [mixed] : []),
    ...licenceAttributions(snapshot.factors.map((factor) => factor.dataset)),
  ]
    .map((statement) => `<p>${escapeXml(statement)}</p>`)
    .join('');
  return section('Emission factor sources', `<ul>${items.join('')}</ul>${attributions}`);
}
