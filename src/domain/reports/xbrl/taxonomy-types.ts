/** One concept row: [local name, data type QName, period type, VSME disclosure (B1…C9 or General), label]. */
export type ConceptRow = readonly [
  name: string,
  dataType: string,
  periodType: 'duration' | 'instant',
  disclosure: string,
  label: string,
];

export type ConceptTable = readonly ConceptRow[];
