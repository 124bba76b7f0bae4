// US SEC / California: the pack's label, version, as-of date, sources and dated "current status" lines,
// without its indicators. The wizard's browser script imports only these (./status.ts), and
// ./sec-climate.ts spreads this object into the full pack, so each fact is written once. Facts:
// shared/reference/regulation.md §3c and §3d, and its update of 2026-11-25 (reviewed for issue 18).
import type { RulePackStatus, Source } from '../types.ts';

/** Sources of the US facts, shared with the pack and the applicability check. */
export const US_SOURCES = {
  secRule: {
    title: 'SEC adopts climate-related disclosure rules, 6 Mar 2024 (press release 2024-31)',
    url: 'https://www.sec.gov/news/press-release/2024-31',
  },
  secDefenceEnded: {
    title: 'SEC votes to end its defence of the climate rule, 27 Mar 2025 (Cooley PubCo)',
    url: 'https://cooleypubco.com',
  },
  secRescissionProposed: {
    title:
      'SEC proposes to rescind the climate disclosure rule, 29 May 2026 (Federal Register document 2026-11091)',
    url: 'https://www.federalregister.gov/d/2026-11091',
  },
  eighthCircuitAbeyance: {
    title: 'Iowa v. SEC held in abeyance by the Eighth Circuit, 12 Sep 2025 (Harvard EELP)',
    url: 'https://eelp.law.harvard.edu',
  },
  sb253: {
    title: 'California SB 253, Climate Corporate Data Accountability Act',
    url: 'https://leginfo.legislature.ca.gov/faces/billNavClient.xhtml?bill_id=202320240SB253',
  },
  sb253Timeline: {
    title: 'Ninth Circuit and the California climate disclosure laws: SB 253 timeline (Watershed)',
    url: 'https://watershed.com/en-AU/blog/ninth-circuit-california-climate-disclosure',
  },
  sb261: {
    title: 'California SB 261, Greenhouse gases: climate-related financial risk',
    url: 'https://leginfo.legislature.ca.gov/faces/billNavClient.xhtml?bill_id=202320240SB261',
  },
  sb261Injunction: {
    title: 'Ninth Circuit enjoins SB 261 pending appeal, 18 Nov 2025 (White & Case)',
    url: 'https://www.whitecase.com',
  },
  ghgProtocol: {
    title: 'GHG Protocol Corporate Standard and Scope 2 Guidance',
    url: 'https://ghgprotocol.org',
  },
} as const satisfies Record<string, Source>;

/** The date the US facts of this file were last checked against their sources. */
export const US_FACTS_AS_OF = '2026-11-25';

export const SEC_CLIMATE_STATUS: RulePackStatus = {
  jurisdiction: 'SEC',
  id: 'us-sec-climate',
  version: '1.0.0',
  asOf: US_FACTS_AS_OF,
  title: 'US SEC climate rule / California SB 253 and SB 261',
  framework: 'TCFD / IFRS S2 structure, with GHG Protocol Scope 1 and 2 for California SB 253',
  currentStatus: [
    {
      asOf: US_FACTS_AS_OF,
      text: 'The SEC climate disclosure rule was adopted on 6 Mar 2024 but was stayed (by the Fifth Circuit, then by the SEC itself in April 2024) and has never taken effect. The SEC voted to stop defending it on 27 Mar 2025.',
      sources: [US_SOURCES.secRule, US_SOURCES.secDefenceEnded],
    },
    {
      asOf: US_FACTS_AS_OF,
      text: 'On 12 Sep 2025 the Eighth Circuit held Iowa v. SEC in abeyance. On 29 May 2026 the SEC proposed to rescind the rule in full (comments closed 3 Aug 2026); no final rescission had been found when this pack was reviewed. Nothing is due under the rule.',
      sources: [US_SOURCES.eighthCircuitAbeyance, US_SOURCES.secRescissionProposed],
    },
    {
      asOf: US_FACTS_AS_OF,
      text: 'California SB 253 applies to US entities doing business in California with revenue above $1bn. The first Scope 1 and 2 reports were due by 10 Aug 2026 under CARB regulations approved on 26 Feb 2026: that deadline has passed (no assurance was required in 2026, and good-faith filers face no penalties). Scope 3 follows from 2027, with limited assurance from 2027 and reasonable assurance from 2030. Penalties reach $500k a year.',
      sources: [US_SOURCES.sb253, US_SOURCES.sb253Timeline],
    },
    {
      asOf: US_FACTS_AS_OF,
      text: 'California SB 261 (revenue above $500m; a climate-risk report every two years) was enjoined by the Ninth Circuit on 18 Nov 2025 pending appeal, before its first deadline of 1 Jan 2026. CARB will not enforce it and opened a voluntary docket on 1 Dec 2025.',
      sources: [US_SOURCES.sb261, US_SOURCES.sb261Injunction],
    },
  ],
  sources: Object.values(US_SOURCES),
};
