// The committed factor datasets (db/reference/factors/datasets/, reference-rates.ts) are exactly what
// scripts/build-factor-datasets.ts derives from the publishers' files in ../shared, so the copy
// can never drift. A checkout without ../shared (a fresh machine) skips the comparison only.
import { describe, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  deriveFactorDatasets,
  REPO_DIR,
  SHARED_DATASETS_DIR,
} from '../../../scripts/build-factor-datasets.ts';
import { DATASET_SOURCES, licenceAttributions } from './dataset-sources.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const shared = existsSync(join(SHARED_DATASETS_DIR, 'PROVENANCE.md'));

describe('factor datasets', () => {
  test.skipIf(!shared)('each committed file has the sha256 of what the script derives from ../shared', () => {
    const derived = deriveFactorDatasets();
    expect(derived.size).toBe(9);
    for (const [path, content] of derived) {
      const committed = readFileSync(join(REPO_DIR, path), 'utf8');
      expect({ path, sha256: sha256(committed) }).toEqual({ path, sha256: sha256(content) });
    }
  });

  test.skipIf(!shared)('the copies of unchanged files equal the publishers files byte for byte', () => {
    const same = [
      ['defra-sic-multipliers-2022.csv', 'defra-uk-carbon-footprint-sic-multipliers-2022.csv'],
      ['bls-cpi-u-annual.csv', 'bls-cpi-u-us-city-average-annual-2015-2025.csv'],
    ];
    for (const [ours, theirs] of same) {
      expect(sha256(readFileSync(join(REPO_DIR, 'db/reference/factors/datasets', ours!), 'utf8'))).toBe(
        sha256(readFileSync(join(SHARED_DATASETS_DIR, theirs!), 'utf8')),
      );
    }
  });

  test.skipIf(!shared)('the ECB annual means agree with the 11 currencies PROVENANCE.md derived', () => {
    const ours = new Map(
      readFileSync(join(REPO_DIR, 'db/reference/factors/datasets/ecb-annual-averages.csv'), 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((row) => row.split(','))
        .map(([year, currency, days, mean]) => [`${year},${currency}`, `${days},${mean}`]),
    );
    const theirs = readFileSync(
      join(SHARED_DATASETS_DIR, 'ecb-eur-reference-rates-annual-avg-2015-2025.csv'),
      'utf8',
    )
      .trim()
      .split('\n')
      .slice(1);
    expect(theirs.length).toBe(121);
    for (const row of theirs) {
      const [year, currency, days, , mean] = row.split(',');
      expect(ours.get(`${year},${currency}`)).toBe(`${days},${mean}`);
    }
  });

  test('the DESNZ files keep the publisher IDs and the headline values PROVENANCE.md checks', () => {
    const row = (year: number, id: string) =>
      readFileSync(join(REPO_DIR, `db/reference/factors/datasets/desnz-${year}.csv`), 'utf8')
        .split('\n')
        .find((line) => line.startsWith(`${id},`))
        ?.split(',')[8];
    expect(row(2025, '1_100_1004_6_1')).toBe('0.18296');
    expect(row(2025, '7_400_4000_5_1')).toBe('0.17700');
    expect(row(2025, '1_101_1011_8_1')).toBe('2.57082');
    expect(row(2024, '7_400_4000_5_1')).toBe('0.20705');
    expect(row(2026, '7_400_4000_5_1')).toBe('0.13096');
    expect(row(2026, '1_100_1004_6_1')).toBe('0.18231');
  });

  test('every source the product cites is a publisher with a licence and attribution, never a carrier', () => {
    for (const source of Object.values(DATASET_SOURCES)) {
      expect(source.publisher).not.toBe('');
      expect(source.attribution).not.toBe('');
      expect(JSON.stringify(source)).not.toMatch(/github|read from repo/i);
    }
    expect(DATASET_SOURCES.desnz2025.attribution).toBe(
      'Contains public sector information licensed under the Open Government Licence v3.0. Source: Department for Energy Security and Net Zero, Greenhouse gas reporting: conversion factors 2025.',
    );
  });
});

describe('licence attributions', () => {
  test('the Open Government Licence statement of each DESNZ or Defra set used, once each', () => {
    expect(licenceAttributions(['DESNZ 2025', 'Defra SIC 2022', 'DESNZ 2025', 'eGRID2023'])).toEqual([
      'Contains public sector information licensed under the Open Government Licence v3.0. Source: Department for Energy Security and Net Zero, Greenhouse gas reporting: conversion factors 2025.',
      "Contains public sector information licensed under the Open Government Licence v3.0. Source: Defra, UK's carbon footprint (GHG and CO2 multipliers by SIC code, 2022).",
    ]);
    expect(licenceAttributions([])).toEqual([]);
  });
});
