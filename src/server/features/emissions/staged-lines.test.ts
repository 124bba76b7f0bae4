import { describe, expect, test } from 'bun:test';
import { newLine } from '../../../../tests/helpers/new-line.ts';
import { LINE_FIELDS } from './line-payloads.ts';
import {
  STAGED_TABLES_DDL,
  type StagedValue,
  stagedLine,
  stagedLineSql,
  stagedOrigin,
} from './staged-lines.ts';

const column = (field: (typeof LINE_FIELDS)[number]) => `c${LINE_FIELDS.indexOf(field)}`;

describe('stagedLine', () => {
  test('binds only the values that are not null, in LINE_FIELDS order, booleans as 1/0', () => {
    const values: StagedValue[] = ['left over'];
    const line = newLine({ radiativeForcing: false, kgScope1: Number.POSITIVE_INFINITY });
    const shape = stagedLine(line, values);
    const present = LINE_FIELDS.filter((field) => {
      const value = line[field];
      return value !== null && !(typeof value === 'number' && !Number.isFinite(value));
    });
    expect(values).toHaveLength(present.length);
    expect(values).not.toContain('left over');
    expect(values[present.indexOf('radiativeForcing')]).toBe(0);
    expect(values[present.indexOf('quantity')]).toBe(0.1 + 0.2);
    expect(values).not.toContain(Number.POSITIVE_INFINITY);
    expect(stagedLineSql(shape)).toBe(
      `INSERT INTO staged_lines (${present.map(column).join(', ')}) VALUES (${present.map(() => '?').join(', ')})`,
    );
  });

  test('lines with the same fields set share a shape; another set, another shape', () => {
    const values: StagedValue[] = [];
    const a = stagedLine(newLine({ reference: 'A' }), values);
    const b = stagedLine(newLine({ reference: 'B', quantity: 7 }), values);
    const c = stagedLine(newLine({ reference: null }), values);
    expect(a).toBe(b);
    expect(c).not.toBe(a);
    expect(stagedLineSql(c)).not.toContain(column('reference'));
    expect(stagedLineSql(a)).toContain(column('reference'));
  });
});

describe('staged tables', () => {
  test('one column per line field, an index on the date, and one origin column per shared value', () => {
    const [lines, index, origin] = STAGED_TABLES_DDL;
    expect(lines).toBe(`CREATE TABLE staged_lines (${LINE_FIELDS.map((_, i) => `c${i}`).join(', ')})`);
    expect(index).toBe(`CREATE INDEX staged_lines_date ON staged_lines (${column('date')})`);
    const values = stagedOrigin({
      companyId: 'company',
      source: 'csv',
      dataSourceId: null,
      importId: 'import',
      createdBy: null,
      createdAt: new Date(1_000),
    });
    expect(values.values).toEqual(['company', 'csv', null, 'import', null, 1_000, 1_000, 1_000]);
    expect(origin).toBe('CREATE TABLE staged_origin (o0, o1, o2, o3, o4, o5, o6, o7)');
  });
});
