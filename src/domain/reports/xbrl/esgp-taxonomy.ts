// ESG Pilot's extension taxonomy for the esgp concepts (decision 056): an XML Schema generated
// from concepts-esgp.ts, with an English label linkbase, importing the EFRAG VSME entry point
// (2026-05-01) whose concepts it complements, the XBRL 2.1 schemas and the Data Type Registry
// types. It travels inside the SECR/SEC report package: META-INF/catalog.xml (XBRL Taxonomy
// Packages 1.0 remapping) maps its canonical URL to the copy in the package, so an XBRL
// processor resolves the xBRL-JSON's `taxonomy` entry offline.
import { ESGP_CONCEPTS, ESGP_TYPED_DIMENSIONS } from './concepts-esgp.ts';
import { vsmeTaxonomy } from './taxonomy.ts';
import { NAMESPACES } from './units.ts';
import { escapeXml } from './xml.ts';

/** Where the schema is published; the package's catalog maps this folder to `taxonomy/`. */
export const ESGP_TAXONOMY_BASE = `${NAMESPACES.esgp}/`;
export const ESGP_SCHEMA_FILE = 'esgp.xsd';
export const ESGP_LABEL_FILE = 'esgp-label.xml';
export const ESGP_SCHEMA_URL = `${ESGP_TAXONOMY_BASE}${ESGP_SCHEMA_FILE}`;

export const DTR_TYPES = {
  namespace: 'http://www.xbrl.org/dtr/type/2024-01-31',
  location: 'https://www.xbrl.org/dtr/type/2024-01-31/types.xsd',
};
const XBRLDT = {
  namespace: 'http://xbrl.org/2005/xbrldt',
  location: 'http://www.xbrl.org/2005/xbrldt-2005.xsd',
};
const XBRLI_LOCATION = 'http://www.xbrl.org/2003/xbrl-instance-2003-12-31.xsd';
const LINK_LOCATION = 'http://www.xbrl.org/2003/xbrl-linkbase-2003-12-31.xsd';

const id = (name: string) => `esgp_${name}`;

/** The extension schema (esgp.xsd). */
export function renderEsgpSchema(): string {
  const vsme = vsmeTaxonomy(null);
  const items = ESGP_CONCEPTS.map(
    ([name, dataType, periodType]) =>
      `  <xs:element name="${name}" id="${id(name)}" type="${dataType}" substitutionGroup="xbrli:item" nillable="true" xbrli:periodType="${periodType}"/>`,
  );
  const dimensions = ESGP_TYPED_DIMENSIONS.flatMap((dimension) => [
    `  <xs:element name="${dimension.axis}" id="${id(dimension.axis)}" type="xbrli:stringItemType" substitutionGroup="xbrldt:dimensionItem" abstract="true" nillable="true" xbrli:periodType="duration" xbrldt:typedDomainRef="#${id(dimension.domain)}"/>`,
    `  <xs:element name="${dimension.domain}" id="${id(dimension.domain)}">${dimension.type}</xs:element>`,
  ]);
  return `<?xml version="1.0" encoding="UTF-8"?>
<!-- ESG Pilot extension taxonomy: concepts for SECR and SEC figures that no regulator taxonomy for
     small and medium companies defines. Not a regulator's taxonomy. Generated from the product's
     concept table; imports the EFRAG VSME taxonomy ${vsme.version}. -->
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xbrli="${NAMESPACES.xbrli}" xmlns:link="${NAMESPACES.link}" xmlns:xlink="${NAMESPACES.xlink}" xmlns:xbrldt="${XBRLDT.namespace}" xmlns:dtr-types="${DTR_TYPES.namespace}" xmlns:esgp="${NAMESPACES.esgp}" targetNamespace="${NAMESPACES.esgp}" elementFormDefault="qualified" attributeFormDefault="unqualified">
  <xs:annotation>
    <xs:appinfo>
      <link:linkbaseRef xlink:type="simple" xlink:href="${ESGP_LABEL_FILE}" xlink:role="http://www.xbrl.org/2003/role/labelLinkbaseRef" xlink:arcrole="http://www.w3.org/1999/xlink/properties/linkbase"/>
    </xs:appinfo>
  </xs:annotation>
  <xs:import namespace="${NAMESPACES.xbrli}" schemaLocation="${XBRLI_LOCATION}"/>
  <xs:import namespace="${NAMESPACES.link}" schemaLocation="${LINK_LOCATION}"/>
  <xs:import namespace="${XBRLDT.namespace}" schemaLocation="${XBRLDT.location}"/>
  <xs:import namespace="${DTR_TYPES.namespace}" schemaLocation="${DTR_TYPES.location}"/>
  <xs:import namespace="${vsme.namespace}" schemaLocation="${vsme.entryPoint}"/>
${[...items, ...dimensions].join('\n')}
</xs:schema>
`;
}

/** The English label linkbase (esgp-label.xml): the standard label of every concept and axis. */
export function renderEsgpLabels(): string {
  const labelled: [string, string][] = [
    ...ESGP_CONCEPTS.map(([name, , , , label]): [string, string] => [name, label]),
    ...ESGP_TYPED_DIMENSIONS.map((dimension): [string, string] => [dimension.axis, dimension.label]),
  ];
  const entries = labelled.map(
    ([name, label]) =>
      `    <link:loc xlink:type="locator" xlink:href="${ESGP_SCHEMA_FILE}#${id(name)}" xlink:label="loc_${name}"/>
    <link:label xlink:type="resource" xlink:label="label_${name}" xlink:role="http://www.xbrl.org/2003/role/label" xml:lang="en">${escapeXml(label)}</link:label>
    <link:labelArc xlink:type="arc" xlink:arcrole="http://www.xbrl.org/2003/arcrole/concept-label" xlink:from="loc_${name}" xlink:to="label_${name}"/>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<link:linkbase xmlns:link="${NAMESPACES.link}" xmlns:xlink="${NAMESPACES.xlink}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${NAMESPACES.link} ${LINK_LOCATION}">
  <link:labelLink xlink:type="extended" xlink:role="http://www.xbrl.org/2003/role/link">
${entries.join('\n')}
  </link:labelLink>
</link:linkbase>
`;
}

/** META-INF/taxonomyPackage.xml (Taxonomy Packages 1.0) naming the schema as its entry point. */
export function renderTaxonomyPackageXml(publicationDate: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<tp:taxonomyPackage xmlns:tp="http://xbrl.org/2016/taxonomy-package" xml:lang="en">
  <tp:identifier>${NAMESPACES.esgp}</tp:identifier>
  <tp:name>ESG Pilot extension concepts (esgp)</tp:name>
  <tp:description>Concepts for SECR and SEC figures that no regulator taxonomy for small and medium companies defines. Not a regulator's taxonomy.</tp:description>
  <tp:version>2026</tp:version>
  <tp:publisher>ESG Pilot</tp:publisher>
  <tp:publicationDate>${publicationDate}</tp:publicationDate>
  <tp:entryPoints>
    <tp:entryPoint>
      <tp:name>ESG Pilot esgp concepts</tp:name>
      <tp:entryPointDocument href="${ESGP_SCHEMA_URL}"/>
    </tp:entryPoint>
  </tp:entryPoints>
</tp:taxonomyPackage>
`;
}

/** META-INF/catalog.xml: the schema's canonical folder → the package's `taxonomy/` folder. */
export function renderCatalogXml(): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<catalog xmlns="urn:oasis:names:tc:entity:xmlns:xml:catalog">
  <rewriteURI uriStartString="${ESGP_TAXONOMY_BASE}" rewritePrefix="../taxonomy/"/>
</catalog>
`;
}
