import { describe, expect, test } from 'bun:test';
import {
  carbonCardFigure,
  complianceBadge,
  dataSourceNoun,
  dataSourcesBadge,
  describeCarbonYear,
  describeDataSources,
  describeNarratives,
  formatCount,
  formatCredits,
  formatNeutralization,
  formatPercent,
  formatTonnes,
  formatUsd,
  humanizeAction,
  latestActivity,
  narrativesBadge,
  offsetTip,
  welcomeTitle,
} from './summary';

const emissions = (value: number, recorded: boolean) => ({
  value,
  unit: 'tCO2e' as const,
  year: 2025,
  recorded,
});

describe('carbon card', () => {
  test("shows the reporting year's tonnes and names the year", () => {
    expect(carbonCardFigure(emissions(3.18183, true))).toBe('3.2');
    expect(describeCarbonYear(emissions(3.18183, true))).toBe(
      'Gross emissions recorded for 2025 (scopes 1, 2 and 3)',
    );
  });

  test('says "Not recorded", never 0, for a year without data', () => {
    expect(carbonCardFigure(emissions(0, false))).toBe('Not recorded');
    expect(describeCarbonYear(emissions(0, false))).toContain('No emissions recorded for 2025 yet');
  });

  test('shows tonnes with one decimal', () => {
    expect(formatTonnes(12)).toBe('12.0');
    expect(formatTonnes(1234.56)).toBe('1,234.6');
  });

  test('writes counts as en-GB does', () => {
    expect(formatCount(1250)).toBe('1,250');
    expect(formatCount(0)).toBe('0');
  });
});

describe('compliance card', () => {
  test("is 'On Track' from 80 %, 'In Progress' below, 'Not started' without a status", () => {
    expect(complianceBadge(80)).toBe('On Track');
    expect(complianceBadge(79.9)).toBe('In Progress');
    expect(complianceBadge(null)).toBe('Not started');
  });

  test('rounds and clamps percentages', () => {
    expect(formatPercent(66.6)).toBe('67%');
    expect(formatPercent(140)).toBe('100%');
  });
});

describe('data sources card', () => {
  type Source = Parameters<typeof dataSourcesBadge>[0][number];
  const source = (fields: Partial<Source> & Pick<Source, 'kind' | 'type'>): Source => ({
    id: `${fields.kind}-${fields.type}-${fields.name ?? ''}`,
    name: fields.type,
    status: 'connected',
    lastSyncAt: null,
    lineCount: 0,
    statusText: '',
    ...fields,
  });
  const csv = (lineCount: number) => source({ kind: 'import', type: 'csv', name: 'bills.csv', lineCount });
  const receipts = source({ kind: 'receipts', type: 'receipt_ocr', lineCount: 2, statusText: '2 receipts' });
  const xero = source({ kind: 'connector', type: 'xero', name: 'Xero Bakery' });

  test('counts an import, the receipts and a connector as three sources, each in words', () => {
    const sources = [csv(44), receipts, xero];
    expect(`${sources.length} ${dataSourceNoun(sources)}`).toBe('3 data sources');
    expect(describeDataSources(sources)).toEqual(['CSV import (44 lines)', '2 receipts', 'Xero']);
    expect(dataSourcesBadge(sources)).toBe('Active');
  });

  test('sums several imports in one entry and says which sources wait or failed', () => {
    const sources = [
      csv(100),
      csv(20),
      source({ kind: 'manual', type: 'manual', lineCount: 1 }),
      source({ kind: 'connector', type: 'shopify', status: 'connecting' }),
      source({ kind: 'csv_source', type: 'csv', name: 'Fuel cards', status: 'connecting' }),
    ];
    expect(describeDataSources(sources)).toEqual([
      '2 CSV imports (120 lines)',
      '1 line entered by hand',
      'Shopify (connecting)',
      'Fuel cards (no file yet)',
    ]);
    expect(dataSourceNoun([xero])).toBe('data source');
  });

  test("needs attention when a connector failed, is 'Active' with data, else 'Setup Needed'", () => {
    expect(dataSourcesBadge([csv(3), { ...xero, status: 'error' }])).toBe('Needs attention');
    expect(describeDataSources([{ ...xero, status: 'error' }])).toEqual(['Xero (sync failed)']);
    expect(dataSourcesBadge([{ ...xero, status: 'connecting' }])).toBe('Setup Needed');
    expect(dataSourcesBadge([csv(0)].map((item) => ({ ...item, status: 'empty' as const })))).toBe(
      'Setup Needed',
    );
    expect(dataSourcesBadge([])).toBe('Setup Needed');
  });
});

describe('narratives card', () => {
  const progress = (approvedSections: number, startedSections: number) => ({
    sections: [],
    totalSections: 4,
    approvedSections,
    startedSections,
  });

  test('is Ready when every section is approved, In Progress once one is started', () => {
    expect(narrativesBadge(progress(4, 4))).toBe('Ready');
    expect(narrativesBadge(progress(1, 3))).toBe('In Progress');
    expect(narrativesBadge(progress(0, 0))).toBe('Not started');
  });

  test('says what the sections still need', () => {
    expect(describeNarratives(progress(1, 2))).toBe('1 waiting for approval, 2 not started.');
    expect(describeNarratives(progress(4, 4))).toBe('Every section is approved.');
  });
});

describe('welcome banner', () => {
  test("says 'Welcome' on a first visit and 'Welcome back' afterwards", () => {
    expect(welcomeTitle(true, 'Ada')).toBe('Welcome, Ada');
    expect(welcomeTitle(false, 'Ada')).toBe('Welcome back, Ada');
    expect(welcomeTitle(false, '')).toBe('Welcome back');
  });
});

describe('recent activity', () => {
  test('shows underscores as spaces', () => {
    expect(humanizeAction('data_source_connected')).toBe('Data source connected');
    expect(humanizeAction('esg_progress_updated')).toBe('ESG progress updated');
    expect(humanizeAction('report_exported_pdf')).toBe('Report exported PDF');
  });

  test('keeps the latest five', () => {
    const items = Array.from({ length: 8 }, (_, index) => ({ id: `${index}`, action: 'x', createdAt: '' }));
    expect(latestActivity(items).map((item) => item.id)).toEqual(['0', '1', '2', '3', '4']);
  });
});

describe('carbon credits', () => {
  const offsets = (fields: Partial<Parameters<typeof offsetTip>[0]> = {}) => ({
    year: 2026,
    purchasedTonnes: 0,
    retiredTonnes: 0,
    neutralizationPercentage: 0,
    remainingTonnes: 12,
    costToOffsetRemainingUsd: 216,
    ...fields,
  });

  test('the marketplace tip quotes the real price of the remaining footprint', () => {
    expect(offsetTip(offsets()).text).toStartWith('Offset your remaining 12 tCO2e for $216.00 ');
    expect(offsetTip(offsets({ remainingTonnes: 1250, costToOffsetRemainingUsd: 7750.5 })).text).toStartWith(
      'Offset your remaining 1,250 tCO2e for $7,750.50 ',
    );
    expect(offsetTip(offsets()).action).toBe('Browse Marketplace');
  });

  test('says so plainly when no project has stock, when credits match the footprint, and when nothing is recorded', () => {
    expect(offsetTip(offsets({ costToOffsetRemainingUsd: null })).text).toStartWith(
      'No project has credits in stock right now to offset your remaining 12 tCO2e.',
    );
    const matched = offsetTip(
      offsets({
        remainingTonnes: 0,
        purchasedTonnes: 15,
        neutralizationPercentage: 100,
        costToOffsetRemainingUsd: 0,
      }),
    );
    expect(matched.text).toStartWith('Your 2026 emissions are fully matched by credits.');
    expect(matched.action).toBe('View your credits');
    const nothingRecorded =
      'No 2026 emissions recorded yet, so there is nothing to offset. Browse verified carbon credits';
    expect(offsetTip(offsets({ remainingTonnes: 0, costToOffsetRemainingUsd: 0 })).text).toStartWith(
      nothingRecorded,
    );
    // Credits bought before any emission is recorded match nothing yet.
    expect(
      offsetTip(offsets({ remainingTonnes: 0, purchasedTonnes: 5, costToOffsetRemainingUsd: 0 })).text,
    ).toStartWith(nothingRecorded);
  });

  test('formats dollars, whole tonnes and the neutralisation figure', () => {
    expect(formatUsd(24.8)).toBe('$24.80');
    expect(formatCredits(25000)).toBe('25,000');
    expect(formatNeutralization(62.86)).toBe('62.9%');
    expect(formatNeutralization(100)).toBe('100%');
    expect(formatNeutralization(0)).toBe('0%');
  });
});
