import { describe, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { FactorCsvError, parseCsvRecords, parseFactorCsv } from './factor-csv.ts';
import { createFactorLibrary, deriveDesnz2024, loadFactorLibrary } from './factor-library.ts';

const seedUrl = new URL('../../../db/reference/factors/emission-factors.csv', import.meta.url);
const csv = await Bun.file(seedUrl).text();
const header = csv.slice(0, csv.indexOf('\n') + 1);
const row = (id: string) => csv.split('\n').find((line) => line.startsWith(`${id},`))!;

describe('the seed CSV', () => {
  const shared = new URL('../../../../shared/reference/emission-factors.csv', import.meta.url);
  test.skipIf(!existsSync(shared))(
    'is a byte-for-byte copy of shared/reference/emission-factors.csv',
    async () => {
      expect(await Bun.file(seedUrl).bytes()).toEqual(await Bun.file(shared).bytes());
    },
  );

  test('parses into 233 validated factors with unique ids', () => {
    const factors = parseFactorCsv(csv);
    expect(factors).toHaveLength(233);
    expect(new Set(factors.map((f) => f.id)).size).toBe(233);
  });

  test('maps columns, scopes, regions, datasets and GWP bases', () => {
    const byId = new Map(parseFactorCsv(csv).map((f) => [f.id, f]));
    const gas = byId.get('uk25-ng-kwh-gross')!;
    expect(gas).toMatchObject({
      dataset: 'DESNZ 2025',
      datasetYear: 2025,
      region: 'GB',
      activityKey: 'natural_gas',
      unit: 'kWh',
      calorificBasis: 'gross',
      kgCO2ePerUnit: 0.18296,
      gases: { co2: 0.18259, ch4: 0.00028, n2o: 0.00009 },
      gwpBasis: 'AR5',
      scope: 'scope_1',
      scope3Category: null,
    });
    expect(byId.get('us25-egrid-camx')).toMatchObject({
      dataset: 'eGRID2023 (EPA Hub 2025)',
      region: 'US-CAMX',
    });
    expect(byId.get('us25-ng-therm')).toMatchObject({
      dataset: 'EPA GHG Emission Factors Hub 2025',
      unit: 'therm',
    });
    expect(byId.get('ember24-grid-deu')).toMatchObject({
      dataset: 'Ember 2024',
      region: 'DE',
      gwpBasis: 'lifecycle',
    });
    expect(byId.get('ember24-grid-eu')?.region).toBe('EU');
    expect(byId.get('useeio13-541611')).toMatchObject({
      dataset: 'USEEIO v1.3',
      unit: 'usd',
      scope3Category: 1,
    });
    expect(byId.get('us25-waste-food-landfill')).toMatchObject({ gwpBasis: 'AR4', unit: 'short_ton' });
    expect(byId.get('uk25-hotel-uk-london')?.region).toBe('GB-LONDON');
    expect(byId.get('uk25-air-lh-eco-rf')).toMatchObject({
      region: 'INTL',
      radiativeForcing: true,
      scope3Category: 6,
    });
    expect(byId.get('uk25-air-lh-eco-norf')?.radiativeForcing).toBe(false);
    expect(byId.get('uk25-freight-hgv-avg-tkm')?.scope3Category).toBe(4);
    expect(byId.get('uk25-oos-diesel-l')).toMatchObject({
      scope: 'outside_scopes',
      gases: { co2: 0.14, ch4: 0, n2o: 0 },
    });
    expect(byId.get('uk26-elec-grid')).toMatchObject({ dataset: 'DESNZ 2026', datasetYear: 2026 });
  });
});

describe('parseFactorCsv errors', () => {
  test('lists every bad row with its line and id', () => {
    const bad = [
      header.trimEnd(),
      row('uk25-lpg-l').replace(',1.55713,', ',abc,'),
      row('uk25-elec-grid').replace(',UK,2025,', ',Atlantis,2025,'),
      row('uk25-petrol-l').replace(',litre,', ',furlong,'),
      row('uk25-lpg-l'),
      row('uk25-lpg-l'),
      row('uk25-gasoil-l').replace('uk25-gasoil-l', 'uk25-unmapped'),
    ].join('\n');
    try {
      parseFactorCsv(bad);
      throw new Error('expected an error');
    } catch (error) {
      expect(error).toBeInstanceOf(FactorCsvError);
      const problems = (error as FactorCsvError).problems;
      expect(problems.map((p) => [p.line, p.id])).toEqual([
        [2, 'uk25-lpg-l'],
        [3, 'uk25-elec-grid'],
        [4, 'uk25-petrol-l'],
        [6, 'uk25-lpg-l'],
        [7, 'uk25-unmapped'],
      ]);
      expect(problems[0]!.message).toContain('not a non-negative number');
      expect(problems[1]!.message).toContain('unknown region');
      expect(problems[2]!.message).toContain('unknown unit');
      expect(problems[3]!.message).toBe('duplicate id');
      expect(problems[4]!.message).toContain('no activity key');
      expect((error as Error).message).toContain('line 3 (uk25-elec-grid)');
    }
  });

  test('rejects a gas split that does not add up, a wrong header, a short row and a bad scope', () => {
    const split = `${header}${row('uk25-lpg-l').replace(',1.55491,', ',1.45491,')}\n`;
    expect(() => parseFactorCsv(split)).toThrow(/does not add up/);
    expect(() => parseFactorCsv(`id,scope\n${row('uk25-lpg-l')}`)).toThrow(/header must be/);
    expect(() => parseFactorCsv(`${header}uk25-lpg-l,Scope 1\n`)).toThrow(/expected 14 fields/);
    expect(() => parseFactorCsv(`${header}${row('uk25-lpg-l').replace('Scope 1', 'Scope 9')}\n`)).toThrow(
      /unknown scope/,
    );
    expect(() => parseFactorCsv(`${header}${row('uk25-elec-td').replace('Cat 3 ', 'Category ')}\n`)).toThrow(
      /Scope 3 row without/,
    );
  });

  test('reads RFC 4180 quoting: escaped quotes, commas and line breaks inside quotes, CRLF', () => {
    const records = parseCsvRecords('a,"b ""q"", c","line\r\nbreak"\r\nx,,z\r\n');
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b "q", c', 'line\r\nbreak'] },
      { line: 3, fields: ['x', '', 'z'] },
    ]);
    expect(() => parseCsvRecords('a,"open\n')).toThrow(/unclosed quote/);
    expect(() => parseCsvRecords('a,b"c\n')).toThrow(/quote inside an unquoted field/);
    expect(() => parseCsvRecords('a,"b"c\n')).toThrow(/text after a closing quote/);
  });
});

describe('createFactorLibrary', () => {
  const library = loadFactorLibrary(csv);

  test('adds a DESNZ 2024 version of each DESNZ 2025 row whose notes give a 2024 value', () => {
    expect(library.factors).toHaveLength(233 + 113);
    expect(library.byId.get('uk24-elec-grid')).toMatchObject({
      dataset: 'DESNZ 2024',
      datasetYear: 2024,
      kgCO2ePerUnit: 0.20705,
      gases: null,
      activityKey: 'electricity_grid',
      region: 'GB',
    });
    expect(library.byId.get('uk24-oos-diesel-l')?.kgCO2ePerUnit).toBe(0.16);
    expect(library.byId.get('uk24-ref-r410a')?.kgCO2ePerUnit).toBe(1924);
    expect(library.byId.get('uk24-elec-grid')?.notes).toContain('uk25-elec-grid');
    expect(library.byId.get('uk25-elec-grid')?.kgCO2ePerUnit).toBe(0.177);
  });

  test('does not derive from other datasets or without the note', () => {
    const factors = parseFactorCsv(csv);
    expect(deriveDesnz2024(factors.find((f) => f.id === 'uk26-elec-grid')!)).toBeUndefined();
    expect(deriveDesnz2024(factors.find((f) => f.id === 'us25-egrid-camx')!)).toBeUndefined();
    const plain = createFactorLibrary(factors, { deriveDesnz2024: false });
    expect(plain.factors).toHaveLength(233);
  });

  test('indexes by activity key and region, and refuses duplicate ids', () => {
    expect(
      library.byActivity
        .get('electricity_grid')
        ?.get('US-CAMX')
        ?.map((f) => f.id),
    ).toEqual(['us25-egrid-camx']);
    expect(
      library.byActivity
        .get('electricity_grid')
        ?.get('GB')
        ?.map((f) => f.id),
    ).toEqual(['uk25-elec-grid', 'uk24-elec-grid', 'uk26-elec-grid', 'ember24-grid-gbr']);
    const factors = parseFactorCsv(csv);
    expect(() => createFactorLibrary([...factors, factors[0]!])).toThrow(FactorCsvError);
  });

  test('gives each factor its intrinsic flags', () => {
    const flags = (id: string) => library.intrinsicFlags(library.byId.get(id)!);
    expect(flags('uk26-elec-grid')).toEqual(['secondary_source']);
    expect(flags('ember24-grid-fra')).toEqual(['lifecycle_basis']);
    expect(flags('us25-waste-msw-landfill')).toEqual(['gwp_basis_ar4']);
    expect(flags('us25-diesel-mobile-gal')).toEqual(['co2_only']);
    expect(flags('us25-gasoline-car-my2022-ch4n2o')).toEqual(['ch4_n2o_only']);
    expect(flags('uk25-freight-air-lh-rf-tkm')).toEqual(['radiative_forcing_included']);
    expect(flags('us25-bt-air-long-pmile')).toEqual(['radiative_forcing_excluded']);
    expect(flags('uk25-oos-petrol-l')).toEqual(['outside_scopes_memo']);
    expect(flags('uk25-elec-grid')).toEqual([]);
  });
});
