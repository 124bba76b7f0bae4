// A request's answers from what the company already has (issue 22 item 2, decision 077): the
// report snapshot the reports build (ledger figures, records, checklist, evidence) and the VSME
// facts the Inline XBRL tags from it (reports/xbrl/facts-vsme.ts). No figure is computed here: a
// value is a fact of that one fact model or a checklist answer, so a request says what the
// report and the dashboard say. What the person chose (edit, decline, answer beyond the cap)
// comes last.
import type {
  AnswerPeriod,
  AnswerSource,
  AnswerStatus,
  AnswerValue,
  DataRequestAnswer,
  ValueChainCap,
} from '../contracts/data-requests.ts';
import { decimalsFor, formatFigure, type LedgerFigure } from '../esg/figures.ts';
import type { AutoFillSource } from '../esg/types.ts';
import { sourceText } from '../reports/provenance.ts';
import type { ReportSnapshot } from '../reports/snapshot.ts';
import type { ReportFact } from '../reports/xbrl/fact-model.ts';
import type { ScopeScore } from './pcaf.ts';
import type { RequestItem } from './templates.ts';
import { isBeyondCap } from './value-chain-cap.ts';

/** A person's stored choice on one item. */
export interface AnswerEdit {
  action: 'edit' | 'decline' | 'answer';
  value: AnswerValue;
  unit: string | null;
  editedAt: string;
  editedBy: string | null;
}

export interface AnswerInput {
  items: readonly RequestItem[];
  snapshot: ReportSnapshot;
  facts: readonly ReportFact[];
  cap: ValueChainCap;
  /** The lender view's scores, for the PCAF item; null when not asked. */
  pcaf: readonly ScopeScore[] | null;
  edits: ReadonlyMap<string, AnswerEdit>;
  /** The checklist's ledger figures of the period's year (metrics/esg-figures.ts); empty for a quarter. */
  figures: Partial<Record<AutoFillSource, LedgerFigure>>;
  /** The whole request is declined. */
  isDeclined: boolean;
}

interface Computed {
  value: AnswerValue;
  unit: string | null;
  display: string;
  concept: string | null;
  period: AnswerPeriod;
  sources: AnswerSource[];
}

/** Units of the checklist (rule pack) and the XBRL unit a fact of it carries. */
function unitsAgree(itemUnit: string | null, fact: ReportFact): boolean {
  if (itemUnit === null) return fact.unit === null;
  if (itemUnit === '€') return fact.unit !== null && /^[A-Z]{3}$/.test(fact.unit);
  if (itemUnit === 'employees') return fact.unit === 'pure';
  return fact.unit === itemUnit;
}

export function displayOf(value: AnswerValue, unit: string | null): string | null {
  if (value === null) return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return unit ? `${value} ${unit}` : value;
  const places = unit ? decimalsFor(unit) : 2;
  const number = value.toLocaleString('en-GB', { maximumFractionDigits: Math.max(places, 0) });
  return unit && unit !== 'pure' ? `${number} ${unit}` : number;
}

function ledgerSource(snapshot: ReportSnapshot, keys: readonly string[]): AnswerSource {
  return {
    kind: 'ledger',
    label: `Activity ledger, ${snapshot.report.periodStart} to ${snapshot.report.periodEnd}${keys.length > 0 ? `: ${sourceText(snapshot, keys)}` : ''}`,
    datasets: [...keys],
  };
}

function factSources(snapshot: ReportSnapshot, fact: ReportFact, item: RequestItem): AnswerSource[] {
  if (fact.indicator) return [{ kind: 'checklist', label: `ESG checklist: ${item.question.split(':')[0]}` }];
  if (fact.sourceKeys || fact.scope || fact.source) return [ledgerSource(snapshot, fact.sourceKeys ?? [])];
  if (fact.concept === 'NumberOfEmployees' || fact.concept === 'TypeOfNumberOfEmployees')
    return [{ kind: 'profile', label: `Company records: employees, ${snapshot.report.period}` }];
  if (fact.concept === 'BasisForPreparation')
    return [
      {
        kind: 'checklist',
        label:
          'VSME report of the period: Basic module only unless a Comprehensive disclosure is answered in the ESG checklist',
      },
    ];
  if (fact.concept === 'Turnover')
    return [{ kind: 'profile', label: `Company records: turnover, ${snapshot.report.period}` }];
  return [{ kind: 'ledger', label: 'Activity ledger' }];
}

function fromFacts(input: AnswerInput, item: RequestItem): Computed | null {
  const [primary] = item.concepts;
  if (!primary) return null;
  const fact = input.facts.find((candidate) => candidate.concept === primary && !candidate.dimensions);
  // A nil fact is a figure nothing was recorded for (decision 086): not an answer of 0.
  if (!fact || fact.value === null || !unitsAgree(item.unit, fact)) return null;
  // An employees fact comes with its counting basis (headcount or FTE), said beside the number.
  const basis = input.facts.find((candidate) => candidate.concept === 'TypeOfNumberOfEmployees');
  const unit = item.unit === 'employees' ? (basis?.display ?? 'employees') : fact.unit;
  const value = fact.value;
  return {
    value,
    unit: fact.unit === 'pure' ? unit : fact.unit,
    display: fact.display ?? displayOf(value, fact.unit === 'pure' ? null : fact.unit) ?? '',
    concept: fact.concept,
    period: { start: fact.period.start, end: fact.period.end },
    sources: factSources(input.snapshot, fact, item),
  };
}

const countryNames = new Intl.DisplayNames(['en-GB'], { type: 'region' });
const countryName = (code: string) => countryNames.of(code.toUpperCase()) ?? code;

/**
 * B1 country and sites from the company's records (the sites page): the same `company` section of
 * the snapshot the reports print, so a request says what the report's cover says.
 */
function fromCompanyRecords(input: AnswerInput, item: RequestItem): Computed | null {
  const company = input.snapshot.company;
  const period = { start: input.snapshot.report.periodStart, end: input.snapshot.report.periodEnd };
  const source: AnswerSource = { kind: 'profile', label: 'Company records: sites' };
  if (item.key === 'country_of_operations' && company.country) {
    const value = countryName(company.country);
    return { value, unit: null, display: value, concept: null, period, sources: [source] };
  }
  if (item.key === 'list_of_sites' && company.sites.length > 0) {
    const value = company.sites
      .map((site) => {
        const place = [site.postcode, site.region, countryName(site.country)].filter(Boolean).join(', ');
        return `${site.name} (${place})`;
      })
      .join('; ');
    return { value, unit: null, display: value, concept: null, period, sources: [source] };
  }
  return null;
}

function fromChecklist(input: AnswerInput, item: RequestItem): Computed | null {
  const answer = input.snapshot.checklist?.answers.find((candidate) => candidate.indicator === item.key);
  if (!answer || answer.value.trim() === '') return null;
  // A checklist answer filled from the ledger is the checklist's own ledger figure (the same
  // getEsgFigures call), taken as the number it is rather than the text the checklist shows.
  if (answer.origin === 'ledger') {
    const figure = fromLedgerFigure(input, item);
    if (figure) return figure;
  }
  const number = /^-?\d+(\.\d+)?$/.test(answer.value.trim()) ? Number(answer.value.trim()) : null;
  const value = number ?? answer.value;
  // A unit belongs to a number; an answer in words ("24 permanent, 4 temporary") carries none.
  const unit = number === null ? null : answer.unit;
  return {
    value,
    unit,
    display: answer.origin === 'ledger' ? answer.value : (displayOf(value, unit) ?? answer.value),
    concept: null,
    period: { start: input.snapshot.report.periodStart, end: input.snapshot.report.periodEnd },
    sources: [
      answer.origin === 'ledger'
        ? ledgerSource(input.snapshot, [])
        : { kind: 'checklist', label: `ESG checklist: ${answer.title}` },
    ],
  };
}

/** Figures the checklist fills from the workforce records of the KPI page, not from the ledger. */
const WORKFORCE_FIGURES: ReadonlySet<AutoFillSource> = new Set([
  'female_share_percent',
  'training_hours_per_employee',
]);

/** The figure the ESG checklist auto-fills the item with, for a company whose checklist is not the VSME one. */
function fromLedgerFigure(input: AnswerInput, item: RequestItem): Computed | null {
  const figure = item.autoFill ? input.figures[item.autoFill] : undefined;
  if (!figure || !item.autoFill) return null;
  return {
    value: figure.value,
    unit: figure.unit,
    display: formatFigure(figure),
    concept: null,
    period: { start: input.snapshot.report.periodStart, end: input.snapshot.report.periodEnd },
    sources: [
      WORKFORCE_FIGURES.has(item.autoFill)
        ? { kind: 'profile', label: `Company records: workforce, ${input.snapshot.report.period}` }
        : ledgerSource(input.snapshot, []),
    ],
  };
}

function fromScope3Categories(input: AnswerInput): Computed | null {
  const inventory = input.snapshot.inventory;
  if (!inventory || inventory.scope3ByCategory.length === 0) return null;
  const text = inventory.scope3ByCategory
    .map((row) => `Category ${row.category} (${row.name}): ${displayOf(row.tCO2e, 'tCO2e')}`)
    .join('; ');
  return {
    value: text,
    unit: null,
    display: text,
    concept: null,
    period: { start: input.snapshot.report.periodStart, end: input.snapshot.report.periodEnd },
    sources: [ledgerSource(input.snapshot, inventory.datasets?.scope3 ?? [])],
  };
}

function fromPcaf(input: AnswerInput): Computed | null {
  if (!input.pcaf) return null;
  const names = { scope_1: 'Scope 1', scope_2: 'Scope 2', scope_3: 'Scope 3' } as const;
  const text = input.pcaf.map((scope) => `${names[scope.scope]}: ${scope.score.toFixed(1)}`).join('; ');
  return {
    value: text,
    unit: 'PCAF score',
    display: text,
    concept: null,
    period: { start: input.snapshot.report.periodStart, end: input.snapshot.report.periodEnd },
    sources: [
      {
        kind: 'ledger',
        label:
          'Data tiers of the activity ledger, scored by PCAF Standard Part A, business loans (Table 5-3)',
      },
    ],
  };
}

function compute(input: AnswerInput, item: RequestItem): Computed | null {
  switch (item.source) {
    case 'vsme':
      return (
        fromFacts(input, item) ??
        fromChecklist(input, item) ??
        fromLedgerFigure(input, item) ??
        fromCompanyRecords(input, item)
      );
    case 'pcaf':
      return fromPcaf(input);
    case 'scope3_by_category':
      return fromScope3Categories(input);
    case 'none':
      return null;
  }
}

function evidenceSources(snapshot: ReportSnapshot, key: string): AnswerSource[] {
  return snapshot.evidence
    .filter((file) => file.indicator === key)
    .map((file) => ({
      kind: 'evidence',
      label: 'Evidence file',
      fileName: file.fileName,
      sha256: file.sha256,
    }));
}

function missingOf(item: RequestItem, period: string): DataRequestAnswer['missing'] {
  if (item.source === 'none')
    return {
      reason: 'The product records nothing that answers this question: type your answer.',
      href: null,
      action: null,
    };
  return {
    reason: `No ${item.question.split(':')[0]!.toLowerCase()} is recorded for ${period} yet.`,
    href: item.fix?.href ?? null,
    action: item.fix?.action ?? null,
  };
}

/** Every item of the request with its answer and status. */
export function answerItems(input: AnswerInput): DataRequestAnswer[] {
  const period = input.snapshot.report.period;
  return input.items.map((item) => {
    const computed = compute(input, item);
    const edit = input.edits.get(item.key);
    const beyondCap = isBeyondCap(item, input.cap);
    const base = {
      key: item.key,
      question: item.question,
      disclosure: item.disclosure,
      isBeyondCap: beyondCap,
    };
    const empty = {
      concept: computed?.concept ?? null,
      value: null,
      display: null,
      unit: item.unit,
      period: null,
      sources: [],
      missing: null,
      edit: null,
    };
    if (edit?.action === 'edit') {
      return {
        ...base,
        concept: computed?.concept ?? null,
        value: edit.value,
        display: displayOf(edit.value, edit.unit),
        unit: edit.unit,
        period: computed?.period ?? {
          start: input.snapshot.report.periodStart,
          end: input.snapshot.report.periodEnd,
        },
        status: 'answered' as AnswerStatus,
        sources: [
          {
            kind: 'person',
            label: `Edited by ${edit.editedBy ?? 'a former member'} on ${edit.editedAt.slice(0, 10)}`,
          },
          ...evidenceSources(input.snapshot, item.key),
        ],
        missing: null,
        edit: {
          editedAt: edit.editedAt,
          editedBy: edit.editedBy,
          computedValue: computed?.value ?? null,
          computedDisplay: computed?.display ?? null,
        },
      };
    }
    if (input.isDeclined || edit?.action === 'decline')
      return { ...base, ...empty, status: 'declined' as const };
    if (beyondCap && edit?.action !== 'answer') return { ...base, ...empty, status: 'beyond_cap' as const };
    if (!computed) return { ...base, ...empty, status: 'missing' as const, missing: missingOf(item, period) };
    return {
      ...base,
      concept: computed.concept,
      value: computed.value,
      display: computed.display,
      unit: computed.unit,
      period: computed.period,
      status: 'answered' as const,
      sources: [...computed.sources, ...evidenceSources(input.snapshot, item.key)],
      missing: null,
      edit: null,
    };
  });
}
