// One checklist item from its rule-pack definition, what a person stored for it, and the ledger
// figures of the reporting year. A ledger-backed indicator shows the ledger's figure until a person
// types over it (an override, kept until they choose the ledger again); the figure itself is never
// stored, so the item always reflects the ledger as it is now.
import type { EsgProgressItem } from '../../../domain/contracts/esg-wizard.ts';
import { isCompletedValue } from '../../../domain/esg/compliance.ts';
import { formatFigure } from '../../../domain/esg/figures.ts';
import { describeIndicator, humaniseIndicator } from '../../../domain/esg/indicators.ts';
import { mappingLabel } from '../../../domain/esg/rule-packs/index.ts';
import type { AutoFillRegion, IndicatorDefinition, RulePack } from '../../../domain/esg/types.ts';
import type { EsgFigures } from '../kpi/service.ts';

/** An `esg_answers` row as the service reads it, with the name of who last changed it. */
export interface StoredAnswer {
  indicator: string;
  value: string;
  /** `initial`: nobody set a value (the ledger applies); `manual`: a person's value or override. */
  origin: 'initial' | 'manual';
  note: string | null;
  updatedAt: Date | null;
  updatedBy: string | null;
}

/** Figures per geography: `all` (every site) and each AutoFillRegion a pack asks for. */
export type FiguresByRegion = Partial<Record<AutoFillRegion | 'all', EsgFigures>>;

/**
 * The geographies the list's ledger-backed indicators are counted over ('all' for those without
 * a region); empty when none is ledger-backed, so the ledger queries are skipped.
 */
export function ledgerRegions(indicators: readonly IndicatorDefinition[]): (AutoFillRegion | 'all')[] {
  const regions = new Set<AutoFillRegion | 'all'>();
  for (const indicator of indicators) {
    if (indicator.autoFill !== undefined) regions.add(indicator.autoFillRegion ?? 'all');
  }
  return [...regions];
}

export function buildItem(
  pack: RulePack,
  definition: IndicatorDefinition,
  answer: StoredAnswer | undefined,
  figures: FiguresByRegion,
  evidenceCount: number,
): EsgProgressItem {
  const ledgerBacked = definition.autoFill !== undefined;
  const regional = figures[definition.autoFillRegion ?? 'all'];
  const figure = definition.autoFill ? regional?.values[definition.autoFill] : undefined;
  const ledgerNote = definition.autoFill ? regional?.notes[definition.autoFill] : undefined;
  const ledgerValue = figure ? formatFigure(figure) : null;
  const overridden = ledgerBacked && answer?.origin === 'manual';

  let value: string;
  let origin: EsgProgressItem['origin'];
  if (overridden) {
    // Even '' (toggled off) is the person's choice over the ledger.
    value = answer.value;
    origin = 'manual';
  } else if (ledgerValue !== null) {
    value = ledgerValue;
    origin = 'ledger';
  } else {
    value = answer?.origin === 'manual' ? answer.value : '';
    origin = isCompletedValue(value) ? 'manual' : 'empty';
  }
  const fromLedger = origin === 'ledger';

  return {
    section: definition.section,
    indicator: definition.key,
    value,
    isCompleted: isCompletedValue(value),
    isRequired: definition.required,
    autoFilled: fromLedger,
    category: definition.category,
    title: definition.title || humaniseIndicator(definition.key),
    description: definition.description || describeIndicator(definition.key),
    unit: definition.unit,
    // Only the CSRD/VSME pack has modules; an item without one is in the Basic module.
    module: pack.jurisdiction === 'CSRD' ? (definition.module ?? 'basic') : (definition.module ?? null),
    mappingLabel: mappingLabel(definition.mapping),
    origin,
    ledgerBacked,
    ledgerValue,
    ...(ledgerBacked && definition.autoFillRegion ? { ledgerRegion: definition.autoFillRegion } : {}),
    ...(ledgerNote ? { ledgerNote } : {}),
    overridden,
    note: answer?.note ?? null,
    evidenceCount,
    // A ledger value was changed by whoever changed the ledger, not by a checklist edit.
    updatedAt: fromLedger ? null : (answer?.updatedAt?.toISOString() ?? null),
    updatedBy: fromLedger ? null : (answer?.updatedBy ?? null),
  };
}
