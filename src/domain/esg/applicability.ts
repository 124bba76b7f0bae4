// "Does this apply to us?": which reporting regimes reach a company, from its size, listing and
// country. Pure: the thresholds and dates are those of the rule packs' sources (shared/reference/
// regulation.md §3a–§3c, checked Aug 2026); money converts at the ECB annual average rates of
// ../emissions/fx.ts (latest year held). Reasons are short plain-English lines for an owner.
import { ECB_ANNUAL_AVERAGE_RATES } from '../emissions/fx.ts';
import { EU_FACTS_AS_OF, EU_SOURCES } from './rule-packs/csrd-vsme-status.ts';
import { US_FACTS_AS_OF, US_SOURCES } from './rule-packs/sec-climate-status.ts';
import { UK_FACTS_AS_OF, UK_SOURCES } from './rule-packs/secr-status.ts';
import type { Source } from './types.ts';

export const APPLICABILITY_CURRENCIES = ['EUR', 'GBP', 'USD'] as const;
export type ApplicabilityCurrency = (typeof APPLICABILITY_CURRENCIES)[number];

export interface Money {
  amount: number;
  currency: ApplicabilityCurrency;
}

export interface ApplicabilityInput {
  /** Average number of employees in the last financial year. */
  employees: number;
  /** Net turnover (revenue) of the last financial year. */
  turnover: Money;
  /** Balance sheet total (total assets) at the end of the last financial year. */
  balanceSheet: Money;
  /** Shares or debt admitted to trading on a regulated market (LSE main market, EEA market, NYSE, Nasdaq). */
  listed: boolean;
  /** ISO 3166-1 alpha-2 code of the country of incorporation ('UK' is read as 'GB'). */
  country: string;
}

/**
 * - applies: the regime's tests are met, so the company must report (subject to the stated conditions).
 * - does_not_apply: the company is outside the regime's scope.
 * - voluntary: nobody requires it, but the company may report under it (and customers may ask).
 * - not_in_force: the company would be in scope, but the rule is stayed or enjoined and cannot be enforced.
 */
export type Verdict = 'applies' | 'does_not_apply' | 'voluntary' | 'not_in_force';

export interface Obligation {
  /** e.g. 'eu-csrd', 'uk-secr', 'us-ca-sb253'. */
  id: string;
  name: string;
  /** The wizard checklist that covers it, or null when there is none. */
  jurisdiction: 'CSRD' | 'SECR' | 'SEC' | null;
  verdict: Verdict;
  reasons: string[];
  sources: Source[];
  /** `YYYY-MM-DD`: when the facts behind the verdict were last checked. */
  asOf: string;
}

/** EU member states plus the EEA states Iceland, Liechtenstein and Norway. */
const EU_EEA_COUNTRIES: ReadonlySet<string> = new Set([
  ...['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE'],
  ...['IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE'],
  ...['IS', 'LI', 'NO'],
]);

/** Common non-ISO spellings: 'UK' for GB, and the EU's 'EL' for Greece. */
const COUNTRY_ALIASES: Record<string, string> = { UK: 'GB', EL: 'GR' };

// Directive (EU) 2026/470: more than 1,000 employees AND more than €450m net turnover.
const CSRD_MIN_EMPLOYEES = 1000;
const CSRD_MIN_TURNOVER_EUR = 450e6;
// Value-chain cap of the voluntary standard (adopted 3 Jul 2026): 1,000 employees or fewer.
const VALUE_CHAIN_CAP_MAX_EMPLOYEES = 1000;
// VSME is intended for non-listed SMEs with fewer than 250 employees (EFRAG, Rec. (EU) 2025/1710).
const VSME_TARGET_MAX_EMPLOYEES = 250;
// SECR large unquoted company or LLP: at least 2 of turnover more than £36m, balance sheet more than
// £18m, more than 250 employees. Companies Act 2006 s.465: a company is medium when it meets "not
// more than" two of the limits, so exactly 250 employees is not large; the tests apply over two
// consecutive financial years (shared/reference/regulation.md, UK).
const SECR_MIN_TURNOVER_GBP = 36e6;
const SECR_MIN_BALANCE_SHEET_GBP = 18e6;
const SECR_MIN_EMPLOYEES = 250;
const TWO_YEARS_RULE =
  'The size tests count over two financial years running: a company becomes large, or stops being large, only when its result is the same two years in a row (Companies Act 2006 s.465).';
// California: SB 253 above $1bn revenue, SB 261 above $500m.
const SB253_MIN_REVENUE_USD = 1e9;
const SB261_MIN_REVENUE_USD = 500e6;

const RATE_YEAR = Math.max(...ECB_ANNUAL_AVERAGE_RATES.perEur.keys());
const RATES_PER_EUR = ECB_ANNUAL_AVERAGE_RATES.perEur.get(RATE_YEAR)!;

/** The year of the ECB annual average rates used for conversions. */
export const APPLICABILITY_RATE_YEAR = RATE_YEAR;

const SYMBOLS: Record<ApplicabilityCurrency, string> = { EUR: '€', GBP: '£', USD: '$' };
const NUMBER = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });
const SCALES = [
  [1e9, 'bn'],
  [1e6, 'm'],
  [1e3, 'k'],
] as const;

/** `40000000, 'GBP'` → `£40m`; `1.2e9, 'USD'` → `$1.2bn`. */
export function formatMoney(amount: number, currency: ApplicabilityCurrency): string {
  const [divisor, suffix] = SCALES.find(([size]) => Math.abs(amount) >= size) ?? [1, ''];
  return `${SYMBOLS[currency]}${NUMBER.format(amount / divisor)}${suffix}`;
}

const formatCount = (value: number) => NUMBER.format(value);

interface Converted {
  amount: number;
  /** Set when a conversion happened: the rate line to show. */
  note: string | null;
}

function convert(money: Money, target: ApplicabilityCurrency): Converted {
  if (money.currency === target) return { amount: money.amount, note: null };
  const amount = (money.amount / RATES_PER_EUR[money.currency]!) * RATES_PER_EUR[target]!;
  const rates = `£${RATES_PER_EUR.GBP} = $${RATES_PER_EUR.USD}`;
  const from = formatMoney(money.amount, money.currency);
  return {
    amount,
    note: `${from} converted to ${formatMoney(amount, target)} at the ECB ${RATE_YEAR} average rates (€1 = ${rates}).`,
  };
}

const notes = (...conversions: Converted[]) => [
  ...new Set(conversions.map((conversion) => conversion.note).filter((note) => note !== null)),
];

function normaliseCountry(country: string): string {
  const code = country.trim().toUpperCase();
  return COUNTRY_ALIASES[code] ?? code;
}

function validate(input: ApplicabilityInput): void {
  const problems: string[] = [];
  const isAmount = (value: number) => Number.isFinite(value) && value >= 0;
  if (!isAmount(input.employees)) problems.push('employees must be 0 or more');
  for (const field of ['turnover', 'balanceSheet'] as const) {
    if (!isAmount(input[field].amount)) problems.push(`${field}.amount must be 0 or more`);
    if (!APPLICABILITY_CURRENCIES.includes(input[field].currency)) {
      problems.push(`${field}.currency must be EUR, GBP or USD`);
    }
  }
  if (!/^[A-Z]{2}$/.test(normaliseCountry(input.country))) {
    problems.push('country must be an ISO 3166-1 alpha-2 code');
  }
  if (problems.length > 0) throw new RangeError(`Invalid applicability input: ${problems.join('; ')}`);
}

type Assessment = Pick<Obligation, 'verdict' | 'reasons'>;
const verdict = (value: Verdict, ...reasons: string[]): Assessment => ({ verdict: value, reasons });

/** What each regime is, apart from the verdict: its name, checklist, sources and date. */
const REGIMES = {
  'eu-csrd': {
    name: 'EU Corporate Sustainability Reporting Directive (CSRD)',
    jurisdiction: 'CSRD',
    sources: [EU_SOURCES.omnibusDirective, EU_SOURCES.omnibusFinalText],
    asOf: EU_FACTS_AS_OF,
  },
  'eu-vsme': {
    name: 'EU voluntary sustainability reporting standard for SMEs (VSME)',
    jurisdiction: 'CSRD',
    sources: [EU_SOURCES.vsmeRecommendation, EU_SOURCES.valueChainCap, EU_SOURCES.valueChainCapAdoption],
    asOf: EU_FACTS_AS_OF,
  },
  'uk-secr': {
    name: 'UK Streamlined Energy and Carbon Reporting (SECR)',
    jurisdiction: 'SECR',
    sources: [UK_SOURCES.secrRegulations, UK_SOURCES.secrThresholds, UK_SOURCES.secrGuide],
    asOf: UK_FACTS_AS_OF,
  },
  'uk-srs': {
    name: 'UK Sustainability Reporting Standards (UK SRS S1 and S2)',
    jurisdiction: null,
    sources: [UK_SOURCES.ukSrs, UK_SOURCES.fcaProposal],
    asOf: UK_FACTS_AS_OF,
  },
  'us-sec-climate': {
    name: 'US SEC climate disclosure rule',
    jurisdiction: 'SEC',
    sources: [US_SOURCES.secRule, US_SOURCES.eighthCircuitAbeyance, US_SOURCES.secRescissionProposed],
    asOf: US_FACTS_AS_OF,
  },
  'us-ca-sb253': {
    name: 'California SB 253 (greenhouse gas emissions reporting)',
    jurisdiction: 'SEC',
    sources: [US_SOURCES.sb253, US_SOURCES.sb253Timeline],
    asOf: US_FACTS_AS_OF,
  },
  'us-ca-sb261': {
    name: 'California SB 261 (climate-related financial risk report)',
    jurisdiction: 'SEC',
    sources: [US_SOURCES.sb261, US_SOURCES.sb261Injunction],
    asOf: US_FACTS_AS_OF,
  },
} as const satisfies Record<string, Omit<Obligation, 'id' | 'verdict' | 'reasons'>>;

type RegimeId = keyof typeof REGIMES;

function assessCsrd(input: ApplicabilityInput, country: string): Assessment {
  if (!EU_EEA_COUNTRIES.has(country)) {
    return verdict(
      'does_not_apply',
      `Your company is based outside the EU and EEA (${country}).`,
      'A non-EU group is covered only with more than €450m turnover in the EU and an EU subsidiary or branch above €200m.',
    );
  }
  const turnover = convert(input.turnover, 'EUR');
  const bigWorkforce = input.employees > CSRD_MIN_EMPLOYEES;
  const bigTurnover = turnover.amount > CSRD_MIN_TURNOVER_EUR;
  const tests = [
    `${formatCount(input.employees)} employees ${bigWorkforce ? '>' : '≤'} 1,000`,
    `${formatMoney(turnover.amount, 'EUR')} turnover ${bigTurnover ? '>' : '≤'} €450m`,
    ...notes(turnover),
  ];
  if (bigWorkforce && bigTurnover) {
    return verdict(
      'applies',
      ...tests,
      'Both tests are met, so the CSRD applies (Directive (EU) 2026/470, to be in national law by 19 Mar 2027).',
      "You report under the full ESRS standards; this product's CSRD checklist follows the simpler VSME standard, so treat it as a starting point.",
    );
  }
  return verdict(
    'does_not_apply',
    ...tests,
    'Since Directive (EU) 2026/470 the CSRD applies only above both 1,000 employees and €450m turnover.',
    ...(input.listed
      ? ['Being listed no longer brings you into scope: listed SMEs have left the CSRD.']
      : []),
  );
}

function assessVsme(input: ApplicabilityInput, country: string, csrd: Assessment): Assessment {
  if (csrd.verdict === 'applies') {
    return verdict(
      'does_not_apply',
      "You are in the CSRD's scope, so you report under the ESRS rather than the voluntary SME standard.",
    );
  }
  return verdict(
    'voluntary',
    EU_EEA_COUNTRIES.has(country)
      ? 'VSME (Commission Recommendation (EU) 2025/1710) is voluntary: no law makes you use it.'
      : "VSME is the EU's voluntary standard for SMEs; companies outside the EU can use it too.",
    'Customers, banks and investors may ask you for VSME data; this checklist prepares it.',
    ...(input.employees <= VALUE_CHAIN_CAP_MAX_EMPLOYEES
      ? [
          'With 1,000 employees or fewer you may refuse requests that go beyond the voluntary standard (value-chain cap, from financial year 2027).',
        ]
      : []),
    ...(input.employees >= VSME_TARGET_MAX_EMPLOYEES || input.listed
      ? ['VSME is designed for non-listed companies with fewer than 250 employees; you can still use it.']
      : []),
  );
}

function assessSecr(input: ApplicabilityInput, country: string): Assessment {
  if (country !== 'GB') {
    return verdict('does_not_apply', `SECR covers UK companies and LLPs; yours is based in ${country}.`);
  }
  if (input.listed) {
    return verdict(
      'applies',
      'Quoted companies report under SECR whatever their size: global energy use and Scope 1 and 2 emissions.',
      'Quoted means listed on the London Stock Exchange main market, an EEA market, NYSE or Nasdaq; shares traded only on AIM count as unquoted.',
      'If you used 40 MWh or less worldwide in the year, you are exempt as a low energy user.',
    );
  }
  const turnover = convert(input.turnover, 'GBP');
  const balanceSheet = convert(input.balanceSheet, 'GBP');
  const tests: [passed: boolean, value: string, limit: string][] = [
    [turnover.amount > SECR_MIN_TURNOVER_GBP, `${formatMoney(turnover.amount, 'GBP')} turnover`, '£36m'],
    [
      balanceSheet.amount > SECR_MIN_BALANCE_SHEET_GBP,
      `${formatMoney(balanceSheet.amount, 'GBP')} balance sheet`,
      '£18m',
    ],
    [input.employees > SECR_MIN_EMPLOYEES, `${formatCount(input.employees)} employees`, '250'],
  ];
  const met = tests.filter(([passed]) => passed).length;
  const lines = [
    ...tests.map(([passed, value, limit]) => `${value} ${passed ? '>' : '≤'} ${limit}`),
    ...notes(turnover, balanceSheet),
  ];
  if (met >= 2) {
    return verdict(
      'applies',
      ...lines,
      `${met} of the 3 size tests are met (2 are enough), so SECR applies to your directors' report.`,
      TWO_YEARS_RULE,
      'If your UK energy use was 40 MWh or less in the year, you are exempt as a low energy user.',
      'The 2024 rise of the company size thresholds (£54m / £27m) does not apply to SECR.',
    );
  }
  return verdict(
    'does_not_apply',
    ...lines,
    `Only ${met} of the 3 size tests are met; unquoted companies report under SECR when they meet at least 2.`,
    TWO_YEARS_RULE,
  );
}

function assessUkSrs(input: ApplicabilityInput, country: string): Assessment {
  if (country !== 'GB') {
    return verdict(
      'does_not_apply',
      `UK SRS is a UK standard; your company is based in ${country}.`,
      ...(input.listed
        ? ['If your shares are listed in the UK, the FCA proposal for listed companies could reach you.']
        : []),
    );
  }
  return verdict(
    'voluntary',
    'UK SRS S1 and S2 (published 25 Feb 2026, based on IFRS S1 and S2) are voluntary today.',
    input.listed
      ? 'The FCA has proposed (CP26/5) making UK SRS S2 mandatory for listed companies for periods starting on or after 1 Jan 2027. This is a proposal, not yet a rule.'
      : 'The FCA proposal to make UK SRS S2 mandatory concerns listed companies only.',
  );
}

function assessSecRule(input: ApplicabilityInput, country: string): Assessment {
  const stayed =
    'The rule (adopted 6 Mar 2024) is stayed and has never taken effect; the SEC proposed on 29 May 2026 to rescind it, and nothing is due under it.';
  if (!input.listed) {
    return verdict(
      'does_not_apply',
      'The SEC rule would cover only public companies that file reports with the SEC; yours is not listed.',
      stayed,
    );
  }
  return verdict(
    'not_in_force',
    stayed,
    country === 'US'
      ? 'There is nothing to file under it today.'
      : 'It would matter only if your shares are registered with the SEC (for example listed on NYSE or Nasdaq).',
  );
}

function assessCalifornia(
  input: ApplicabilityInput,
  country: string,
): [sb253: Assessment, sb261: Assessment] {
  if (country !== 'US') {
    const outside = `California's climate laws cover US entities; your company is based in ${country}.`;
    return [verdict('does_not_apply', outside), verdict('does_not_apply', outside)];
  }
  const revenue = convert(input.turnover, 'USD');
  const text = formatMoney(revenue.amount, 'USD');
  const converted = notes(revenue);
  const sb253 =
    revenue.amount > SB253_MIN_REVENUE_USD
      ? verdict(
          'applies',
          `${text} revenue > $1bn`,
          ...converted,
          'It applies only if you do business in California.',
          'The first Scope 1 and 2 reports were due by 10 Aug 2026 (that deadline has passed; good-faith filers face no penalties); Scope 3 and limited assurance follow from 2027.',
        )
      : verdict(
          'does_not_apply',
          `${text} revenue ≤ $1bn`,
          ...converted,
          'SB 253 covers only companies with revenue above $1bn.',
        );
  const sb261 =
    revenue.amount > SB261_MIN_REVENUE_USD
      ? verdict(
          'not_in_force',
          `${text} revenue > $500m`,
          ...converted,
          'SB 261 would require a climate-risk report every two years if you do business in California, but the Ninth Circuit blocked it on 18 Nov 2025 pending appeal and CARB is not enforcing it.',
        )
      : verdict(
          'does_not_apply',
          `${text} revenue ≤ $500m`,
          ...converted,
          'SB 261 covers only companies with revenue above $500m.',
        );
  return [sb253, sb261];
}

/**
 * Every regime the product knows, in a fixed order (EU, UK, US), each with its verdict for this
 * company and the reasons behind it. Throws a RangeError on negative or non-finite figures, an
 * unknown currency or a malformed country code.
 */
export function assessApplicability(input: ApplicabilityInput): Obligation[] {
  validate(input);
  const country = normaliseCountry(input.country);
  const csrd = assessCsrd(input, country);
  const [sb253, sb261] = assessCalifornia(input, country);
  const assessments: [RegimeId, Assessment][] = [
    ['eu-csrd', csrd],
    ['eu-vsme', assessVsme(input, country, csrd)],
    ['uk-secr', assessSecr(input, country)],
    ['uk-srs', assessUkSrs(input, country)],
    ['us-sec-climate', assessSecRule(input, country)],
    ['us-ca-sb253', sb253],
    ['us-ca-sb261', sb261],
  ];
  return assessments.map(([id, assessment]) => ({
    id,
    ...REGIMES[id],
    sources: [...REGIMES[id].sources],
    ...assessment,
  }));
}
