import { describe, expect, test } from 'bun:test';
import { buildFactsPack, MISSING } from './facts.ts';
import { ukBakeryInput, usCompanyInput } from './test-companies.ts';
import {
  checklistFixture,
  kpiMetricsFixture,
  previousMetricsFixture,
  richFactsInput,
  thinFactsInput,
} from './test-fixtures.ts';
import type { FactsPack } from './types.ts';

const fact = (pack: FactsPack, id: string) => pack.numbers.find((entry) => entry.id === id);

describe('buildFactsPack with a full year recorded', () => {
  const pack = buildFactsPack(richFactsInput());

  test('keeps the profile and the sites as given', () => {
    expect(pack.companyName).toBe('Crumb & Co Bakeries');
    expect(pack.jurisdiction).toBe('SECR');
    expect(pack.year).toBe(2025);
    expect(pack.sites).toEqual([
      { name: 'Harbour Street bakery', country: 'GB' },
      { name: 'Lyon shop', country: 'FR' },
      { name: 'Clifton café', country: 'GB' },
    ]);
  });

  test('rounds emissions to 10 kg and names Scope 3 categories, largest first, zero ones left out', () => {
    expect(pack.emissions).toMatchObject({
      scope1: 48.12,
      scope2Location: 31.01,
      scope2Market: 12.4,
      scope3: 135.44,
      total: 214.57,
      datasets: ['UK DESNZ GHG Conversion Factors 2025', 'ADEME Base Empreinte 2024'],
    });
    expect(pack.emissions?.scope3ByCategory).toEqual([
      { category: 1, name: 'Purchased goods and services', tCO2e: 96.25 },
      { category: 4, name: 'Upstream transportation and distribution', tCO2e: 29.38 },
      { category: 6, name: 'Business travel', tCO2e: 9.81 },
    ]);
  });

  test('computes the year-on-year change against the previous total, to one place', () => {
    // (214.5678 − 238.9) / 238.9 = −10.185 %
    expect(pack.emissions?.previousTotal).toBe(238.9);
    expect(pack.emissions?.changePercent).toBe(-10.2);
    expect(pack.emissions?.intensityPerRevenue).toEqual({ value: 57.98, unit: 'tCO2e per million GBP' });
    expect(pack.emissions?.intensityPerEmployee).toEqual({ value: 5.11, unit: 'tCO2e per employee' });
  });

  test('turns the 0–1 shares of energy and workforce into percentages', () => {
    expect(pack.energy).toEqual({
      totalMWh: 412.35,
      renewableSharePercent: 38.1,
      renewableShareOfElectricityPercent: 61.6,
      mix: [
        { carrier: 'natural_gas', mwh: 231.1 },
        { carrier: 'electricity', mwh: 162.45 },
        { carrier: 'diesel', mwh: 18.8 },
      ],
    });
    expect(pack.waterM3).toBe(1234.56);
    expect(pack.workforce).toEqual({
      headcount: 42,
      femaleSharePercent: 47.6,
      leadershipFemaleSharePercent: 33.3,
      trainingHoursPerEmployee: 12.5,
    });
  });

  test('keeps the target, the credits and the checklist answers with their origin', () => {
    expect(pack.target).toEqual({
      baseYear: 2022,
      targetYear: 2030,
      reductionPercent: 42,
      coverage: 'scope_1_2',
    });
    expect(pack.offsets).toEqual({ purchasedTonnes: 50, retiredTonnes: 20 });
    expect(pack.checklist?.overallProgress).toBe(72.7);
    expect(pack.checklist?.answers.map((answer) => answer.indicator)).toEqual([
      'scope_1_emissions',
      'energy_mwh',
      'energy_efficiency_actions',
      'health_and_safety',
      'fair_pay',
      'reporting_methodology',
      'energy_reporting_responsibility',
      'completed_only',
    ]);
    expect(pack.checklist?.answers[0]).toEqual({
      indicator: 'scope_1_emissions',
      title: 'Scope 1 emissions',
      section: 'environmental',
      value: '48.12 tCO2e',
      origin: 'ledger',
    });
    expect(pack.checklist?.missingRequired).toEqual([
      { indicator: 'waste_policy', title: 'Waste policy', section: 'environmental' },
      { indicator: 'grievance_procedure', title: 'Grievance procedure', section: 'social' },
      { indicator: 'board_approval', title: 'Board approval', section: 'governance' },
    ]);
  });

  test('has nothing missing', () => {
    expect(pack.missing).toEqual([]);
  });

  test('flattens every figure with its unit, including the years and the counts', () => {
    expect(fact(pack, 'year')).toMatchObject({ value: 2025, unit: 'year' });
    expect(fact(pack, 'previousYear')).toMatchObject({ value: 2024 });
    expect(fact(pack, 'target.baseYear')).toMatchObject({ value: 2022 });
    expect(fact(pack, 'target.targetYear')).toMatchObject({ value: 2030 });
    expect(fact(pack, 'target.reductionPercent')).toMatchObject({ value: 42, unit: '%' });
    expect(fact(pack, 'scope1')).toMatchObject({ value: 48.12, unit: 'tCO2e' });
    expect(fact(pack, 'scope3.category4')).toMatchObject({ value: 29.38, unit: 'tCO2e' });
    expect(fact(pack, 'changePercent')).toMatchObject({ value: -10.2, unit: '%' });
    expect(fact(pack, 'energy.renewableSharePercent')).toMatchObject({ value: 38.1, unit: '%' });
    expect(fact(pack, 'energy.mix.diesel')).toMatchObject({ value: 18.8, unit: 'MWh' });
    expect(fact(pack, 'water.m3')).toMatchObject({ value: 1234.56, unit: 'm³' });
    expect(fact(pack, 'workforce.headcount')).toMatchObject({ value: 42 });
    expect(fact(pack, 'workforce.femaleSharePercent')).toMatchObject({ value: 47.6, unit: '%' });
    expect(fact(pack, 'sites.count')).toMatchObject({ value: 3 });
    expect(fact(pack, 'checklist.missingRequiredCount')).toMatchObject({ value: 3 });
    expect(fact(pack, 'offsets.retiredTonnes')).toMatchObject({ value: 20, unit: 'tonnes' });
    expect(fact(pack, 'datasets.1')).toMatchObject({ value: 2025 });
  });

  test('reads numeric checklist answers with their unit, and numbers inside written answers', () => {
    expect(fact(pack, 'checklist.scope_1_emissions')).toMatchObject({ value: 48.12, unit: 'tCO2e' });
    expect(fact(pack, 'checklist.energy_mwh')).toMatchObject({ value: 412.3, unit: 'MWh' });
    expect(fact(pack, 'checklist.energy_efficiency_actions')).toMatchObject({ value: 14 });
    expect(fact(pack, 'checklist.fair_pay')).toMatchObject({ value: 2023 });
  });

  test('reads a percentage answer such as "38 %" as a percent fact', () => {
    const checklist = checklistFixture();
    checklist.progress[0] = { ...checklist.progress[0]!, indicator: 'renewable_share', value: '38 %' };
    const withPercent = buildFactsPack(richFactsInput({ checklist }));
    expect(fact(withPercent, 'checklist.renewable_share')).toMatchObject({ value: 38, unit: '%' });
  });
});

describe('buildFactsPack with data missing', () => {
  test('does not call missing what the company answered in its checklist (issue 18)', () => {
    const pack = buildFactsPack(ukBakeryInput());
    expect(pack.workforce).toBeNull();
    expect(pack.missing).not.toContain(MISSING.workforce);
    expect(pack.missing).not.toContain(MISSING.femaleShare);
    expect(pack.missing).not.toContain(MISSING.training);
    expect(pack.missing).not.toContain(MISSING.previousEmissions(2025));
    expect(pack.missing).toContain(MISSING.headcount);
    const us = buildFactsPack(usCompanyInput());
    expect(us.target).toBeNull();
    expect(us.missing).not.toContain(MISSING.target);
  });

  test('names every gap of a company with nothing recorded', () => {
    const pack = buildFactsPack(thinFactsInput());
    expect(pack.emissions).toBeNull();
    expect(pack.energy).toBeNull();
    expect(pack.waterM3).toBeNull();
    expect(pack.workforce).toBeNull();
    expect(pack.target).toBeNull();
    expect(pack.checklist).toBeNull();
    expect(pack.missing).toEqual([
      'emissions figures for 2025',
      'energy use for 2025',
      'water use',
      'workforce figures',
      'a reduction target',
      'the ESG checklist',
    ]);
    expect(pack.numbers.map((entry) => entry.id)).toEqual(['year', 'previousYear', 'sites.count']);
  });

  test('names the partial gaps: prior year, intensity, renewable share, gender balance, training', () => {
    const metrics = kpiMetricsFixture({
      water: { value: 0, unit: 'm3' },
      workforce: {
        year: 2025,
        headcount: 12,
        femaleShare: null,
        leadershipFemaleShare: null,
        ageBands: [],
        trainingHoursPerEmployee: null,
      },
    });
    metrics.carbon.intensityPerRevenue = null;
    metrics.carbon.intensityPerEmployee = null;
    metrics.energy.renewableShare = null;
    const pack = buildFactsPack(richFactsInput({ metrics, previousMetrics: null, sites: [] }));
    expect(pack.emissions?.previousTotal).toBeNull();
    expect(pack.emissions?.changePercent).toBeNull();
    expect(pack.missing).toEqual([
      MISSING.sites,
      'emissions figures for 2024 (for the year-on-year change)',
      MISSING.intensity,
      MISSING.renewableShare,
      'water use',
      MISSING.femaleShare,
      MISSING.leadershipFemaleShare,
      MISSING.training,
    ]);
  });

  test('gives no change when the previous year recorded nothing', () => {
    const previous = previousMetricsFixture();
    previous.carbon.total = { value: 0, unit: 'tCO2e' };
    const pack = buildFactsPack(richFactsInput({ previousMetrics: previous }));
    expect(pack.emissions?.changePercent).toBeNull();
    expect(pack.numbers.some((entry) => entry.id === 'changePercent')).toBe(false);
  });

  test('treats a checklist that was never initialised as missing', () => {
    const checklist = {
      ...checklistFixture(),
      initializedVersion: null,
      progress: [],
      complianceStatus: null,
    };
    const pack = buildFactsPack(richFactsInput({ checklist }));
    expect(pack.checklist).toBeNull();
    expect(pack.missing).toContain('the ESG checklist');
  });

  test('leaves out carbon credits when none were bought', () => {
    const pack = buildFactsPack(richFactsInput({ offsets: { purchasedTonnes: 0, retiredTonnes: 0 } }));
    expect(pack.offsets).toBeNull();
  });
});
