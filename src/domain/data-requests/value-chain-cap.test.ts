import { describe, expect, test } from 'bun:test';
import { VALUE_CHAIN_CAP } from '../esg/rule-packs/value-chain-cap.ts';
import { requestItems, storedQuestions, templateDefinition } from './templates.ts';
import { declineDraft, isBeyondCap, valueChainCap } from './value-chain-cap.ts';

describe('the VSME value-chain cap', () => {
  test('lives in the dated rule pack with its source: Directive (EU) 2026/470, 1,000 employees', () => {
    expect(VALUE_CHAIN_CAP).toMatchObject({ rule: 'Directive (EU) 2026/470', maxEmployees: 1000 });
    expect(VALUE_CHAIN_CAP.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(VALUE_CHAIN_CAP.sources.length).toBeGreaterThan(0);
  });

  test('applies at 1,000 employees or fewer, not above, and says so when employees are unknown', () => {
    expect(valueChainCap(1000).applies).toBe(true);
    expect(valueChainCap(1001).applies).toBe(false);
    const unknown = valueChainCap(null);
    expect(unknown.applies).toBe(false);
    expect(unknown.reason).toContain('Record your number of employees');
  });

  test('marks only items outside the VSME, and only where the cap applies', () => {
    const bank = templateDefinition('bank').items;
    const within = valueChainCap(12);
    expect(bank.filter((item) => isBeyondCap(item, within)).map((item) => item.key)).toEqual([
      'pcaf_data_quality',
    ]);
    expect(bank.some((item) => isBeyondCap(item, valueChainCap(5000)))).toBe(false);
    expect(templateDefinition('vsme_basic').items.some((item) => isBeyondCap(item, within))).toBe(false);
  });

  test('never calls a question it does not know beyond the cap', () => {
    const [unknown, known] = requestItems(
      'custom',
      storedQuestions([
        { question: 'Favourite colour?' },
        { question: 'Scope 1?', key: 'scope_1_emissions' },
      ]),
    );
    expect(isBeyondCap(unknown!, valueChainCap(12))).toBe(false);
    expect(known).toMatchObject({
      key: 'scope_1_emissions',
      isVsmeDatapoint: true,
      concepts: ['GrossScope1GreenhouseGasEmissions'],
    });
  });

  test('drafts a polite decline that cites the rule and lists the items', () => {
    const draft = declineDraft({
      companyName: 'Bakery A',
      requesterName: 'Acme',
      period: '2025',
      items: [{ key: 'internal_carbon_price', question: 'Internal carbon price?' }],
    });
    expect(draft.body).toContain('Directive (EU) 2026/470');
    expect(draft.body).toContain('- Internal carbon price?');
    expect(draft.body).toContain('Bakery A');
    expect(draft.keys).toEqual(['internal_carbon_price']);
  });
});
