import { describe, expect, test } from 'bun:test';
import { SECTIONS } from '../compliance.ts';
import { SPEC_INDICATOR_DESCRIPTIONS, SPEC_INDICATOR_KEYS } from '../indicators.ts';
import type { IndicatorDefinition, RulePack } from '../types.ts';
import { VSME_CONCEPTS } from '../vsme-concepts.ts';
import { CSRD_VSME_PACK } from './csrd-vsme.ts';
import { checklistIndicators, mappingLabel, RULE_PACKS } from './index.ts';
import { SEC_CLIMATE_PACK } from './sec-climate.ts';
import { SECR_PACK } from './secr.ts';
import { RULE_PACK_STATUS } from './status.ts';

/** Packs must never claim to be checked after the day this suite was written against. */
const LATEST_PLAUSIBLE_DATE = '2026-11-26';

const PACKS: RulePack[] = [CSRD_VSME_PACK, SECR_PACK, SEC_CLIMATE_PACK];

function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const byKey = (pack: RulePack) => new Map(pack.indicators.map((indicator) => [indicator.key, indicator]));

function indicator(pack: RulePack, key: string): IndicatorDefinition {
  const found = byKey(pack).get(key);
  if (!found) throw new Error(`${pack.id} has no indicator ${key}`);
  return found;
}

describe.each(PACKS.map((pack) => [pack.id, pack] as const))('rule pack %s', (_id, pack) => {
  test('is the pack registered for its jurisdiction', () => {
    expect(RULE_PACKS[pack.jurisdiction]).toBe(pack);
    expect(pack.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pack.title.trim()).not.toBe('');
    expect(pack.framework.trim()).not.toBe('');
  });

  test('shares its label, version and status lines with the light status module the browser loads', () => {
    const status = RULE_PACK_STATUS[pack.jurisdiction];
    const { indicators: _indicators, ...header } = pack;
    expect(header).toEqual(status);
    expect(pack.currentStatus).toBe(status.currentStatus);
    expect(pack.sources).toBe(status.sources);
  });

  test('has unique snake_case keys', () => {
    const keys = pack.indicators.map((item) => item.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
    // The progress contract accepts keys of at most 80 characters.
    for (const key of keys) expect(key.length).toBeLessThanOrEqual(80);
  });

  test('covers all three sections', () => {
    for (const section of SECTIONS) {
      expect(pack.indicators.some((item) => item.section === section)).toBe(true);
    }
  });

  test('gives every indicator a title, description, category and a mapping of its own kind', () => {
    const kind = { CSRD: 'vsme', SECR: 'secr', SEC: 'sec' }[pack.jurisdiction];
    for (const item of pack.indicators) {
      expect(item.title.trim()).not.toBe('');
      expect(item.description.trim()).not.toBe('');
      expect(item.category.trim()).not.toBe('');
      expect(item.mapping.kind).toBe(kind as IndicatorDefinition['mapping']['kind']);
      expect(mappingLabel(item.mapping).trim()).not.toBe('');
    }
  });

  test('has at least one required indicator, and every required one is in the Basic checklist', () => {
    const required = pack.indicators.filter((item) => item.required);
    expect(required.length).toBeGreaterThan(0);
    const basic = new Set(checklistIndicators(pack, false).map((item) => item.key));
    for (const item of required) expect(basic.has(item.key)).toBe(true);
  });

  test('dates its facts with valid ISO dates no later than the suite allows', () => {
    const dates = [pack.asOf, ...pack.currentStatus.map((line) => line.asOf)];
    expect(pack.currentStatus.length).toBeGreaterThan(0);
    for (const date of dates) {
      expect(isIsoDate(date)).toBe(true);
      expect(date <= LATEST_PLAUSIBLE_DATE).toBe(true);
    }
  });

  test('cites https sources for the pack and for every status line', () => {
    const sources = [...pack.sources, ...pack.currentStatus.flatMap((line) => line.sources)];
    expect(pack.sources.length).toBeGreaterThan(0);
    for (const line of pack.currentStatus) expect(line.sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      expect(source.title.trim()).not.toBe('');
      expect(new URL(source.url).protocol).toBe('https:');
    }
  });

  test('reuses the fixed spec description for every spec key it contains', () => {
    const descriptions: Record<string, string> = SPEC_INDICATOR_DESCRIPTIONS;
    for (const item of pack.indicators) {
      if (item.key in descriptions) expect(item.description).toBe(descriptions[item.key]!);
    }
  });
});

describe('CSRD / VSME pack', () => {
  test('maps every indicator to real VSME 2026-05-01 concepts', () => {
    for (const item of CSRD_VSME_PACK.indicators) {
      if (item.mapping.kind !== 'vsme') throw new Error(`${item.key} is not mapped to VSME`);
      expect(item.mapping.concepts.length).toBeGreaterThan(0);
      for (const concept of item.mapping.concepts) expect(VSME_CONCEPTS.has(concept)).toBe(true);
    }
  });

  test('the concept list holds the 143 distinct reportable concepts of the taxonomy', () => {
    expect(VSME_CONCEPTS.size).toBe(143);
    expect(VSME_CONCEPTS.has('GrossScope1GreenhouseGasEmissions')).toBe(true);
    expect(VSME_CONCEPTS.has('GrossScope1Emissions')).toBe(false);
  });

  test('contains all 18 spec keys with their spec descriptions', () => {
    for (const key of SPEC_INDICATOR_KEYS) {
      expect(indicator(CSRD_VSME_PACK, key).description).toBe(SPEC_INDICATOR_DESCRIPTIONS[key]);
    }
  });

  test('puts Basic items in B1–B11 or an "other" disclosure and Comprehensive items in C1–C9', () => {
    for (const item of CSRD_VSME_PACK.indicators) {
      if (item.mapping.kind !== 'vsme') continue;
      if (item.module === 'comprehensive') {
        expect(item.mapping.disclosure).toMatch(/^C[1-9]$/);
        expect(item.required).toBe(false);
      } else {
        expect(item.module).toBe('basic');
        expect(item.mapping.disclosure).toMatch(
          /^(B([1-9]|1[01])|(Social|Governance|Environmental) \(other\))$/,
        );
      }
    }
  });

  test('marks spec keys without a VSME datapoint as optional "other" disclosures', () => {
    for (const key of ['employee_satisfaction', 'community_investment', 'ethics_training', 'age_diversity']) {
      const item = indicator(CSRD_VSME_PACK, key);
      expect(item.required).toBe(false);
      expect(item.mapping.kind === 'vsme' && item.mapping.disclosure).toMatch(/\(other\)$/);
    }
  });

  test('auto-fills the ledger-backed figures from the agreed sources', () => {
    const expected: Record<string, IndicatorDefinition['autoFill']> = {
      scope_1_emissions: 'scope_1_t',
      scope_2_emissions: 'scope_2_location_t',
      scope_2_market_emissions: 'scope_2_market_t',
      scope_3_emissions: 'scope_3_t',
      energy_consumption: 'energy_mwh',
      renewable_energy_percentage: 'renewable_share_percent',
      water_consumption: 'water_m3',
      waste_generated: 'waste_t',
      waste_recycled: 'waste_recycled_t',
      ghg_intensity: 'intensity_per_revenue',
      gender_balance: 'female_share_percent',
      training_hours: 'training_hours_per_employee',
    };
    for (const [key, source] of Object.entries(expected))
      expect(indicator(CSRD_VSME_PACK, key).autoFill).toBe(source);
  });

  test('the Basic checklist leaves out the Comprehensive module, which covers C1–C9', () => {
    const basic = checklistIndicators(CSRD_VSME_PACK, false);
    const full = checklistIndicators(CSRD_VSME_PACK, true);
    expect(basic.some((item) => item.module === 'comprehensive')).toBe(false);
    expect(full).toHaveLength(CSRD_VSME_PACK.indicators.length);
    expect(basic.length).toBeGreaterThanOrEqual(30);
    expect(basic.length).toBeLessThanOrEqual(50);
    const disclosures = new Set(
      full.flatMap((item) =>
        item.mapping.kind === 'vsme' && item.module === 'comprehensive' ? [item.mapping.disclosure] : [],
      ),
    );
    expect([...disclosures].sort()).toEqual(['C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C7', 'C8', 'C9']);
  });

  test('the Basic checklist covers every disclosure B1–B11', () => {
    const disclosures = new Set(
      checklistIndicators(CSRD_VSME_PACK, false).flatMap((item) =>
        item.mapping.kind === 'vsme' ? [item.mapping.disclosure] : [],
      ),
    );
    for (let number = 1; number <= 11; number += 1) expect(disclosures.has(`B${number}`)).toBe(true);
  });
});

describe('SECR pack', () => {
  test('asks for the SECR content items with their auto-fill sources', () => {
    const expected: Record<string, IndicatorDefinition['autoFill']> = {
      energy_use_gas: 'energy_kwh_gas',
      energy_use_electricity: 'energy_kwh_electricity',
      energy_use_transport: 'energy_kwh_transport',
      energy_use_total: 'energy_kwh',
      scope_1_emissions: 'scope_1_t',
      scope_2_emissions: 'scope_2_location_t',
      total_scope_1_2_emissions: 'scope_1_2_location_t',
      intensity_ratio_revenue: 'intensity_scope_1_2_per_revenue',
      prior_year_emissions: 'prior_year_scope_1_2_t',
      prior_year_energy_use: 'prior_year_energy_kwh',
    };
    for (const [key, source] of Object.entries(expected)) {
      const item = indicator(SECR_PACK, key);
      expect(item.autoFill).toBe(source);
      expect(item.required).toBe(true);
    }
    for (const key of ['energy_efficiency_actions', 'reporting_methodology']) {
      expect(indicator(SECR_PACK, key).required).toBe(true);
      expect(indicator(SECR_PACK, key).unit).toBeNull();
    }
  });

  test('counts the UK figures of an unquoted company over UK sites only, and nothing else', () => {
    const uk = SECR_PACK.indicators.filter((item) => item.autoFillRegion === 'GB').map((item) => item.key);
    expect(uk.sort()).toEqual(
      [
        'energy_use_electricity',
        'energy_use_gas',
        'energy_use_total',
        'energy_use_transport',
        'intensity_ratio_employee',
        'intensity_ratio_revenue',
        'prior_year_emissions',
        'prior_year_energy_use',
        'scope_1_emissions',
        'scope_2_emissions',
        'total_scope_1_2_emissions',
      ].sort(),
    );
    // Quoted companies report worldwide: that item is never limited to the UK.
    expect(indicator(SECR_PACK, 'global_energy_and_emissions').autoFillRegion).toBeUndefined();
    for (const pack of [CSRD_VSME_PACK, SEC_CLIMATE_PACK]) {
      expect(pack.indicators.some((item) => item.autoFillRegion !== undefined)).toBe(false);
    }
  });

  test('says plainly that transport fuel in litres is converted to kWh with DESNZ fuel properties, gross CV', () => {
    const transport = indicator(SECR_PACK, 'energy_use_transport').description;
    expect(transport).toContain('converted to kWh with the DESNZ fuel properties');
    expect(transport).toContain('gross calorific value');
  });

  test('VSME electricity and fuel consumption are filled from the ledger', () => {
    expect(indicator(CSRD_VSME_PACK, 'electricity_consumption').autoFill).toBe('energy_mwh_electricity');
    expect(indicator(CSRD_VSME_PACK, 'fuel_consumption').autoFill).toBe('energy_mwh_fuels');
  });

  test('reports energy in kWh and explains that prior-year figures are not needed in the first year', () => {
    for (const key of [
      'energy_use_gas',
      'energy_use_electricity',
      'energy_use_transport',
      'energy_use_total',
    ]) {
      expect(indicator(SECR_PACK, key).unit).toBe('kWh');
    }
    expect(indicator(SECR_PACK, 'prior_year_emissions').description).toContain('first year');
    expect(indicator(SECR_PACK, 'prior_year_energy_use').description).toContain('first year');
  });

  test('keeps voluntary extras optional, including the per-employee ratio', () => {
    for (const key of [
      'intensity_ratio_employee',
      'scope_3_emissions',
      'renewable_energy_percentage',
      'training_hours',
    ]) {
      expect(indicator(SECR_PACK, key).required).toBe(false);
    }
    expect(indicator(SECR_PACK, 'low_energy_user_statement').description).toContain('40 MWh');
  });
});

describe('SEC / California pack', () => {
  test('asks for Scope 1 and both Scope 2 figures from the ledger', () => {
    expect(indicator(SEC_CLIMATE_PACK, 'scope_1_emissions').autoFill).toBe('scope_1_t');
    expect(indicator(SEC_CLIMATE_PACK, 'scope_2_emissions').autoFill).toBe('scope_2_location_t');
    expect(indicator(SEC_CLIMATE_PACK, 'scope_2_market_emissions').autoFill).toBe('scope_2_market_t');
    for (const key of [
      'scope_1_emissions',
      'scope_2_emissions',
      'ghg_methodology',
      'ghg_organisational_boundary',
    ]) {
      expect(indicator(SEC_CLIMATE_PACK, key).required).toBe(true);
    }
  });

  test('covers governance, strategy and risk management as required items', () => {
    for (const key of [
      'board_climate_oversight',
      'management_climate_role',
      'material_climate_risks',
      'climate_risk_time_horizons',
      'business_model_impact',
      'risk_management_framework',
      'climate_targets',
    ]) {
      expect(indicator(SEC_CLIMATE_PACK, key).required).toBe(true);
    }
    expect(indicator(SEC_CLIMATE_PACK, 'board_climate_oversight').section).toBe('governance');
    expect(indicator(SEC_CLIMATE_PACK, 'risk_management_framework').section).toBe('governance');
  });

  test('keeps phased-in and voluntary items optional', () => {
    for (const key of [
      'scope_3_emissions',
      'scenario_analysis',
      'financial_statement_effects',
      'ghg_attestation',
    ]) {
      expect(indicator(SEC_CLIMATE_PACK, key).required).toBe(false);
    }
  });
});
