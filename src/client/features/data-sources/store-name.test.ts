import { describe, expect, test } from 'bun:test';
import { normalizeStoreName, STORE_NAME_MESSAGE, storeNameCheck } from './store-name';

describe('Shopify store name (spec §5: without .myshopify.com)', () => {
  test('keeps a store name and tidies what people paste', () => {
    expect(normalizeStoreName('acme-outdoor')).toBe('acme-outdoor');
    expect(normalizeStoreName('  Acme-Outdoor ')).toBe('acme-outdoor');
    expect(normalizeStoreName('acme-outdoor.myshopify.com')).toBe('acme-outdoor');
    expect(normalizeStoreName('https://acme-outdoor.myshopify.com/admin')).toBe('acme-outdoor');
  });

  test('refuses anything that is not a store name', () => {
    for (const input of [
      '',
      '   ',
      'acme outdoor',
      'acme_outdoor',
      '-acme',
      'shop.example.com',
      'x'.repeat(61),
    ]) {
      expect(normalizeStoreName(input)).toBeNull();
    }
  });

  test("the prompt's check sends the tidied name, or says why on the field", () => {
    expect(storeNameCheck({ store: ' https://Acme-Outdoor.myshopify.com/ ' })).toEqual({
      ok: true,
      payload: { store: 'acme-outdoor' },
    });
    expect(storeNameCheck({ store: 'acme outdoor' })).toEqual({
      ok: false,
      errors: { store: STORE_NAME_MESSAGE },
    });
  });
});
