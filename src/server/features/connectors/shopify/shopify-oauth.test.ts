import { describe, expect, test } from 'bun:test';
import { isShopDomain, shopDomainFromName, shopifyHmacMessage, verifyShopifyHmac } from './shopify-oauth.ts';

// The worked example of Shopify's OAuth guide (secret "hush"), as quoted by client libraries.
const SIGNED: [string, string][] = [
  ['code', '0907a61c0c8d55e99db179b68161bc00'],
  ['hmac', '700e2dadb827fcc8609e9d5ce208b2e9cdaab9df07390d2cbca10d7c328fc4bf'],
  ['shop', 'some-shop.myshopify.com'],
  ['state', '0.6784241404160823'],
  ['timestamp', '1337178173'],
];

describe('Shopify hmac', () => {
  test("verifies Shopify's documented example and refuses any change", async () => {
    expect(await verifyShopifyHmac('hush', SIGNED)).toBe(true);
    expect(await verifyShopifyHmac('hush!', SIGNED)).toBe(false);
    const edited = SIGNED.map(
      ([key, value]) => [key, key === 'shop' ? 'evil.myshopify.com' : value] as [string, string],
    );
    expect(await verifyShopifyHmac('hush', edited)).toBe(false);
    expect(
      await verifyShopifyHmac(
        'hush',
        SIGNED.filter(([key]) => key !== 'hmac'),
      ),
    ).toBe(false);
    expect(
      await verifyShopifyHmac('hush', [...SIGNED.slice(0, 1), ['hmac', 'not-hex'], ...SIGNED.slice(2)]),
    ).toBe(false);
  });

  test('signs the sorted, URL-encoded parameters without hmac, a space as %20 as Shopify’s library does', () => {
    expect(
      shopifyHmacMessage([
        ['timestamp', '1'],
        ['host', 'YWI='],
        ['hmac', 'x'],
        ['code', 'a b+c'],
      ]),
    ).toBe('code=a%20b%2Bc&host=YWI%3D&timestamp=1');
  });

  test('verifies a signature made over %20, refuses one made over +', async () => {
    const { createHmac } = await import('node:crypto');
    const params: [string, string][] = [
      ['shop', 'some-shop.myshopify.com'],
      ['state', 'a b'],
      ['timestamp', '1337178173'],
    ];
    const sign = (message: string) => createHmac('sha256', 'hush').update(message).digest('hex');
    const spaced = 'shop=some-shop.myshopify.com&state=a%20b&timestamp=1337178173';
    expect(await verifyShopifyHmac('hush', [...params, ['hmac', sign(spaced)]])).toBe(true);
    expect(await verifyShopifyHmac('hush', [...params, ['hmac', sign(spaced.replace('%20', '+'))]])).toBe(
      false,
    );
  });
});

describe('shop names', () => {
  test('only a bare store name becomes a myshopify.com host', () => {
    expect(shopDomainFromName('acme-outdoor')).toBe('acme-outdoor.myshopify.com');
    for (const name of [
      '',
      'Acme',
      'acme.myshopify.com',
      'evil.com/x',
      '-acme',
      'a_b',
      'acme ',
      'x'.repeat(61),
    ]) {
      expect(shopDomainFromName(name)).toBeNull();
    }
    expect(isShopDomain('acme.myshopify.com')).toBe(true);
    expect(isShopDomain('acme.myshopify.com.evil.com')).toBe(false);
    expect(isShopDomain('evil.com#.myshopify.com')).toBe(false);
  });
});
