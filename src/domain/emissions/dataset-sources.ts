// Who published each factor set the product uses, and how it must be cited (from
// shared/reference/datasets/PROVENANCE.md). Screens and reports cite the PUBLISHER from here; the
// GitHub copies this workspace read the files from are an audit trail only
// (db/reference/factors/README.md), never a source text.

export interface DatasetSource {
  /** Short key stored as a factor's `dataset` prefix. */
  key: string;
  publisher: string;
  /** The publication's official title. */
  title: string;
  /** How a report names it: publisher, title (and version). */
  citation: string;
  url: string;
  licence: string;
  /** The attribution statement the licence asks for, verbatim. */
  attribution: string;
}

const OGL = 'Open Government Licence v3.0';
const desnz = (year: number, version: string, url: string): DatasetSource => ({
  key: `DESNZ ${year}`,
  publisher: 'UK Department for Energy Security and Net Zero (DESNZ) and Defra',
  title: `Greenhouse gas reporting: conversion factors ${year}`,
  citation: `UK DESNZ, Greenhouse gas reporting: conversion factors ${year} (${version})`,
  url,
  licence: OGL,
  attribution: `Contains public sector information licensed under the Open Government Licence v3.0. Source: Department for Energy Security and Net Zero, Greenhouse gas reporting: conversion factors ${year}${version.startsWith('v1.1') ? ' (v1.1)' : ''}.`,
});

export const DATASET_SOURCES = {
  desnz2023: desnz(
    2023,
    'v1.1, flat file',
    'https://www.gov.uk/government/publications/greenhouse-gas-reporting-conversion-factors-2023',
  ),
  desnz2024: desnz(
    2024,
    'v1.1, flat file',
    'https://www.gov.uk/government/publications/greenhouse-gas-reporting-conversion-factors-2024',
  ),
  desnz2025: desnz(
    2025,
    'v1.0, flat file, 10 June 2025',
    'https://www.gov.uk/government/publications/greenhouse-gas-reporting-conversion-factors-2025',
  ),
  desnz2026: desnz(
    2026,
    'full set v1, June 2026',
    'https://www.gov.uk/government/publications/greenhouse-gas-reporting-conversion-factors-2026',
  ),
  epaSupplyChain: {
    key: 'EPA Supply Chain v1.3',
    publisher: 'U.S. Environmental Protection Agency, Office of Research and Development',
    title: 'Supply Chain Greenhouse Gas Emission Factors v1.3 by NAICS-6',
    citation:
      'U.S. EPA (2024). Supply Chain Greenhouse Gas Emission Factors v1.3 by NAICS-6. https://doi.org/10.23719/1531143',
    url: 'https://doi.org/10.23719/1531143',
    licence: 'US Government work: public domain in the United States',
    attribution:
      'U.S. EPA (2024). Supply Chain Greenhouse Gas Emission Factors v1.3 by NAICS-6. https://doi.org/10.23719/1531143. No EPA endorsement is implied.',
  },
  defraSic: {
    key: 'Defra SIC 2022',
    publisher: 'UK Department for Environment, Food & Rural Affairs (Defra)',
    title: "UK's carbon footprint: GHG multipliers by SIC code, 2022",
    citation: "Defra, UK's carbon footprint (GHG and CO2 multipliers by SIC code, 2022)",
    url: 'https://www.gov.uk/government/statistics/uks-carbon-footprint',
    licence: OGL,
    attribution:
      "Contains public sector information licensed under the Open Government Licence v3.0. Source: Defra, UK's carbon footprint (GHG and CO2 multipliers by SIC code, 2022).",
  },
  ecb: {
    key: 'ECB reference rates',
    publisher: 'European Central Bank',
    title: 'Euro foreign exchange reference rates (annual averages derived from the daily rates)',
    citation: 'Derived from European Central Bank (ECB), euro foreign exchange reference rates',
    url: 'https://www.ecb.europa.eu/stats/policy_and_exchange_rates/euro_reference_exchange_rates/html/index.en.html',
    licence: 'ECB statistics: reuse free of charge with the source acknowledged',
    attribution: 'Source: European Central Bank (ECB), euro foreign exchange reference rates.',
  },
  cpiU: {
    key: 'BLS CPI-U',
    publisher: 'U.S. Bureau of Labor Statistics',
    title: 'Consumer Price Index for All Urban Consumers (CPI-U), U.S. city average, all items',
    citation: 'U.S. Bureau of Labor Statistics, CPI-U (CUUR0000SA0), annual averages',
    url: 'https://data.bls.gov/timeseries/CUUR0000SA0',
    licence: 'US Government work: public domain in the United States',
    attribution: 'U.S. Bureau of Labor Statistics, CPI-U (CUUR0000SA0), annual averages.',
  },
} as const satisfies Record<string, DatasetSource>;

/**
 * The attribution statements the licences of `datasets` (factor `dataset` keys, e.g. "DESNZ 2025")
 * ask for, once each, in the order given. The Open Government Licence asks every use of DESNZ and
 * Defra figures to carry its statement (issue 18); keys of other sets have none here.
 */
export function licenceAttributions(datasets: readonly string[]): string[] {
  const byKey = new Map<string, string>(
    Object.values(DATASET_SOURCES).map((source) => [source.key, source.attribution]),
  );
  const statements = datasets.map((key) => byKey.get(key)).filter((text) => text !== undefined);
  return [...new Set(statements)];
}

/** The DESNZ source of a factor-set year, or undefined outside 2023–2026. */
export function desnzSource(year: number): DatasetSource | undefined {
  return (DATASET_SOURCES as Record<string, DatasetSource>)[`desnz${year}`];
}
