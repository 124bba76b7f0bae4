// Snapshot → facts in our own `esgp` vocabulary, for SECR and SEC reports: neither has a mandated
// SME XBRL taxonomy, so these names (namespace https://esg-pilot.example/taxonomy/2026) are ours
// and are NOT a regulator's taxonomy. Data types reuse the DTR/XBRL type names so units stay checkable.
import { EMPLOYEES_BASIS_LABELS, employeesDecimals, reportedEmployees } from '../employees.ts';
import { categoriesOfKind, hasFigureSources, type InventoryPart } from '../provenance.ts';
import type { ReportSnapshot } from '../snapshot.ts';
import { esgpConceptRow } from './concepts-esgp.ts';
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
  ukSource,
} from './fact-builder.ts';
import type { FactSet, ReportFact } from './fact-model.ts';
import { decimalsForSignificantFigures, roundTo } from './numbers.ts';

/** An esgp fact before its id and period: the fact model's fields, the period type defaulted. */
type Spec = Pick<
  ReportFact,
  | 'concept'
  | 'label'
  | 'dataType'
  | 'value'
  | 'unit'
  | 'decimals'
  | 'dimensions'
  | 'scope'
  | 'category'
  | 'source'
  | 'sourceKeys'
> & { periodType?: ReportFact['periodType'] };

type UkPart = 'scope1' | 'scope2Location';

/** 'tCO2e … per million GBP' → 'GBP'. */
function perMillionCurrency(unit: string): string | null {
  return /per million ([A-Z]{3})\b/.exec(unit)?.[1] ?? null;
}

export function esgpFacts(snapshot: ReportSnapshot): FactSet {
  const drafts: FactDraft[] = [];
  const notes = [
    `These facts use ESG Pilot's own concept names (prefix esgp, namespace https://esg-pilot.example/taxonomy/2026). ${snapshot.report.jurisdiction} has no mandated XBRL taxonomy for small and medium companies, so they are not a regulator's taxonomy and no filing system will validate them against one.`,
  ];
  const add = (spec: Spec): void => {
    const { periodType = 'duration', value, decimals, ...rest } = spec;
    // The published extension schema is generated from ESGP_CONCEPTS: a fact must match its row.
    esgpConceptRow(spec.concept, spec.dataType, periodType);
    drafts.push({
      prefix: 'esgp',
      ...rest,
      value: typeof value === 'number' && decimals !== null ? roundTo(value, decimals) : value,
      decimals,
      periodType,
      period: periodOf(snapshot, periodType),
    });
  };
  // Each emissions fact cites the datasets of its own figures (decision 058); an inventory figure
  // with no entries is nil, as the PDF's "Not recorded" (decision 086; esgp items are nillable).
  // The UK figures pass no parts: they are already null when not recorded and then not tagged.
  const ghg = (
    concept: string,
    label: string,
    tonnes: number,
    scope: string,
    parts: readonly InventoryPart[],
    extra: Partial<Spec> = {},
  ) =>
    add({
      concept,
      label,
      dataType: 'ghgEmissionsItemType',
      ...(parts.length > 0
        ? inventoryFigure(snapshot, tonnes, EMISSIONS_DECIMALS, parts)
        : { value: tonnes, decimals: EMISSIONS_DECIMALS }),
      unit: 'tCO2e',
      scope,
      ...inventorySource(snapshot, parts),
      ...extra,
    });

  const inventory = snapshot.inventory;
  if (inventory) {
    const figures = emissionsFigures(inventory);
    ghg('Scope1Emissions', 'Gross Scope 1 GHG emissions', figures.scope1, '1', ['scope1']);
    ghg(
      'Scope2LocationBasedEmissions',
      'Gross location-based Scope 2 GHG emissions',
      figures.scope2Location,
      '2 location-based',
      ['scope2Location'],
    );
    ghg(
      'Scope2MarketBasedEmissions',
      'Gross market-based Scope 2 GHG emissions',
      figures.scope2Market,
      '2 market-based',
      ['scope2Market'],
    );
    ghg(
      'Scope1And2LocationBasedEmissions',
      'Scope 1 and 2 location-based GHG emissions',
      figures.scope12Location,
      '1+2 location-based',
      ['scope1', 'scope2Location'],
    );
    ghg(
      'Scope1And2MarketBasedEmissions',
      'Scope 1 and 2 market-based GHG emissions',
      figures.scope12Market,
      '1+2 market-based',
      ['scope1', 'scope2Market'],
    );
    ghg('Scope3Emissions', 'Gross Scope 3 GHG emissions', figures.scope3, '3', ['scope3']);
    for (const category of inventory.scope3ByCategory) {
      ghg(
        'Scope3CategoryEmissions',
        `Scope 3 category ${category.category}: ${category.name}`,
        category.tCO2e,
        '3',
        [{ category: category.category }],
        {
          category: `${category.category} ${category.name}`,
          dimensions: { 'esgp:Scope3CategoryAxis': String(category.category) },
        },
      );
    }
    ghg(
      'TotalLocationBasedEmissions',
      'Total location-based GHG emissions (Scopes 1, 2, 3)',
      figures.totalLocation,
      '1+2+3 location-based',
      ['scope1', 'scope2Location', 'scope3'],
    );
    ghg(
      'TotalMarketBasedEmissions',
      'Total market-based GHG emissions (Scopes 1, 2, 3)',
      figures.totalMarket,
      '1+2+3 market-based',
      ['scope1', 'scope2Market', 'scope3'],
    );
    if (inventory.outsideScopes > 0) {
      ghg(
        'EmissionsOutsideOfScopes',
        'Biogenic CO2 and other emissions outside the scopes (memo, not in totals)',
        inventory.outsideScopes,
        'outside scopes',
        ['outsideScopes'],
      );
    }
  }

  const revenue = snapshot.company.revenue;
  if (revenue)
    add({
      concept: 'Revenue',
      label: 'Revenue',
      dataType: 'monetaryItemType',
      value: revenue.amount,
      unit: revenue.currency.toUpperCase(),
      decimals: 0,
    });
  if (inventory && revenue && revenue.amount > 0) {
    const figures = emissionsFigures(inventory);
    const ratio = figures.scope12Location / revenue.amount;
    add({
      concept: 'Scope1And2LocationBasedIntensityPerRevenue',
      label: `Scope 1 and 2 location-based GHG emissions per ${revenue.currency.toUpperCase()} of revenue`,
      dataType: 'ghgEmissionsPerMonetaryItemType',
      ...inventoryFigure(snapshot, ratio, decimalsForSignificantFigures(ratio, 4), [
        'scope1',
        'scope2Location',
      ]),
      unit: `tCO2e/${revenue.currency.toUpperCase()}`,
      scope: '1+2 location-based',
      ...(hasFigureSources(snapshot) ? inventorySource(snapshot, ['scope1', 'scope2Location']) : {}),
    });
  }
  // In the basis the company entered (decision 057): the label says which, never FTE as headcount.
  const employees = reportedEmployees(snapshot);
  if (employees) {
    add({
      concept: 'NumberOfEmployees',
      label: employees.basis
        ? `Number of employees (${EMPLOYEES_BASIS_LABELS[employees.basis]})`
        : 'Number of employees (basis not recorded)',
      dataType: 'decimalItemType',
      value: employees.value,
      unit: 'pure',
      decimals: employeesDecimals(employees),
      periodType: 'instant',
    });
  }

  const energy = snapshot.energy;
  if (energy) {
    add({
      concept: 'TotalEnergyConsumption',
      label: 'Total energy consumption',
      dataType: 'energyItemType',
      value: energy.totalMWh,
      unit: 'MWh',
      decimals: QUANTITY_DECIMALS,
      ...energySource(snapshot, energy.energyBasis),
    });
    for (const entry of energy.mix) {
      add({
        concept: 'EnergyConsumptionByCarrier',
        label: `Energy consumption: ${entry.carrier.replace(/_/g, ' ')}`,
        dataType: 'energyItemType',
        value: entry.mwh,
        unit: 'MWh',
        decimals: QUANTITY_DECIMALS,
        category: entry.carrier,
        dimensions: { 'esgp:EnergyCarrierAxis': entry.carrier },
        ...energySource(snapshot, energy.energyBasis, [entry.carrier]),
      });
    }
    // Of total energy since decision 048; earlier snapshots only knew the share of electricity.
    const renewablePercent = energy.energyBasis
      ? energy.energyBasis.renewableShareOfTotalPercent
      : energy.renewableSharePercent;
    if (renewablePercent !== null) {
      add({
        concept: 'RenewableEnergyShare',
        label: 'Renewable share of energy consumption (ratio)',
        dataType: 'pureItemType',
        value: renewablePercent / 100,
        unit: 'pure',
        decimals: 4,
      });
    }
  }
  if (snapshot.water)
    add({
      concept: 'WaterWithdrawal',
      label: 'Water withdrawn (metered supply)',
      dataType: 'volumeItemType',
      value: snapshot.water.m3,
      unit: 'm3',
      decimals: QUANTITY_DECIMALS,
    });
  if (snapshot.waste) {
    add({
      concept: 'WasteGenerated',
      label: 'Waste generated',
      dataType: 'massItemType',
      value: snapshot.waste.totalTonnes,
      unit: 't',
      decimals: QUANTITY_DECIMALS,
    });
    add({
      concept: 'WasteRecycledOrReused',
      label: 'Waste recycled or reused',
      dataType: 'massItemType',
      value: snapshot.waste.recycledTonnes,
      unit: 't',
      decimals: QUANTITY_DECIMALS,
    });
  }
  if (snapshot.offsets && snapshot.offsets.retiredTonnes > 0) {
    add({
      concept: 'CarbonCreditsRetired',
      label: 'Carbon credits retired (reported apart from gross emissions)',
      dataType: 'ghgEmissionsItemType',
      value: snapshot.offsets.retiredTonnes,
      unit: 'tCO2e',
      decimals: EMISSIONS_DECIMALS,
    });
  }

  // SECR (UK sites only): energy in kWh as the Regulations ask, Scope 1 and 2, intensity, narrative.
  const uk = snapshot.uk;
  if (uk) {
    const kwh = (
      concept: string,
      label: string,
      value: number | null,
      category: string,
      categories?: string[],
    ) => {
      if (value !== null)
        add({
          concept,
          label,
          dataType: 'energyItemType',
          value,
          unit: 'kWh',
          decimals: 0,
          category,
          ...energySource(snapshot, uk.energyBasis, categories),
        });
    };
    kwh('UkEnergyConsumptionGas', 'UK energy use: gas', uk.energyKwh.gas, 'gas', ['natural_gas']);
    kwh(
      'UkEnergyConsumptionElectricity',
      'UK energy use: electricity',
      uk.energyKwh.electricity,
      'electricity',
      ['electricity'],
    );
    kwh(
      'UkEnergyConsumptionTransport',
      'UK energy use: transport fuel',
      uk.energyKwh.transport,
      'transport',
      categoriesOfKind('transport_fuel'),
    );
    kwh('UkEnergyConsumptionTotal', 'UK energy use: total', uk.energyKwh.total, 'total');
    const ukGhg = (concept: string, label: string, value: number, scope: string, parts: UkPart[]) =>
      ghg(concept, label, value, scope, [], ukSource(snapshot, parts));
    if (uk.scope1 !== null)
      ukGhg('UkScope1Emissions', 'UK Scope 1 GHG emissions', uk.scope1, '1', ['scope1']);
    if (uk.scope2Location !== null)
      ukGhg(
        'UkScope2LocationBasedEmissions',
        'UK location-based Scope 2 GHG emissions',
        uk.scope2Location,
        '2 location-based',
        ['scope2Location'],
      );
    const currency = uk.intensity ? perMillionCurrency(uk.intensity.unit) : null;
    if (uk.intensity && currency) {
      const value = uk.intensity.value / 1_000_000;
      add({
        concept: 'UkIntensityRatio',
        label: `UK intensity ratio: ${uk.intensity.unit}, per ${currency}`,
        dataType: 'ghgEmissionsPerMonetaryItemType',
        value,
        unit: `tCO2e/${currency}`,
        decimals: decimalsForSignificantFigures(value, 4),
        ...(hasFigureSources(snapshot) ? ukSource(snapshot, ['scope1', 'scope2Location']) : {}),
      });
    } else if (uk.intensity) {
      add({
        concept: 'UkIntensityRatioDescription',
        label: 'UK intensity ratio',
        dataType: 'stringItemType',
        value: `${uk.intensity.value} ${uk.intensity.unit}`,
        unit: null,
        decimals: null,
      });
    }
    if (uk.efficiencyActions)
      add({
        concept: 'UkEnergyEfficiencyActions',
        label: 'Energy efficiency actions taken in the year',
        dataType: 'textBlockItemType',
        value: uk.efficiencyActions,
        unit: null,
        decimals: null,
      });
    if (uk.methodology)
      add({
        concept: 'UkMethodology',
        label: 'Methodology',
        dataType: 'textBlockItemType',
        value: uk.methodology,
        unit: null,
        decimals: null,
      });
  }
  return { facts: numberFacts(drafts), notes };
}
