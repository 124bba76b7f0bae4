import { describe, expect, test } from 'bun:test';
import { buildOpenApiDocument } from './document.ts';
import { outlineSchema, typeLabel } from './outline.ts';

describe('schema outline for the /developers page', () => {
  test('names types in words and links referenced schemas', () => {
    expect(typeLabel({ type: ['string', 'null'] }).text).toBe('string or null');
    expect(typeLabel({ type: 'array', items: { $ref: '#/components/schemas/Site' } })).toEqual({
      text: 'array of Site',
      refs: ['Site'],
    });
    expect(typeLabel({ type: 'string', enum: ['pdf', 'csv'] }).text).toBe('one of "pdf", "csv"');
  });

  test('flattens nested objects and arrays of objects with required flags and constraints', () => {
    const rows = outlineSchema({
      type: 'object',
      required: ['items'],
      properties: {
        items: {
          type: 'array',
          items: { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1 } } },
        },
        total: { type: 'number', description: 'How many' },
      },
    });
    expect(rows.map((row) => [row.path, row.depth, row.required, row.notes])).toEqual([
      ['items', 0, true, []],
      ['items[].id', 1, true, ['min length 1']],
      ['total', 0, false, []],
    ]);
    expect(rows[2]!.description).toBe('How many');
  });

  test('outlines every published schema of the real document', () => {
    const { components } = buildOpenApiDocument();
    expect(outlineSchema(components.schemas.Site!).map((row) => row.path)).toEqual([
      'id',
      'name',
      'country',
      'region',
      'postcode',
    ]);
    expect(
      outlineSchema(components.schemas.KpiMetrics!).some((row) => row.path === 'carbon.total.value'),
    ).toBe(true);
  });
});
