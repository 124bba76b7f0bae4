import { describe, expect, test } from 'bun:test';
import {
  APPLICABILITY_CURRENCIES,
  APPLICABILITY_RATE_YEAR,
  type ApplicabilityInput,
  assessApplicability,
  formatMoney,
  type Obligation,
} from './applicability.ts';

const gbp = (amount: number) => ({ amount, currency: 'GBP' as const });
const eur = (amount: number) => ({ amount, currency: 'EUR' as const });
const usd = (amount: number) => ({ amount, currency: 'USD' as const });

function company(overrides: Partial<ApplicabilityInput>): ApplicabilityInput {
  return {
    employees: 10,
    turnover: gbp(1e6),
    balanceSheet: gbp(5e5),
    listed: false,
    country: 'GB',
    ...overrides,
  };
}

function obligation(input: ApplicabilityInput, id: string): Obligation {
  const found = assessApplicability(input).find((item) => item.id === id);
  if (!found) throw new Error(`no obligation ${id}`);
  return found;
}

const verdicts = (input: ApplicabilityInput) =>
  Object.fromEntries(assessApplicability(input).map((item) => [item.id, item.verdict]));

describe('assessApplicability', () => {
  test('a UK bakery with 40 employees has no duty, only voluntary standards', () => {
    const bakery = company({ employees: 40, turnover: gbp(2.5e6), balanceSheet: gbp(8e5) });
    expect(verdicts(bakery)).toEqual({
      'eu-csrd': 'does_not_apply',
      'eu-vsme': 'voluntary',
      'uk-secr': 'does_not_apply',
      'uk-srs': 'voluntary',
      'us-sec-climate': 'does_not_apply',
      'us-ca-sb253': 'does_not_apply',
      'us-ca-sb261': 'does_not_apply',
    });
    expect(obligation(bakery, 'uk-secr').reasons).toEqual([
      '£2.5m turnover ≤ £36m',
      '£800k balance sheet ≤ £18m',
      '40 employees ≤ 250',
      'Only 0 of the 3 size tests are met; unquoted companies report under SECR when they meet at least 2.',
      'The size tests count over two financial years running: a company becomes large, or stops being large, only when its result is the same two years in a row (Companies Act 2006 s.465).',
    ]);
    const vsme = obligation(bakery, 'eu-vsme');
    expect(vsme.reasons.join(' ')).toContain('Customers, banks and investors may ask');
    expect(vsme.reasons.join(' ')).toContain('value-chain cap, from financial year 2027');
  });

  test('a UK unquoted company with £40m turnover and 300 employees is in SECR', () => {
    const secr = obligation(
      company({ employees: 300, turnover: gbp(40e6), balanceSheet: gbp(10e6) }),
      'uk-secr',
    );
    expect(secr.verdict).toBe('applies');
    expect(secr.jurisdiction).toBe('SECR');
    expect(secr.reasons.slice(0, 3)).toEqual([
      '£40m turnover > £36m',
      '£10m balance sheet ≤ £18m',
      '300 employees > 250',
    ]);
    expect(secr.reasons.join(' ')).toContain('40 MWh or less');
    expect(secr.reasons.join(' ')).toContain('does not apply to SECR');
  });

  test('the SECR size tests are "more than" the limits (Companies Act s.465): exactly at them is not large', () => {
    const atThresholds = company({ employees: 250, turnover: gbp(36e6), balanceSheet: gbp(18e6) });
    expect(obligation(atThresholds, 'uk-secr').verdict).toBe('does_not_apply');
    expect(obligation(atThresholds, 'uk-secr').reasons.slice(0, 3)).toEqual([
      '£36m turnover ≤ £36m',
      '£18m balance sheet ≤ £18m',
      '250 employees ≤ 250',
    ]);
    const justAbove = company({ employees: 251, turnover: gbp(36_000_001), balanceSheet: gbp(1e6) });
    expect(obligation(justAbove, 'uk-secr').verdict).toBe('applies');
  });

  test('a listed UK micro company is in SECR whatever its size, and the FCA proposal is flagged', () => {
    const micro = company({ employees: 4, turnover: gbp(3e5), balanceSheet: gbp(1e5), listed: true });
    const secr = obligation(micro, 'uk-secr');
    expect(secr.verdict).toBe('applies');
    expect(secr.reasons[0]).toContain('Quoted companies report under SECR whatever their size');
    expect(secr.reasons.join(' ')).toContain('AIM');
    const srs = obligation(micro, 'uk-srs');
    expect(srs.verdict).toBe('voluntary');
    expect(srs.reasons.join(' ')).toContain('This is a proposal, not yet a rule.');
    expect(obligation(micro, 'us-sec-climate').verdict).toBe('not_in_force');
  });

  test('a German company with 1,200 employees and €500m turnover is in the CSRD', () => {
    const input = company({ country: 'DE', employees: 1200, turnover: eur(500e6), balanceSheet: eur(300e6) });
    const csrd = obligation(input, 'eu-csrd');
    expect(csrd.verdict).toBe('applies');
    expect(csrd.reasons.slice(0, 2)).toEqual(['1,200 employees > 1,000', '€500m turnover > €450m']);
    expect(obligation(input, 'eu-vsme').verdict).toBe('does_not_apply');
    expect(obligation(input, 'uk-secr').verdict).toBe('does_not_apply');
  });

  test('the same company with €300m turnover is outside the CSRD and may use VSME', () => {
    const input = company({ country: 'DE', employees: 1200, turnover: eur(300e6), balanceSheet: eur(200e6) });
    const csrd = obligation(input, 'eu-csrd');
    expect(csrd.verdict).toBe('does_not_apply');
    expect(csrd.reasons.slice(0, 2)).toEqual(['1,200 employees > 1,000', '€300m turnover ≤ €450m']);
    const vsme = obligation(input, 'eu-vsme');
    expect(vsme.verdict).toBe('voluntary');
    // Above 1,000 employees the value-chain cap does not protect it.
    expect(vsme.reasons.join(' ')).not.toContain('value-chain cap');
  });

  test('the CSRD tests are strict: exactly 1,000 employees or exactly €450m is not enough', () => {
    const atLimit = company({ country: 'FR', employees: 1000, turnover: eur(900e6) });
    expect(obligation(atLimit, 'eu-csrd').verdict).toBe('does_not_apply');
    const atTurnover = company({ country: 'FR', employees: 5000, turnover: eur(450e6) });
    expect(obligation(atTurnover, 'eu-csrd').verdict).toBe('does_not_apply');
  });

  test('a listed EU SME is told that listing no longer brings it into the CSRD', () => {
    const csrd = obligation(
      company({ country: 'NL', employees: 120, turnover: eur(30e6), listed: true }),
      'eu-csrd',
    );
    expect(csrd.verdict).toBe('does_not_apply');
    expect(csrd.reasons.join(' ')).toContain('listed SMEs have left the CSRD');
  });

  test('a US company with $1.2bn revenue is in SB 253 while the SEC rule is not in force', () => {
    const input = company({
      country: 'US',
      employees: 3000,
      turnover: usd(1.2e9),
      balanceSheet: usd(8e8),
      listed: true,
    });
    const sb253 = obligation(input, 'us-ca-sb253');
    expect(sb253.verdict).toBe('applies');
    expect(sb253.reasons[0]).toBe('$1.2bn revenue > $1bn');
    expect(sb253.reasons.join(' ')).toContain('only if you do business in California');
    expect(sb253.reasons.join(' ')).toContain('10 Aug 2026');
    expect(obligation(input, 'us-ca-sb261').verdict).toBe('not_in_force');
    const sec = obligation(input, 'us-sec-climate');
    expect(sec.verdict).toBe('not_in_force');
    expect(sec.reasons.join(' ')).toContain('stayed');
    expect(obligation(input, 'eu-csrd').verdict).toBe('does_not_apply');
  });

  test('California thresholds: SB 253 above $1bn, SB 261 above $500m', () => {
    const mid = company({ country: 'US', employees: 900, turnover: usd(700e6), balanceSheet: usd(2e8) });
    expect(obligation(mid, 'us-ca-sb253').verdict).toBe('does_not_apply');
    expect(obligation(mid, 'us-ca-sb261').verdict).toBe('not_in_force');
    expect(obligation(mid, 'us-ca-sb261').reasons.join(' ')).toContain('18 Nov 2025');
    const exactlyOneBillion = company({ country: 'US', turnover: usd(1e9) });
    expect(obligation(exactlyOneBillion, 'us-ca-sb253').verdict).toBe('does_not_apply');
    const small = company({ country: 'US', turnover: usd(5e8) });
    expect(obligation(small, 'us-ca-sb261').verdict).toBe('does_not_apply');
  });

  test('converts currencies at the latest ECB annual average and says so', () => {
    expect(APPLICABILITY_RATE_YEAR).toBe(2025);
    // €45m × 0.856792 = £38.56m; €25m × 0.856792 = £21.42m: two SECR tests met.
    const secr = obligation(
      company({ employees: 100, turnover: eur(45e6), balanceSheet: eur(25e6) }),
      'uk-secr',
    );
    expect(secr.verdict).toBe('applies');
    expect(secr.reasons.slice(0, 3)).toEqual([
      '£38.56m turnover > £36m',
      '£21.42m balance sheet > £18m',
      '100 employees ≤ 250',
    ]);
    expect(secr.reasons).toContain(
      '€45m converted to £38.56m at the ECB 2025 average rates (€1 = £0.856792 = $1.129983).',
    );
    // £900m ÷ 0.856792 × 1.129983 = $1.19bn (cross rate through the euro).
    const sb253 = obligation(company({ country: 'US', turnover: gbp(900e6) }), 'us-ca-sb253');
    expect(sb253.verdict).toBe('applies');
    expect(sb253.reasons[0]).toBe('$1.19bn revenue > $1bn');
    expect(sb253.reasons[1]).toContain('ECB 2025');
  });

  test('states no conversion when the figures are already in the regime currency', () => {
    const reasons = assessApplicability(company({ employees: 300, turnover: gbp(40e6) })).flatMap((item) =>
      item.id === 'uk-secr' ? item.reasons : [],
    );
    expect(reasons.some((reason) => reason.includes('converted'))).toBe(false);
  });

  test('outside the UK, SECR and UK SRS do not apply; "uk" is read as GB', () => {
    const german = company({ country: 'DE', employees: 400, turnover: eur(80e6), balanceSheet: eur(40e6) });
    expect(obligation(german, 'uk-secr').verdict).toBe('does_not_apply');
    expect(obligation(german, 'uk-srs').verdict).toBe('does_not_apply');
    const lowerCase = company({ country: 'uk', employees: 300, turnover: gbp(40e6) });
    expect(obligation(lowerCase, 'uk-secr').verdict).toBe('applies');
  });

  test('every obligation is dated and cites https sources, in a fixed order', () => {
    const result = assessApplicability(company({}));
    expect(result.map((item) => item.id)).toEqual([
      'eu-csrd',
      'eu-vsme',
      'uk-secr',
      'uk-srs',
      'us-sec-climate',
      'us-ca-sb253',
      'us-ca-sb261',
    ]);
    for (const item of result) {
      expect(item.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(item.asOf <= '2026-11-26').toBe(true);
      expect(item.reasons.length).toBeGreaterThan(0);
      expect(item.sources.length).toBeGreaterThan(0);
      for (const source of item.sources) expect(new URL(source.url).protocol).toBe('https:');
    }
  });

  test('refuses negative figures, unknown currencies and malformed countries', () => {
    expect(() => assessApplicability(company({ employees: -1 }))).toThrow(RangeError);
    expect(() => assessApplicability(company({ turnover: gbp(Number.NaN) }))).toThrow('turnover.amount');
    expect(() =>
      assessApplicability(company({ balanceSheet: { amount: 1, currency: 'JPY' as 'EUR' } })),
    ).toThrow('balanceSheet.currency');
    expect(() => assessApplicability(company({ country: 'Germany' }))).toThrow('country');
    expect(APPLICABILITY_CURRENCIES).toEqual(['EUR', 'GBP', 'USD']);
  });
});

describe('formatMoney', () => {
  test('scales to k, m and bn with at most two decimals', () => {
    expect(formatMoney(40e6, 'GBP')).toBe('£40m');
    expect(formatMoney(1.2e9, 'USD')).toBe('$1.2bn');
    expect(formatMoney(450e6, 'EUR')).toBe('€450m');
    expect(formatMoney(800e3, 'GBP')).toBe('£800k');
    expect(formatMoney(950, 'EUR')).toBe('€950');
  });
});
