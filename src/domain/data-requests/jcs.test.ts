import { describe, expect, test } from 'bun:test';
import { CanonicalJsonError, canonicalJson } from './jcs.ts';
import { buildPack, importPublicJwk, signPack, verifyPack } from './pack.ts';

describe('JCS (RFC 8785)', () => {
  test('sorts keys by UTF-16 code units at every depth, without whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: null, y: true }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[3,{"y":true,"z":null}]},"b":1}',
    );
    // RFC 8785 §3.2.3: "\u20ac" (€) sorts after "\r" and before the surrogate pair of 😀.
    expect(canonicalJson({ '😀': 1, '€': 2, '\r': 3 })).toBe('{"\\r":3,"€":2,"😀":1}');
  });

  test('writes numbers as ECMAScript does (RFC 8785 appendix B samples)', () => {
    expect(canonicalJson([1e21, 1e-7, 0.000001, -0, 333333333.3333333, 4.5, 2e-3])).toBe(
      '[1e+21,1e-7,0.000001,0,333333333.3333333,4.5,0.002]',
    );
  });

  test('refuses what JSON cannot hold rather than changing it', () => {
    expect(() => canonicalJson({ a: Number.NaN })).toThrow(CanonicalJsonError);
    expect(() => canonicalJson({ a: '\uD800' })).toThrow(CanonicalJsonError);
    expect(() => canonicalJson({ a: () => 1 })).toThrow(CanonicalJsonError);
  });
});

describe('pack signature (Ed25519 over the JCS bytes)', () => {
  const pack = buildPack({
    company: { name: 'Bakery A', lei: null, country: 'GB' },
    requester: { name: 'Acme', type: 'customer' },
    template: 'bank',
    period: '2025',
    version: 1,
    generatedAt: '2026-03-15T10:00:00.000Z',
    answers: [
      {
        key: 'scope_1_emissions',
        question: 'Scope 1',
        disclosure: 'B3',
        concept: 'GrossScope1GreenhouseGasEmissions',
        value: 12.34,
        display: '12.34 tCO2e',
        unit: 'tCO2e',
        period: { start: '2025-01-01', end: '2025-12-31' },
        status: 'answered',
        sources: [{ kind: 'ledger', label: 'Activity ledger' }],
        isBeyondCap: false,
        missing: null,
        edit: null,
      },
    ],
  });

  test('verifies with the public JWK, whatever the key order of the parsed pack', async () => {
    const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
      'sign',
      'verify',
    ])) as CryptoKeyPair;
    const jwk = (await crypto.subtle.exportKey('jwk', pair.publicKey)) as {
      kty: string;
      crv: string;
      x: string;
    };
    const signature = await signPack(pair.privateKey, pack);
    expect(signature).toMatch(/^[A-Za-z0-9_-]{86}$/);
    const key = await importPublicJwk(jwk);
    const reordered = JSON.parse(JSON.stringify(Object.fromEntries(Object.entries(pack).reverse())));
    expect(await verifyPack(key, reordered, signature)).toBe(true);
  });

  test('fails for a tampered value, another key, or a damaged signature', async () => {
    const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
      'sign',
      'verify',
    ])) as CryptoKeyPair;
    const other = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
      'sign',
      'verify',
    ])) as CryptoKeyPair;
    const signature = await signPack(pair.privateKey, pack);
    const tampered = structuredClone(pack);
    tampered.facts[0]!.value = 12.35;
    expect(await verifyPack(pair.publicKey, tampered, signature)).toBe(false);
    expect(await verifyPack(other.publicKey, pack, signature)).toBe(false);
    // One character changed, always to another one: "…AA" over the last two was the signature
    // itself whenever the random key made them "AA" (about 1 run in 256).
    const damaged = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    expect(damaged).not.toBe(signature);
    expect(await verifyPack(pair.publicKey, pack, damaged)).toBe(false);
    expect(await verifyPack(pair.publicKey, pack, '!!')).toBe(false);
  });
});
