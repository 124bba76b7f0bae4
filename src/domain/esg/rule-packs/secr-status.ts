// UK SECR: the pack's label, version, as-of date, sources and dated "current status" lines,
// without its indicators. The wizard's browser script imports only these (./status.ts), and
// ./secr.ts spreads this object into the full pack, so each fact is written once. Facts:
// shared/reference/regulation.md §3b and its update of 2026-11-25 (reviewed for issue 18).
import type { RulePackStatus, Source } from '../types.ts';

/** Sources of the UK facts, shared with the pack and the applicability check. */
export const UK_SOURCES = {
  secrRegulations: {
    title:
      "The Companies (Directors' Report) and Limited Liability Partnerships (Energy and Carbon Report) Regulations 2018 (SI 2018/1155)",
    url: 'https://www.legislation.gov.uk/uksi/2018/1155/contents',
  },
  secrThresholds: {
    title: 'SECR thresholds unchanged by the 2024 company size changes (The Compliance People, Apr 2025)',
    url: 'https://www.thecompliancepeople.co.uk',
  },
  secrGuide: {
    title: 'SECR: who reports and what to disclose (Forvis Mazars)',
    url: 'https://www.forvismazars.com',
  },
  conversionFactors: {
    title: 'DESNZ greenhouse gas conversion factors for company reporting',
    url: 'https://www.gov.uk/government/collections/government-conversion-factors-for-company-reporting',
  },
  ukSrs: {
    title: 'UK Sustainability Reporting Standards (UK SRS S1 and S2), published 25 Feb 2026',
    url: 'https://www.sustainabilityreportingstandards.co.uk',
  },
  fcaProposal: {
    title: 'FCA CP26/5: proposed UK SRS reporting for listed companies (UK SRS explainer)',
    url: 'https://www.uksrs.org.uk',
  },
} as const satisfies Record<string, Source>;

/** The date the UK facts of this file were last checked against their sources. */
export const UK_FACTS_AS_OF = '2026-11-25';

export const SECR_STATUS: RulePackStatus = {
  jurisdiction: 'SECR',
  id: 'uk-secr',
  version: '1.1.0',
  asOf: UK_FACTS_AS_OF,
  title: 'UK SECR',
  framework: "Streamlined Energy and Carbon Reporting (SI 2018/1155), directors' report",
  currentStatus: [
    {
      asOf: UK_FACTS_AS_OF,
      text: "SECR applies to financial years starting on or after 1 April 2019. The energy and carbon figures go in the directors' report (for LLPs, an Energy and Carbon Report) filed with the annual accounts at Companies House.",
      sources: [UK_SOURCES.secrRegulations, UK_SOURCES.secrGuide],
    },
    {
      asOf: UK_FACTS_AS_OF,
      text: 'Who reports: quoted companies of any size, and large unquoted companies and LLPs meeting at least two of: turnover more than £36m, balance sheet more than £18m, more than 250 employees, in two financial years running (Companies Act 2006 s.465). Companies using 40 MWh or less are exempt as low energy users.',
      sources: [UK_SOURCES.secrRegulations, UK_SOURCES.secrThresholds],
    },
    {
      asOf: UK_FACTS_AS_OF,
      text: 'The 2024 rise of the company size thresholds (large = £54m turnover, £27m balance sheet) does not apply to SECR: the £36m / £18m / 250-employee test still decides.',
      sources: [UK_SOURCES.secrThresholds],
    },
    {
      asOf: UK_FACTS_AS_OF,
      text: 'UK SRS S1 and S2 (based on IFRS S1 and S2) were published on 25 Feb 2026 and are voluntary today. The FCA has proposed (CP26/5) making S2 mandatory for listed companies for periods starting on or after 1 Jan 2027; this is a proposal: no final rules had been found when this pack was reviewed.',
      sources: [UK_SOURCES.ukSrs, UK_SOURCES.fcaProposal],
    },
  ],
  sources: Object.values(UK_SOURCES),
};
