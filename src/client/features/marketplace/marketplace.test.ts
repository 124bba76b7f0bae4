import { describe, expect, test } from 'bun:test';
import type { SyncResult } from '../../../domain/contracts/marketplace';
import {
  canConfirmPurchase,
  cobenefitBadges,
  describeSyncResult,
  filterProjects,
  formatCents,
  formatPrice,
  formatPricePerTonne,
  humanizeType,
  initialQuantity,
  parseQuantity,
  priceToCents,
  shortNote,
  totalCents,
  typeFilterOptions,
} from './marketplace';

const projects = [
  {
    name: 'Highland Peat Restoration',
    description: 'Rewetting drained peatland',
    location: 'Scotland, UK',
    projectType: 'blue_carbon' as const,
  },
  {
    name: 'Andes Wind Farm',
    description: 'Grid-connected wind power',
    location: 'Chile',
    projectType: 'renewable_energy' as const,
  },
  {
    name: 'Mata Atlântica Reforestation',
    description: 'Native species planted on degraded pasture',
    location: 'Brazil',
    projectType: 'forestry' as const,
  },
];

describe('filterProjects (spec §5 marketplace search)', () => {
  test('matches the name case-insensitively', () => {
    expect(filterProjects(projects, 'andes WIND', 'all').map((p) => p.name)).toEqual(['Andes Wind Farm']);
  });

  test('matches the description and the location', () => {
    expect(filterProjects(projects, 'PEATLAND', 'all')).toHaveLength(1);
    expect(filterProjects(projects, 'brazil', 'all').map((p) => p.name)).toEqual([
      'Mata Atlântica Reforestation',
    ]);
  });

  test('an empty or blank search keeps every project', () => {
    expect(filterProjects(projects, '', 'all')).toHaveLength(3);
    expect(filterProjects(projects, '   ', 'all')).toHaveLength(3);
  });

  test('the type filter keeps only that exact type', () => {
    expect(filterProjects(projects, '', 'forestry').map((p) => p.projectType)).toEqual(['forestry']);
    expect(filterProjects(projects, '', 'direct_air_capture')).toEqual([]);
  });

  test('search and type combine', () => {
    expect(filterProjects(projects, 'chile', 'forestry')).toEqual([]);
    expect(filterProjects(projects, 'chile', 'renewable_energy')).toHaveLength(1);
  });
});

describe('purchase quantity (spec §4, §5)', () => {
  test('non-numeric input becomes 1', () => {
    expect(parseQuantity('')).toBe(1);
    expect(parseQuantity('abc')).toBe(1);
    expect(parseQuantity('3x')).toBe(1);
    expect(parseQuantity('e')).toBe(1);
  });

  test('numbers are kept as whole numbers, zero and negatives included', () => {
    expect(parseQuantity('3')).toBe(3);
    expect(parseQuantity(' 12 ')).toBe(12);
    expect(parseQuantity('2.9')).toBe(2);
    expect(parseQuantity('0')).toBe(0);
    expect(parseQuantity('-4')).toBe(-4);
  });

  test('the dialog opens on 1, or on the available credits when lower', () => {
    expect(initialQuantity(500)).toBe(1);
    expect(initialQuantity(1)).toBe(1);
    expect(initialQuantity(0)).toBe(0);
  });

  test('confirm is disabled for a quantity of 0 or less, or while a purchase is pending', () => {
    expect(canConfirmPurchase(1, false)).toBe(true);
    expect(canConfirmPurchase(0, false)).toBe(false);
    expect(canConfirmPurchase(-2, false)).toBe(false);
    expect(canConfirmPurchase(5, true)).toBe(false);
  });
});

describe('money (spec §5, §9)', () => {
  test('prices as decimal text become whole cents', () => {
    expect(priceToCents('18.50')).toBe(1850);
    expect(priceToCents('7')).toBe(700);
    expect(priceToCents('0.5')).toBe(50);
    expect(priceToCents('abc')).toBeNull();
    expect(priceToCents('-1.00')).toBeNull();
  });

  test('total = price × quantity without floating-point drift', () => {
    expect(totalCents('18.10', 3)).toBe(5430);
    expect(formatCents(totalCents('18.10', 3)!)).toBe('$54.30');
    expect(totalCents('12.00', 0)).toBe(0);
    expect(totalCents('n/a', 2)).toBeNull();
  });

  test('prices show in dollars with two decimals per tonne CO2e', () => {
    expect(formatPricePerTonne('18.5')).toBe('$18.50 per tCO2e');
    expect(formatPricePerTonne(24.456)).toBe('$24.46 per tCO2e');
    expect(formatPrice('1250')).toBe('$1,250.00');
  });
});

describe('co-benefit badges (spec §9)', () => {
  test('at most three badges, then +N more', () => {
    expect(cobenefitBadges(['a', 'b', 'c', 'd', 'e'])).toEqual({
      shown: ['a', 'b', 'c'],
      moreLabel: '+2 more',
    });
  });

  test('three or fewer show all, with no more label', () => {
    expect(cobenefitBadges(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b', 'c'], moreLabel: null });
    expect(cobenefitBadges([])).toEqual({ shown: [], moreLabel: null });
  });
});

describe('labels', () => {
  test('project types are humanised for the filter buttons', () => {
    expect(humanizeType('direct_air_capture')).toBe('Direct Air Capture');
    expect(typeFilterOptions().map((option) => option.label)).toEqual([
      'All',
      'Forestry',
      'Renewable Energy',
      'Methane Capture',
      'Direct Air Capture',
      'Blue Carbon',
    ]);
  });

  test('a sync result says what changed', () => {
    const result: SyncResult = {
      source: 'bundled catalogue',
      added: ['x', 'y'],
      updated: ['z'],
      unchanged: 0,
      rejected: [],
      heldBack: [],
    };
    expect(describeSyncResult(result)).toBe('2 added, 1 updated');
    expect(describeSyncResult({ ...result, unchanged: 4 })).toBe('2 added, 1 updated, 4 unchanged');
    expect(describeSyncResult({ ...result, added: [], updated: [], unchanged: 6 })).toBe(
      'No changes: 6 projects are up to date',
    );
    expect(
      describeSyncResult({
        ...result,
        added: [],
        updated: [],
        rejected: [{ record: 2, id: null, message: 'bad price' }],
        heldBack: [{ id: 'q', message: 'orders in flight' }],
      }),
    ).toBe('1 rejected, 1 held back');
  });

  test('permanence notes are cut to their first sentence', () => {
    expect(shortNote('Stored in rock for 10,000 years. Monitored yearly.')).toBe(
      'Stored in rock for 10,000 years.',
    );
    expect(shortNote('x'.repeat(200), 20)).toHaveLength(20);
  });
});
