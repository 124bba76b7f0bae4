// The bodies a report can be filed with, as dated and sourced data (issue 7 item 5, spec §7).
// Facts: shared/reference/regulation.md §3a–§3c and its update of 2026-11-25, the rule packs'
// status lines (reviewed 2026-11-25) and the bodies' own pages cited below; reviewed 2026-11-26
// (issue 18, item 8). None of these bodies accepts automated submissions from this
// product: each adapter builds and validates the exact package and the server records the filing
// in a clearly labelled sandbox (docs/decisions/015-sandbox-filing.md).
import type { Regulator, ReportFormat, ReportFramework } from '../contracts/export.ts';
import { EU_SOURCES } from '../esg/rule-packs/csrd-vsme-status.ts';
import { US_SOURCES } from '../esg/rule-packs/sec-climate-status.ts';
import { UK_SOURCES } from '../esg/rule-packs/secr-status.ts';
import type { Source } from '../esg/types.ts';

/** Where a regulator sits: Great Britain, the European Union, the United States. */
export type RegulatorRegion = 'GB' | 'EU' | 'US';

/** The date the facts of this file were last checked against their sources. */
export const REGULATORS_AS_OF = '2026-11-26';

/** A dated step of the regime behind a filing (a due date, a date a body must act by). */
export interface RegulatorDeadline {
  /** ISO date (the whole day counts: the step passes the day after). */
  date: string;
  what: string;
}

export interface FilingTypeDefinition {
  /** Shown to people and sent back in POST /api/regulatory/submit. */
  name: string;
  /** Report formats (spec §9) the adapter can package for this filing type. */
  acceptedFormats: readonly ReportFormat[];
  /** Report frameworks whose content answers this filing type. */
  acceptedFrameworks: readonly ReportFramework[];
  /** The filing covers a whole financial year (a quarter cannot be filed). */
  fullYearOnly: boolean;
}

export interface RegulatorDefinition {
  code: string;
  name: string;
  region: RegulatorRegion;
  filingTypes: readonly FilingTypeDefinition[];
  /** Formats the body itself takes, in its own words (lower case). */
  supportedFormats: readonly string[];
  notes: string;
  /** Whether the regime behind the filing is in force (a voluntary regime in force counts). */
  inForce: boolean;
  url: string;
  /** How a person lodges the package we build, since we never transmit it. */
  howToFile: string;
  /** Dated steps, oldest first; shown as passed once the day is over (issue 18). */
  deadlines: readonly RegulatorDeadline[];
  asOf: string;
  sources: readonly Source[];
}

const ALL_FRAMEWORKS: readonly ReportFramework[] = ['gri', 'sasb', 'tcfd', 'csrd', 'secr'];

const COMPANIES_HOUSE_SOFTWARE_FILING: Source = {
  title: "Companies House: using software to file your company's information (iXBRL accounts)",
  url: 'https://www.gov.uk/guidance/using-software-to-file-your-companys-information',
};
const ESAP_REGULATION: Source = {
  title:
    'Regulation (EU) 2023/2859 establishing a European single access point (ESAP): ESMA to establish it by 10 Jul 2027',
  url: 'https://eur-lex.europa.eu/eli/reg/2023/2859/oj',
};
const VSME_RECOMMENDATION: Source = {
  title:
    'Commission Recommendation (EU) 2025/1710 on a voluntary sustainability reporting standard for SMEs (VSME)',
  url: 'https://eur-lex.europa.eu/eli/reco/2025/1710/oj',
};
const VSME_TAXONOMY: Source = {
  title: 'EFRAG VSME XBRL taxonomy (2026-05-01)',
  url: 'https://xbrl.efrag.org/taxonomy/vsme/2026-05-01/',
};

export const REGULATORS: readonly RegulatorDefinition[] = [
  {
    code: 'GB-CH',
    name: 'Companies House',
    region: 'GB',
    filingTypes: [
      {
        name: "Annual accounts with directors' report (SECR)",
        acceptedFormats: ['xbrl'],
        acceptedFrameworks: ['secr', 'csrd'],
        fullYearOnly: true,
      },
      {
        name: 'LLP annual accounts with energy and carbon report (SECR)',
        acceptedFormats: ['xbrl'],
        acceptedFrameworks: ['secr', 'csrd'],
        fullYearOnly: true,
      },
    ],
    supportedFormats: ['ixbrl', 'pdf'],
    notes:
      "SECR energy and carbon information goes in the directors' report (for LLPs, an energy and carbon report) filed with the annual accounts at Companies House, for financial years starting on or after 1 Apr 2019. It applies to quoted companies and to large unquoted companies and LLPs: at least two of turnover more than £36m, balance sheet more than £18m and more than 250 employees, in two financial years running (Companies Act 2006 s.465; the 2024 rise of the size thresholds does not apply to SECR). Accounts are filed electronically as Inline XBRL (iXBRL) through Companies House software filing; PDF means a printed copy posted on paper, which this product does not send. The package holds the tagged SECR section (Inline XBRL from a CSRD report; xBRL-JSON from an SECR report, as SECR has no SME taxonomy) for the accounts' preparer to carry into the iXBRL accounts; it is not the accounts.",
    inForce: true,
    url: 'https://www.gov.uk/government/organisations/companies-house',
    howToFile:
      "Include the iXBRL SECR section in the directors' report of the annual accounts and file them with Companies House through software filing (presenter ID and code, company number and authentication code) or your accountant's filing software.",
    // Accounts are due on a date of each company's own (months after its year end), not one date.
    deadlines: [],
    asOf: REGULATORS_AS_OF,
    sources: [
      COMPANIES_HOUSE_SOFTWARE_FILING,
      UK_SOURCES.secrRegulations,
      UK_SOURCES.secrThresholds,
      UK_SOURCES.secrGuide,
    ],
  },
  {
    code: 'EU-ESAP',
    name: 'National business register / European Single Access Point (ESAP)',
    region: 'EU',
    filingTypes: [
      {
        name: 'Voluntary VSME sustainability report',
        acceptedFormats: ['xbrl', 'pdf'],
        acceptedFrameworks: ['csrd'],
        fullYearOnly: true,
      },
    ],
    supportedFormats: ['xbrl', 'pdf'],
    notes:
      "Voluntary: SMEs report with the VSME standard (Recommendation (EU) 2025/1710) and have no filing duty. Companies with 1,000 employees or fewer may refuse customer, bank or investor requests that go beyond the voluntary standard (Directive (EU) 2026/470; the delegated act setting it applies to value-chain requests from financial year 2027). The CSRD itself now applies only above 1,000 employees and €450m net turnover: large companies not yet reporting (wave 2) first report on financial year 2027, published in 2028, and member states may exempt wave-1 companies that fall out of scope for 2025 and 2026. A VSME report can be made public voluntarily; collection goes through national registers acting as collection bodies for the European Single Access Point, which ESMA must establish by 10 Jul 2027. Machine-readable reports use the EFRAG VSME XBRL taxonomy and carry the entity's LEI.",
    inForce: true,
    url: 'https://eur-lex.europa.eu/eli/reg/2023/2859/oj',
    howToFile:
      'Lodge the report with your national business register or other collection body when it accepts voluntary sustainability information, or publish it and send it to the customers and lenders who asked for it.',
    deadlines: [{ date: '2027-07-10', what: 'ESMA to establish the European Single Access Point' }],
    asOf: REGULATORS_AS_OF,
    sources: [
      VSME_RECOMMENDATION,
      EU_SOURCES.valueChainCap,
      EU_SOURCES.omnibusDirective,
      EU_SOURCES.stopTheClock,
      ESAP_REGULATION,
      VSME_TAXONOMY,
    ],
  },
  {
    code: 'US-CARB',
    name: 'California Air Resources Board (CARB)',
    region: 'US',
    filingTypes: [
      {
        name: 'SB 253 Scope 1 and 2 emissions report',
        acceptedFormats: ['pdf', 'csv'],
        acceptedFrameworks: ALL_FRAMEWORKS,
        fullYearOnly: true,
      },
    ],
    supportedFormats: ['pdf', 'csv'],
    notes:
      'California SB 253 applies to US entities doing business in California with revenue above $1bn. The first Scope 1 and 2 reports were due by 10 Aug 2026 under CARB regulations approved on 26 Feb 2026: that deadline has passed (no assurance was required in 2026, and good-faith filers face no penalties). Scope 3 follows from 2027, with limited assurance from 2027 and reasonable assurance from 2030. SB 261 climate-risk reports are enjoined (Ninth Circuit, 18 Nov 2025, pending appeal) and not filed here.',
    inForce: true,
    url: 'https://ww2.arb.ca.gov',
    howToFile:
      "Submit the Scope 1 and 2 figures through CARB's reporting process for SB 253, or send the package to the customer subject to SB 253 that asked for it.",
    deadlines: [{ date: '2026-08-10', what: 'SB 253: first Scope 1 and 2 reports' }],
    asOf: REGULATORS_AS_OF,
    sources: [US_SOURCES.sb253, US_SOURCES.sb253Timeline, US_SOURCES.sb261Injunction],
  },
  {
    code: 'US-SEC',
    name: 'U.S. Securities and Exchange Commission (EDGAR)',
    region: 'US',
    filingTypes: [
      {
        name: 'Climate-related disclosures (Form 10-K, Regulation S-K Items 1500–1508)',
        acceptedFormats: ['xbrl'],
        acceptedFrameworks: ['tcfd'],
        fullYearOnly: true,
      },
    ],
    supportedFormats: ['ixbrl'],
    notes:
      'Not in force: the SEC climate disclosure rule adopted on 6 Mar 2024 was stayed and never took effect. The SEC stopped defending it on 27 Mar 2025, and on 12 Sep 2025 the Eighth Circuit held Iowa v. SEC in abeyance until the SEC reconsiders the rule or renews its defence. On 29 May 2026 the SEC proposed to rescind the rule in full (comments closed 3 Aug 2026); no final rescission had been found at this review. Nothing is due and nothing can be filed.',
    inForce: false,
    url: 'https://www.sec.gov/edgar',
    howToFile: 'Nothing to file while the rule is not in force.',
    deadlines: [{ date: '2026-08-03', what: 'Comments on the proposed rescission closed' }],
    asOf: REGULATORS_AS_OF,
    sources: [
      US_SOURCES.secRule,
      US_SOURCES.secDefenceEnded,
      US_SOURCES.eighthCircuitAbeyance,
      US_SOURCES.secRescissionProposed,
    ],
  },
];

/**
 * The region a jurisdiction names: the product's jurisdiction codes (CSRD → EU, SECR → GB,
 * SEC → US) or a country-ish code (EU, GB, UK, US), in any case; null when unknown.
 */
export function regionOf(jurisdiction: string): RegulatorRegion | null {
  switch (jurisdiction.trim().toUpperCase()) {
    case 'CSRD':
    case 'EU':
      return 'EU';
    case 'SECR':
    case 'GB':
    case 'UK':
      return 'GB';
    case 'SEC':
    case 'US':
      return 'US';
    default:
      return null;
  }
}

export function regulatorsIn(region: RegulatorRegion): RegulatorDefinition[] {
  return REGULATORS.filter((regulator) => regulator.region === region);
}

export function findRegulator(code: string): RegulatorDefinition | undefined {
  return REGULATORS.find((regulator) => regulator.code === code);
}

export function findFilingType(
  regulator: RegulatorDefinition,
  filingType: string,
): FilingTypeDefinition | undefined {
  return regulator.filingTypes.find((type) => type.name === filingType);
}

/** Whether a dated step is over on `today`: the whole day of `date` still counts (UTC dates). */
export function isDeadlinePassed(date: string, today: Date): boolean {
  return today.toISOString().slice(0, 10) > date;
}

/** The public shape (RegulatorSchema), its deadlines marked passed or not on `today`. */
export function toRegulator(regulator: RegulatorDefinition, today: Date): Regulator {
  return {
    code: regulator.code,
    name: regulator.name,
    jurisdiction: regulator.region,
    filingTypes: regulator.filingTypes.map((type) => type.name),
    supportedFormats: [...regulator.supportedFormats],
    notes: regulator.notes,
    inForce: regulator.inForce,
    url: regulator.url,
    asOf: regulator.asOf,
    deadlines: regulator.deadlines.map((deadline) => ({
      ...deadline,
      passed: isDeadlinePassed(deadline.date, today),
    })),
  };
}
