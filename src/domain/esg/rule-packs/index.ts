// The rule packs by jurisdiction, and the indicator list a checklist uses.
import type { Jurisdiction } from '../../contracts/auth.ts';
import type { IndicatorDefinition, IndicatorMapping, RulePack } from '../types.ts';
import { CSRD_VSME_PACK } from './csrd-vsme.ts';
import { SEC_CLIMATE_PACK } from './sec-climate.ts';
import { SECR_PACK } from './secr.ts';

export const RULE_PACKS: Record<Jurisdiction, RulePack> = {
  CSRD: CSRD_VSME_PACK,
  SECR: SECR_PACK,
  SEC: SEC_CLIMATE_PACK,
};

export function rulePackFor(jurisdiction: Jurisdiction): RulePack {
  return RULE_PACKS[jurisdiction];
}

/** The pack's indicators for a checklist: Comprehensive-module items only when asked for. */
export function checklistIndicators(pack: RulePack, includeComprehensive: boolean): IndicatorDefinition[] {
  return pack.indicators.filter((indicator) => includeComprehensive || indicator.module !== 'comprehensive');
}

/** e.g. 'VSME B3 · GrossScope1GreenhouseGasEmissions', 'SECR · UK energy use (kWh)'. */
export function mappingLabel(mapping: IndicatorMapping): string {
  switch (mapping.kind) {
    case 'vsme':
      return `VSME ${mapping.disclosure} · ${mapping.concepts.join(', ')}`;
    case 'secr':
      return `SECR · ${mapping.item}`;
    case 'sec':
      return mapping.item;
  }
}
