import { describe, expect, test } from 'bun:test';
import type { EsgProgressItem, EsgProgressResponse } from '../../../domain/contracts/esg-wizard';
import {
  canContinueToReview,
  checkEvidenceFile,
  continueHint,
  describeOrigin,
  dialogSaveValue,
  formatDate,
  formatFileSize,
  formatValue,
  indicatorTitle,
  initialStep,
  isChecklistOutdated,
  ledgerScope,
  missingItems,
  missingRequiredList,
  overallPercent,
  rulePackLabel,
  summariseSections,
} from './wizard';

const item = (overrides: Partial<EsgProgressItem> = {}): EsgProgressItem => ({
  section: 'environmental',
  indicator: 'scope_1_emissions',
  value: '',
  isCompleted: false,
  isRequired: true,
  autoFilled: false,
  category: 'Emissions',
  title: 'Scope 1 emissions',
  description: 'Direct emissions',
  unit: 'tCO2e',
  module: 'basic',
  mappingLabel: 'VSME B3 · GrossScope1GreenhouseGasEmissions',
  origin: 'empty',
  ledgerBacked: true,
  ledgerValue: null,
  overridden: false,
  note: null,
  evidenceCount: 0,
  updatedAt: null,
  updatedBy: null,
  ...overrides,
});

const response = (
  progress: EsgProgressItem[],
  overrides: Partial<EsgProgressResponse> = {},
): EsgProgressResponse => ({
  jurisdiction: 'CSRD',
  year: 2025,
  rulePack: { id: 'csrd-vsme', version: '1.0.0', asOf: '2026-08-07', framework: 'VSME Basic module' },
  initializedVersion: progress.length > 0 ? '1.0.0' : null,
  includeComprehensive: false,
  progress,
  complianceStatus: null,
  evidence: [],
  ...overrides,
});

const done = (indicator: string, section: EsgProgressItem['section'], isRequired = true) =>
  item({ indicator, section, isRequired, value: '1', isCompleted: true, origin: 'manual', title: '' });
const open = (indicator: string, section: EsgProgressItem['section'], isRequired = true) =>
  item({ indicator, section, isRequired, title: '' });

describe('wizard steps', () => {
  test('opens on the checklist when one exists, else on the jurisdiction step', () => {
    expect(initialStep(undefined)).toBe(1);
    expect(initialStep(response([]))).toBe(1);
    expect(initialStep(response([item()]))).toBe(2);
  });

  test('allows the review from 70 % and says why not below it', () => {
    expect(canContinueToReview(69)).toBe(false);
    expect(canContinueToReview(70)).toBe(true);
    expect(continueHint(42)).toBe('Complete at least 70% to continue — now 42%');
    expect(continueHint(70)).toBeNull();
  });
});

describe('section summaries and overall progress', () => {
  const items = [
    done('scope_1_emissions', 'environmental'),
    open('water_consumption', 'environmental', false),
    done('gender_balance', 'social'),
    open('board_diversity', 'governance'),
  ];

  test('counts completed items and rounds the percentage per section', () => {
    expect(
      summariseSections(items).map(({ section, completed, total, percent }) => [
        section,
        completed,
        total,
        percent,
      ]),
    ).toEqual([
      ['environmental', 1, 2, 50],
      ['social', 1, 1, 100],
      ['governance', 0, 1, 0],
    ]);
    expect(summariseSections(items)[0]!.label).toBe('Environmental (E)');
  });

  test("prefers the server's overall percentage and counts the items without one", () => {
    expect(overallPercent(response(items))).toBe(50);
    const status = {
      overallProgress: 73,
      sectionProgress: { environmental: 0, social: 0, governance: 0 },
      missingRequired: [],
    };
    expect(overallPercent(response(items, { complianceStatus: status }))).toBe(73);
  });

  test('lists incomplete items with the required ones first', () => {
    expect(
      missingItems([
        open('a', 'social', false),
        open('b', 'social'),
        done('c', 'social'),
        open('d', 'governance'),
      ]).map((entry) => entry.indicator),
    ).toEqual(['b', 'd', 'a']);
  });
});

describe('required items missing card', () => {
  test('names five humanised titles then counts the rest', () => {
    const keys = [
      'scope_1_emissions',
      'scope_2_emissions',
      'energy_consumption',
      'waste_generated',
      'gender_balance',
      'board_diversity',
      'ethics_training',
    ];
    const list = missingRequiredList(response(keys.map((key) => open(key, 'environmental'))));
    expect(list.titles).toEqual([
      'Scope 1 Emissions',
      'Scope 2 Emissions',
      'Energy Consumption',
      'Waste Generated',
      'Gender Balance',
    ]);
    expect(list.more).toBe(2);
  });

  test("uses the server's missing keys and titles when it sends them", () => {
    const status = {
      overallProgress: 0,
      sectionProgress: { environmental: 0, social: 0, governance: 0 },
      missingRequired: ['secr_energy_kwh'],
    };
    const progress = response([item({ indicator: 'secr_energy_kwh', title: 'UK energy use' })], {
      complianceStatus: status,
    });
    expect(missingRequiredList(progress)).toEqual({ titles: ['UK energy use'], more: 0 });
  });
});

describe('how values and origins read', () => {
  test('adds the unit to numbers only', () => {
    expect(formatValue('12.5', 'tCO2e')).toBe('12.5 tCO2e');
    expect(formatValue('1,200', 'MWh')).toBe('1,200 MWh');
    expect(formatValue('completed', 'tCO2e')).toBe('completed');
    expect(formatValue('We train every new starter', null)).toBe('We train every new starter');
    expect(formatValue('  ', 'tCO2e')).toBe('');
  });

  test('dates read as day, short month and year', () => {
    expect(formatDate('2026-08-07')).toBe('7 Aug 2026');
    expect(formatDate('2026-01-31T23:30:00.000Z')).toBe('31 Jan 2026');
    expect(formatDate('soon')).toBe('soon');
  });

  test('says whether a value came from the ledger, a person, or overrides the ledger', () => {
    expect(describeOrigin(item({ origin: 'ledger', value: '3.2', autoFilled: true }), 2025)).toEqual([
      'From your ledger (reporting year 2025)',
    ]);
    expect(
      describeOrigin(
        item({
          origin: 'manual',
          value: '4',
          overridden: true,
          ledgerValue: '3.2',
          updatedBy: 'Erin Ellis',
          updatedAt: '2026-02-03T10:00:00Z',
        }),
        2025,
      ),
    ).toEqual(['Entered by Erin Ellis on 3 Feb 2026', 'Overrides the ledger figure 3.2 tCO2e']);
    expect(describeOrigin(item(), 2025)).toEqual(['Not answered yet']);
  });

  test('names the geography of a ledger figure limited to UK sites', () => {
    expect(
      describeOrigin(item({ origin: 'ledger', value: '3.2', autoFilled: true, ledgerRegion: 'GB' }), 2025),
    ).toEqual(['From your ledger, UK sites only (reporting year 2025)']);
    expect(
      describeOrigin(
        item({ origin: 'manual', value: '4', overridden: true, ledgerValue: '3.2', ledgerRegion: 'GB' }),
        2025,
      ),
    ).toEqual(['Entered by a team member', 'Overrides the ledger figure 3.2 tCO2e (UK sites only)']);
    expect(ledgerScope({})).toBeNull();
  });

  test('falls back to the humanised key when the server sends no title', () => {
    expect(indicatorTitle({ indicator: 'renewable_energy_percentage', title: '' })).toBe(
      'Renewable Energy Percentage',
    );
    expect(indicatorTitle({ indicator: 'x', title: 'UK energy use' })).toBe('UK energy use');
  });

  test('labels the rule pack with its version and the date it was checked', () => {
    expect(rulePackLabel(response([]).rulePack)).toBe(
      'VSME Basic module · rule pack 1.0.0, checked 7 Aug 2026',
    );
    expect(isChecklistOutdated(response([item()], { initializedVersion: '0.9.0' }))).toBe(true);
    expect(isChecklistOutdated(response([item()]))).toBe(false);
    expect(isChecklistOutdated(response([]))).toBe(false);
  });
});

describe('edit dialog value (spec §4)', () => {
  test('stores the text, or completed when marked complete without text, or empty', () => {
    expect(dialogSaveValue('42', true)).toBe('42');
    expect(dialogSaveValue('  ', true)).toBe('completed');
    expect(dialogSaveValue('42', false)).toBe('');
  });
});

describe('evidence file check', () => {
  const MB = 1024 * 1024;
  test('accepts PDFs, images and CSV files under 10 MB', () => {
    expect(checkEvidenceFile({ name: 'bill.pdf', type: 'application/pdf', size: MB })).toBeNull();
    expect(checkEvidenceFile({ name: 'meter.jpg', type: 'image/jpeg', size: MB })).toBeNull();
    expect(checkEvidenceFile({ name: 'lines.csv', type: 'text/csv', size: MB })).toBeNull();
    expect(checkEvidenceFile({ name: 'lines.csv', type: 'application/vnd.ms-excel', size: MB })).toBeNull();
    expect(checkEvidenceFile({ name: 'scan.PDF', type: '', size: MB })).toBeNull();
  });

  test('refuses other types and files of 10 MB or more', () => {
    expect(checkEvidenceFile({ name: 'notes.docx', type: 'application/msword', size: MB })).toBe(
      'Choose a PDF, an image or a CSV file',
    );
    expect(checkEvidenceFile({ name: 'big.pdf', type: 'application/pdf', size: 10 * MB })).toBe(
      'File size must be less than 10MB',
    );
  });

  test('sizes read in B, KB or MB', () => {
    expect(formatFileSize(900)).toBe('900 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(2.5 * MB)).toBe('2.5 MB');
  });
});
