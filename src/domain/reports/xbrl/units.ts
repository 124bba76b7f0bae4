// Units of the fact model and their XBRL measures. GHG, energy, volume and mass measures are Unit
// Type Registry entries in namespace http://www.xbrl.org/2009/utr (tCO2e, MWh, kWh, m3, t);
// currencies are ISO 4217 codes; counts are xbrli:pure; intensities divide tCO2e by a currency.

export const NAMESPACES = {
  xbrli: 'http://www.xbrl.org/2003/instance',
  link: 'http://www.xbrl.org/2003/linkbase',
  xlink: 'http://www.w3.org/1999/xlink',
  iso4217: 'http://www.xbrl.org/2003/iso4217',
  utr: 'http://www.xbrl.org/2009/utr',
  xbrldi: 'http://xbrl.org/2006/xbrldi',
  ix: 'http://www.xbrl.org/2013/inlineXBRL',
  ixt: 'http://www.xbrl.org/inlineXBRL/transformation/2020-02-12',
  xhtml: 'http://www.w3.org/1999/xhtml',
  /** For xsi:nil on a figure nothing was recorded for (decision 086). */
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
  /** Our own namespace for SECR/SEC facts: NOT a regulator taxonomy (there is none for SMEs). */
  esgp: 'https://esg-pilot.example/taxonomy/2026',
} as const;

const UTR_UNITS = new Set(['tCO2e', 'MWh', 'kWh', 'm3', 't']);

export interface UnitMeasures {
  numerator: string[];
  denominator: string[];
}

/** The measures (prefixed QNames) of a fact unit such as 'tCO2e', 'GBP', 'pure' or 'tCO2e/EUR'. */
export function unitMeasures(unit: string): UnitMeasures {
  const [top = '', bottom] = unit.split('/');
  const measure = (part: string): string => {
    if (part === 'pure') return 'xbrli:pure';
    if (UTR_UNITS.has(part)) return `utr:${part}`;
    if (/^[A-Z]{3}$/.test(part)) return `iso4217:${part}`;
    throw new Error(`No XBRL measure for unit ${part}`);
  };
  return { numerator: [measure(top)], denominator: bottom === undefined ? [] : [measure(bottom)] };
}

/** A stable unit id for XML (`u-tCO2e`, `u-tCO2e-per-EUR`). */
export function unitId(unit: string): string {
  return `u-${unit.replace('/', '-per-')}`;
}

/** The xBRL-JSON unit string (OIM: numerator measures, '/', denominator measures). */
export function oimUnit(unit: string): string | null {
  if (unit === 'pure') return null;
  const { numerator, denominator } = unitMeasures(unit);
  return denominator.length === 0 ? numerator.join('*') : `${numerator.join('*')}/${denominator.join('*')}`;
}
