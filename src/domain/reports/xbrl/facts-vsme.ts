// Snapshot → VSME facts (EFRAG VSME taxonomy, version from snapshot.report.taxonomyVersion, default
// the latest). Concept names are the 2026-05-01 ones; `resolve` maps them to the chosen version
// and a concept the version lacks is left untagged with a note.
import { EMPLOYEES_BASIS_MISSING_NOTE, employeesDecimals, reportedEmployees } from '../employees.ts';
import { hasFigureSources, type InventoryPart } from '../provenance.ts';
import type { ReportSnapshot } from '../snapshot.ts';
import {
  EMISSIONS_DECIMALS,
  emissionsFigures,
  energySource,
  type FactDraft,
  inventoryFigure,
  inventorySource,
  numberFacts,
  periodOf,
  QUANTITY_DECIMALS,
} from './fact-builder.ts';
import type { FactSet, FactValue } from './fact-model.ts';
import { type AddFact, energyBreakdown, energyNotes, marketBasisNote } from './facts-vsme-energy.ts';
import { decimalsForSignificantFigures, roundTo } from './numbers.ts';
import { dataTypeLocalName, ROW_ONLY_CONCEPTS, type VsmeTaxonomy, vsmeTaxonomy } from './taxonomy.ts';

/** Energy carriers that are neither electricity nor a fuel (bought heat, steam, cooling). */
const NON_FUEL_CARRIERS = /heat|steam|cooling/i;

/** Parses a checklist answer into a value of the concept's data type, or null when it does not fit. */
function checklistValue(dataType: string, answer: string): FactValue | null {
  const text = answer.trim();
  if (text === '') return null;
  switch (dataType) {
    case 'textBlockItemType':
    case 'stringItemType':
      return text;
    case 'booleanItemType':
      if (/^(yes|true)$/i.test(text)) return true;
      if (/^(no|false)$/i.test(text)) return false;
      return null;
    case 'decimalItemType':
      return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : null;
    default:
      // Enumerations, monetary, mass, dates …: an answer in words cannot be tagged safely.
      return null;
  }
}

export function vsmeFacts(
  snapshot: ReportSnapshot,
  taxonomy: VsmeTaxonomy = vsmeTaxonomy(snapshot.report.taxonomyVersion),
): FactSet {
  const drafts: FactDraft[] = [];
  const notes: string[] = [];
  const tagged = new Set<string>();

  const add: AddFact = (name2026, value, unit, decimals, extras = {}) => {
    const concept = taxonomy.resolve(name2026);
    if (!concept) {
      notes.push(
        `${name2026} is not in the VSME taxonomy ${taxonomy.version}, so that figure is shown but not tagged.`,
      );
      return;
    }
    const member = extras.dimensions ? Object.values(extras.dimensions).join('|') : '';
    if (tagged.has(`${concept.name}${member}`)) return;
    tagged.add(`${concept.name}${member}`);
    drafts.push({
      prefix: 'vsme',
      concept: concept.name,
      label: concept.label,
      dataType: dataTypeLocalName(concept.dataType),
      value: typeof value === 'number' && decimals !== null ? roundTo(value, decimals) : value,
      unit,
      decimals,
      periodType: concept.periodType,
      period: periodOf(snapshot, concept.periodType),
      ...extras,
    });
  };

  // B1: turnover in the reporting currency (monetaryItemType accepts any ISO 4217 unit).
  const revenue = snapshot.company.revenue;
  if (revenue) add('Turnover', revenue.amount, revenue.currency.toUpperCase(), 0);
  // B1 24(e)(v): employees in the basis the company entered (decision 057), FTE with a fraction.
  const employees = reportedEmployees(snapshot);
  if (employees) {
    add('NumberOfEmployees', employees.value, 'pure', employeesDecimals(employees));
    if (employees.basis === 'fte') {
      add('TypeOfNumberOfEmployees', taxonomy.member('Full-TimeEquivalentFTEMember'), null, null, {
        display: 'Full-time equivalent (FTE)',
      });
    } else if (employees.basis === 'headcount') {
      add('TypeOfNumberOfEmployees', taxonomy.member('HeadcountMember'), null, null, {
        display: 'Headcount',
      });
    } else {
      notes.push(EMPLOYEES_BASIS_MISSING_NOTE);
    }
  }

  // B3 energy. Snapshots since decision 048 carry the renewable electricity, so the electricity
  // and fuels breakdown is tagged renewable / non-renewable (BreakdownOfEnergyConsumptionAxis,
  // role B03.100); the total is in no hypercube and carries no dimension.
  const energy = snapshot.energy;
  if (energy) {
    add('TotalEnergyConsumption', energy.totalMWh, 'MWh', QUANTITY_DECIMALS, {
      ...energySource(snapshot, energy.energyBasis),
    });
    const electricity = energy.mix.filter((entry) => entry.carrier === 'electricity');
    const fuels = energy.mix.filter(
      (entry) => entry.carrier !== 'electricity' && !NON_FUEL_CARRIERS.test(entry.carrier),
    );
    const sum = (entries: { mwh: number }[]) => entries.reduce((total, entry) => total + entry.mwh, 0);
    if (electricity.length > 0)
      add('EnergyConsumptionFromElectricity', sum(electricity), 'MWh', QUANTITY_DECIMALS, {
        category: 'electricity',
      });
    if (fuels.length > 0) {
      add('EnergyConsumptionFromFuels', sum(fuels), 'MWh', QUANTITY_DECIMALS, {
        category: fuels.map((entry) => entry.carrier).join(', '),
        ...energySource(
          snapshot,
          energy.energyBasis,
          fuels.map((entry) => entry.carrier),
        ),
      });
    }
    const basis = energy.energyBasis;
    if (basis) {
      energyBreakdown(
        add,
        sum(electricity),
        basis.renewableElectricityMWh,
        sum(fuels),
        energySource(
          snapshot,
          basis,
          fuels.map((entry) => entry.carrier),
        ),
      );
      notes.push(...energyNotes(basis));
    } else if (energy.renewableSharePercent !== null) {
      notes.push(
        'The renewable share of energy is shown but not tagged: VSME tags renewable energy per source (electricity, fuels), and the share is known only for the total.',
      );
    }
  }
  const marketNote = marketBasisNote(snapshot);
  if (marketNote) notes.push(marketNote);

  // B3 GHG: current-year facts carry no dimension (ReportingScopesAxis defaults to CurrentlyStatedMember).
  const inventory = snapshot.inventory;
  if (inventory) {
    const figures = emissionsFigures(inventory);
    // Each emissions fact cites the datasets of its own figures (decision 058); a figure with no
    // entries is nil, as the PDF's "Not recorded" (decision 086; every VSME concept is nillable).
    const ghg = (name: string, tonnes: number, scope: string, parts: InventoryPart[]) => {
      const { value, decimals } = inventoryFigure(snapshot, tonnes, EMISSIONS_DECIMALS, parts);
      add(name, value, 'tCO2e', decimals, { scope, ...inventorySource(snapshot, parts) });
    };
    const location: InventoryPart[] = ['scope1', 'scope2Location'];
    const market: InventoryPart[] = ['scope1', 'scope2Market'];
    ghg('GrossScope1GreenhouseGasEmissions', figures.scope1, '1', ['scope1']);
    ghg('GrossLocationBasedScope2GreenhouseGasEmissions', figures.scope2Location, '2 location-based', [
      'scope2Location',
    ]);
    ghg('GrossMarketBasedScope2GreenhouseGasEmissions', figures.scope2Market, '2 market-based', [
      'scope2Market',
    ]);
    ghg(
      'TotalGrossLocationBasedScope1AndScope2GHGEmissions',
      figures.scope12Location,
      '1+2 location-based',
      location,
    );
    ghg(
      'TotalGrossMarketBasedScope1AndScope2GHGEmissions',
      figures.scope12Market,
      '1+2 market-based',
      market,
    );
    ghg('GrossScope3GreenhouseGasEmissions', figures.scope3, '3', ['scope3']);
    ghg('TotalGrossLocationBasedGHGEmissions', figures.totalLocation, '1+2+3 location-based', [
      ...location,
      'scope3',
    ]);
    ghg('TotalGrossMarketBasedGHGEmissions', figures.totalMarket, '1+2+3 market-based', [
      ...market,
      'scope3',
    ]);

    // B3 intensity: tCO2e per EUR of turnover, from the reported (rounded) figures. VSME asks for
    // per-euro intensity; for another currency we do not convert at an exchange rate we cannot
    // date to the filing, and leave the fact out (the per-million figure is shown untagged).
    if (revenue && revenue.amount > 0 && revenue.currency.toUpperCase() === 'EUR') {
      const intensity = (name: string, tonnes: number, scope: string, parts: InventoryPart[]) => {
        const ratio = tonnes / revenue.amount;
        const { value, decimals } = inventoryFigure(
          snapshot,
          ratio,
          decimalsForSignificantFigures(ratio, 4),
          parts,
        );
        // Earlier snapshots' intensities cited nothing; they still do.
        const source = hasFigureSources(snapshot) ? inventorySource(snapshot, parts) : {};
        add(name, value, 'tCO2e/EUR', decimals, { scope, ...source });
      };
      intensity(
        'Scope1AndScope2GreenhouseGasEmissionsIntensityValueLocationBased',
        figures.scope12Location,
        '1+2 location-based',
        location,
      );
      intensity(
        'Scope1AndScope2GreenhouseGasEmissionsIntensityValueMarketBased',
        figures.scope12Market,
        '1+2 market-based',
        market,
      );
      intensity(
        'TotalLocationBasedGreenhouseGasEmissionsIntensityValue',
        figures.totalLocation,
        '1+2+3 location-based',
        [...location, 'scope3'],
      );
      intensity(
        'TotalMarketBasedGreenhouseGasEmissionsIntensityValue',
        figures.totalMarket,
        '1+2+3 market-based',
        [...market, 'scope3'],
      );
    } else if (revenue && revenue.amount > 0) {
      notes.push(
        `GHG intensity per euro of turnover is not tagged: turnover is in ${revenue.currency.toUpperCase()} and no ECB exchange rate is applied, so the intensity is shown per million ${revenue.currency.toUpperCase()} without a tag.`,
      );
    }
  }

  // B6 water: metered supply is water withdrawn (consumption would need discharge data).
  if (snapshot.water)
    add('TotalAmountOfWaterWithdrawnFromAllSites', snapshot.water.m3, 'm3', QUANTITY_DECIMALS);

  // B7 waste. WasteDivertedToRecycleOrReuseMass sits in a closed table whose TypeOfWasteAxis has
  // no default member, so without a waste type it cannot be tagged validly.
  if (snapshot.waste) {
    add('TotalWasteGeneratedMass', snapshot.waste.totalTonnes, 't', QUANTITY_DECIMALS);
    notes.push(
      'Waste recycled or reused is shown but not tagged: VSME tags it per type of waste (TypeOfWasteAxis has no default), and waste types are not recorded.',
    );
  }

  // Checklist answers mapped to VSME concepts, where the answer fits the concept's data type.
  for (const answer of snapshot.checklist?.answers ?? []) {
    for (const name of answer.vsmeConcepts) {
      const concept = taxonomy.resolve(name);
      if (!concept || tagged.has(concept.name)) continue;
      if (ROW_ONLY_CONCEPTS.has(name)) {
        notes.push(
          `The answer to "${answer.title}" is shown but not tagged as ${concept.name}: VSME tags it once per site, subsidiary, material or type of waste, and this answer covers them all in one text.`,
        );
        continue;
      }
      const value = checklistValue(dataTypeLocalName(concept.dataType), answer.value);
      if (value === null) {
        notes.push(
          `The answer to "${answer.title}" is shown but not tagged as ${concept.name}: it does not fit that concept's data type.`,
        );
        continue;
      }
      const decimals = typeof value === 'number' ? (String(value).split('.')[1]?.length ?? 0) : null;
      add(name, value, typeof value === 'number' ? 'pure' : null, decimals, {
        category: answer.section,
        indicator: answer.indicator,
      });
    }
  }

  // B1 basis for preparation: Basic only unless a Comprehensive (C) disclosure was tagged.
  const comprehensive = drafts.some((draft) =>
    taxonomy.concepts.get(draft.concept)?.disclosure.startsWith('C'),
  );
  // The members were renamed Option A / Option B in 2026-05-01; `member` spells them per version.
  const member = comprehensive
    ? 'OptionBBasicModuleAndComprehensiveModuleMember'
    : 'OptionABasicModuleOnlyMember';
  const basisBefore = drafts.length;
  add('BasisForPreparation', taxonomy.member(member), null, null, {
    display: comprehensive ? 'Basic and Comprehensive modules' : 'Basic module only',
  });
  // Basis for preparation leads the report (B1 comes first).
  if (drafts.length > basisBefore) drafts.unshift(drafts.pop()!);

  return { facts: numberFacts(drafts), notes };
}
