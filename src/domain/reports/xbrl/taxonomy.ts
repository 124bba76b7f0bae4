// The VSME taxonomy versions we tag against. Entry points and namespaces: shared/reference/
// regulation.md §3a ("Hosted at https://xbrl.efrag.org/taxonomy/vsme/<date>/", namespace
// https://xbrl.efrag.org/taxonomy/vsme/2026-05-01/vsme) and vsme-concepts.md; the 2026-05-01 entry
// point vsme-all.xsd is the one named in EFRAG's converter package metadata (EFRAG-EU/
// Digital-Template-to-XBRL-Converter, tests of mireport.taxonomy_package), the 2024-12-17 one is the
// schema in the reference copy (vsme-taxonomy/cache/…/2024-12-17/vsme-all.xsd).
import {
  DEFAULT_VSME_TAXONOMY_VERSION,
  VSME_TAXONOMY_VERSIONS,
  type VsmeTaxonomyVersionChoice,
} from '../../contracts/export.ts';
import { MEMBERS_RENAMED_IN_2026, RENAMED_IN_2026, VSME_2024_12_17_CONCEPTS } from './concepts-2024-12-17.ts';
import { VSME_2026_05_01_CONCEPTS } from './concepts-2026-05-01.ts';
import type { ConceptTable } from './taxonomy-types.ts';

export type VsmeTaxonomyVersion = VsmeTaxonomyVersionChoice;
export const LATEST_VSME_VERSION: VsmeTaxonomyVersion = DEFAULT_VSME_TAXONOMY_VERSION;

export interface ConceptDefinition {
  name: string;
  /** Data type QName as the schema spells it, e.g. 'dtr-types:ghgEmissionsItemType'. */
  dataType: string;
  periodType: 'duration' | 'instant';
  /** VSME disclosure: B1…B11, C1…C9, or 'General'. */
  disclosure: string;
  label: string;
}

export interface VsmeTaxonomy {
  version: VsmeTaxonomyVersion;
  namespace: string;
  entryPoint: string;
  concepts: ReadonlyMap<string, ConceptDefinition>;
  /** The concept's name in this version, given its 2026-05-01 name; null when the version lacks it. */
  resolve(name2026: string): ConceptDefinition | null;
  /** An enumeration value (`<namespace>#<member>`) in this version, given the member's 2026-05-01 name. */
  member(name2026: string): string;
}

/**
 * Concepts that VSME tags only in a table row: a typed axis (site, subsidiary, material) or an axis
 * without a default (type of waste), in a closed hypercube. Without that dimension the fact is
 * invalid (XBRL Dimensions 1.0), and the product records no such rows, so these are never tagged.
 * The same 19 in both versions; taxonomy-conformance.test.ts derives the list from EFRAG's
 * hypercubes and fails if it drifts.
 */
export const ROW_ONLY_CONCEPTS: ReadonlySet<string> = new Set([
  'AddressOfSite',
  'AreaOfSiteInBiodiversitySensitiveArea',
  'CityOfSite',
  'CountryOfSite',
  'GPSLocationOfSite',
  'NameOfMaterialUsed',
  'NameOfTheSubsidiary',
  'PostalCodeOfSite',
  'RegisteredAddressOfTheSubsidiary',
  'SiteLocatedInABiodiversitySensitiveArea',
  'SiteLocatedNearABiodiversitySensitiveArea',
  'TotalWasteRecycledReusedAndDirectedToDisposalMass',
  'TotalWasteRecycledReusedAndDirectedToDisposalVolume',
  'VolumeOfMaterialUsed',
  'WasteDirectedToDisposalMass',
  'WasteDirectedToDisposalVolume',
  'WasteDivertedToRecycleOrReuseMass',
  'WasteDivertedToRecycleOrReuseVolume',
  'WeightOfMaterialUsed',
]);

function buildTable(table: ConceptTable): ReadonlyMap<string, ConceptDefinition> {
  return new Map(
    table.map(([name, dataType, periodType, disclosure, label]) => [
      name,
      { name, dataType, periodType, disclosure, label },
    ]),
  );
}

function buildTaxonomy(
  version: VsmeTaxonomyVersion,
  table: ConceptTable,
  renames: Readonly<Record<string, string>>,
  memberRenames: Readonly<Record<string, string>>,
): VsmeTaxonomy {
  const base = `https://xbrl.efrag.org/taxonomy/vsme/${version}`;
  const concepts = buildTable(table);
  return {
    version,
    namespace: `${base}/vsme`,
    entryPoint: `${base}/vsme-all.xsd`,
    concepts,
    resolve: (name2026) => concepts.get(renames[name2026] ?? name2026) ?? null,
    member: (name2026) => `${base}/vsme#${memberRenames[name2026] ?? name2026}`,
  };
}

const TAXONOMIES: Record<VsmeTaxonomyVersion, VsmeTaxonomy> = {
  '2024-12-17': buildTaxonomy(
    '2024-12-17',
    VSME_2024_12_17_CONCEPTS,
    RENAMED_IN_2026,
    MEMBERS_RENAMED_IN_2026,
  ),
  '2026-05-01': buildTaxonomy('2026-05-01', VSME_2026_05_01_CONCEPTS, {}, {}),
};

export function isVsmeTaxonomyVersion(version: string): version is VsmeTaxonomyVersion {
  return (VSME_TAXONOMY_VERSIONS as readonly string[]).includes(version);
}

/** The taxonomy of a snapshot's version (empty → the latest). An unknown version throws. */
export function vsmeTaxonomy(version: string | null | undefined): VsmeTaxonomy {
  if (!version) return TAXONOMIES[LATEST_VSME_VERSION];
  if (!isVsmeTaxonomyVersion(version)) {
    throw new Error(`VSME taxonomy version ${version} is not supported; choose 2024-12-17 or 2026-05-01`);
  }
  return TAXONOMIES[version];
}

/** The local part of a data type QName ('dtr1:textBlockItemType' → 'textBlockItemType'). */
export function dataTypeLocalName(dataType: string): string {
  return dataType.slice(dataType.indexOf(':') + 1);
}
