import { describe, expect, test } from 'bun:test';
import { bundledProjects } from '../../../../db/reference/marketplace/seed.ts';
import {
  catalogueFields,
  centsToDollars,
  changedFields,
  dollarsToCents,
  FeedRecordSchema,
  feedRecords,
} from './catalogue.ts';
import { printable } from './certificate.ts';
import { serialNumber } from './service.ts';
import { validateFeed } from './sync.ts';

const valid = {
  id: 'x-1',
  name: 'Example',
  description: 'Example project',
  location: 'Somewhere',
  projectType: 'forestry',
  vintageYear: 2023,
  verificationStandard: 'VCS',
  registry: 'Verra VCS',
  registryProjectId: 'X-1',
  methodology: 'VM0047',
  climateEffect: 'removal',
  permanenceNotes: 'Buffer pool',
  availableCredits: 10,
  pricePerTon: '18.50',
};

describe('money', () => {
  test('converts dollars to cents exactly and back with two decimals', () => {
    expect(dollarsToCents('18.5')).toBe(1850);
    expect(dollarsToCents('0.07')).toBe(7);
    expect(dollarsToCents('680')).toBe(68000);
    expect(centsToDollars(1850)).toBe('18.50');
    expect(centsToDollars(7)).toBe('0.07');
    expect(centsToDollars(0)).toBe('0.00');
    expect(centsToDollars(892500)).toBe('8925.00');
  });
});

describe('feed records', () => {
  test('accept a price as text or number and fill the optional fields', () => {
    const parsed = FeedRecordSchema.parse({ ...valid, pricePerTon: 12.5 });
    expect(parsed.pricePerTon).toBe(1250);
    expect(parsed).toMatchObject({
      cobenefits: [],
      imageUrl: null,
      certificationUrl: null,
      illustrative: false,
    });
  });

  test.each([
    [{ pricePerTon: '12.345' }, 'pricePerTon'],
    [{ pricePerTon: '-1' }, 'pricePerTon'],
    [{ availableCredits: 1.5 }, 'availableCredits'],
    [{ projectType: 'coal' }, 'projectType'],
    [{ id: 'has space' }, 'id'],
    [{ certificationUrl: 'javascript:alert(1)' }, 'certificationUrl'],
    [{ imageUrl: 'ftp://x/y.png' }, 'imageUrl'],
  ])('refuse %j', (change, field) => {
    const result = FeedRecordSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe(field);
  });

  test('a feed is an array or an object with projects', () => {
    expect(feedRecords([1])).toEqual([1]);
    expect(feedRecords({ projects: [2] })).toEqual([2]);
    expect(feedRecords({ items: [] })).toBeNull();
    expect(feedRecords('text')).toBeNull();
  });

  test('two records may not share a registry project id and vintage (serial numbers would clash)', () => {
    const { records, rejected } = validateFeed([valid, { ...valid, id: 'x-2' }]);
    expect(records.map((r) => r.record.id)).toEqual(['x-1']);
    expect(rejected).toEqual([
      { record: 1, id: 'x-2', message: 'registryProjectId X-1 with vintage 2023 is already used by x-1' },
    ]);
  });

  test('changedFields names only what differs', () => {
    const record = FeedRecordSchema.parse(valid);
    const stored = catalogueFields(record);
    expect(changedFields(stored, record)).toEqual([]);
    expect(changedFields(stored, { ...record, pricePerTon: 1900, cobenefits: ['Water'] })).toEqual([
      'cobenefits',
      'priceCents',
    ]);
  });

  test('the bundled catalogue is valid, illustrative and covers all five project types', () => {
    const projects = bundledProjects();
    expect(projects).toHaveLength(10);
    expect(projects.every((p) => p.illustrative && p.registryProjectId.startsWith('ILLUSTRATIVE-'))).toBe(
      true,
    );
    expect(new Set(projects.map((p) => p.projectType)).size).toBe(5);
  });
});

describe('certificate text', () => {
  test('serial numbers pad to six digits', () => {
    expect(serialNumber('ILLUSTRATIVE-VCS-001', 2023, 42)).toBe('ILLUSTRATIVE-VCS-001-2023-000042');
  });

  test('folds accents and replaces what the standard fonts cannot encode', () => {
    expect(printable('Zoë Café — 東京')).toBe('Zoe Cafe ? ??');
  });
});
