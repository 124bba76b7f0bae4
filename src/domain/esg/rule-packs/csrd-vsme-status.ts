// EU CSRD / VSME: the pack's label, version, as-of date, sources and dated "current status" lines,
// without its indicators. The wizard's browser script imports only these (./status.ts), and
// ./csrd-vsme.ts spreads this object into the full pack, so each fact is written once. Facts:
// shared/reference/regulation.md §3a and its update of 2026-11-25 (reviewed for issue 18).
import type { RulePackStatus, Source } from '../types.ts';

/** Sources of the EU facts, shared with the pack and the applicability check. */
export const EU_SOURCES = {
  omnibusDirective: {
    title: 'Directive (EU) 2026/470 (Omnibus I): published 26 Feb 2026, in force 18 Mar 2026 (Linklaters)',
    url: 'https://sustainablefutures.linklaters.com/post/102mkjf',
  },
  omnibusFinalText: {
    title: 'EU Omnibus final text: CSRD thresholds and non-EU groups (Real Economy Progress)',
    url: 'https://real-economy-progress.com/eu-omnibus-final-text-december',
  },
  stopTheClock: {
    title: "Directive (EU) 2025/794 'stop-the-clock' approved, published and in force (Eubelius)",
    url: 'https://www.eubelius.com/en/news/eu-omnibus-package-stop-the-clock-directive-approved-published-and-in-force',
  },
  vsmeRecommendation: {
    title: 'VSME adopted as Commission Recommendation (EU) 2025/1710 (Linklaters)',
    url: 'https://sustainablefutures.linklaters.com/post/102kyuo',
  },
  valueChainCap: {
    title: 'Voluntary standard and value-chain cap, draft delegated act of 6 May 2026 (Generation Impact)',
    url: 'https://generationimpact.global/blog/voluntary-standard-value-chain-cap-2026/',
  },
  valueChainCapAdoption: {
    title: 'Voluntary-standard delegated act adopted 3 Jul 2026 (EU Matrix Atlas)',
    url: 'https://atlas.eumatrix.app',
  },
  vsmeTaxonomy: {
    title: 'EFRAG VSME XBRL taxonomy 2026-05-01',
    url: 'https://xbrl.efrag.org/taxonomy/vsme/2026-05-01/',
  },
  vsmeConverter: {
    title: 'EFRAG Digital Template to XBRL Converter (concept list source)',
    url: 'https://github.com/EFRAG-EU/Digital-Template-to-XBRL-Converter',
  },
} as const satisfies Record<string, Source>;

/** The date the EU facts of this file were last checked against their sources. */
export const EU_FACTS_AS_OF = '2026-11-25';

export const CSRD_VSME_STATUS: RulePackStatus = {
  jurisdiction: 'CSRD',
  id: 'csrd-vsme',
  version: '1.0.0',
  asOf: EU_FACTS_AS_OF,
  title: 'EU CSRD / VSME',
  framework: 'VSME Basic module (Commission Recommendation (EU) 2025/1710), Comprehensive optional',
  // An SME reads the VSME and the value-chain cap first: they are what reaches it (issue 18).
  currentStatus: [
    {
      asOf: EU_FACTS_AS_OF,
      text: 'SMEs report voluntarily with the VSME standard (Commission Recommendation (EU) 2025/1710 of 30 Jul 2025): a Basic module (B1–B11, about 50 datapoints) and an optional Comprehensive module (C1–C9). This checklist follows it and maps each item to the EFRAG VSME XBRL taxonomy 2026-05-01.',
      sources: [EU_SOURCES.vsmeRecommendation, EU_SOURCES.vsmeTaxonomy],
    },
    {
      asOf: EU_FACTS_AS_OF,
      text: 'Value-chain cap: under Directive (EU) 2026/470, companies with 1,000 employees or fewer may refuse requests from customers, banks or investors that go beyond the voluntary standard. The delegated act setting that standard was published in draft on 6 May 2026 and reported adopted on 3 Jul 2026 (no Official Journal reference found when this pack was reviewed); it applies to value-chain requests from financial year 2027 and replaces Recommendation 2025/1710.',
      sources: [EU_SOURCES.valueChainCap, EU_SOURCES.valueChainCapAdoption],
    },
    {
      asOf: EU_FACTS_AS_OF,
      text: 'Since Directive (EU) 2026/470 (published 26 Feb 2026, in force 18 Mar 2026, to be transposed by 19 Mar 2027), the CSRD applies only to EU undertakings with more than 1,000 employees and more than €450m net turnover (both tests, alone or as a group). Non-EU groups are covered above €450m EU turnover with an EU subsidiary or branch above €200m.',
      sources: [EU_SOURCES.omnibusDirective, EU_SOURCES.omnibusFinalText],
    },
    {
      asOf: EU_FACTS_AS_OF,
      text: "Wave 2 (large companies that had not reported yet and are still in scope) first reports on financial year 2027, published in 2028, after the 'stop-the-clock' Directive (EU) 2025/794. Wave 1 (reporting since financial year 2024): member states may exempt companies that fall out of the new scope for financial years 2025 and 2026.",
      sources: [EU_SOURCES.stopTheClock, EU_SOURCES.omnibusDirective],
    },
    {
      asOf: EU_FACTS_AS_OF,
      text: "Listed SMEs have left the CSRD's scope. Their reporting had already been postponed by two years by the 'stop-the-clock' Directive (EU) 2025/794 (in force 17 Apr 2025).",
      sources: [EU_SOURCES.omnibusDirective, EU_SOURCES.stopTheClock],
    },
  ],
  sources: Object.values(EU_SOURCES),
};
