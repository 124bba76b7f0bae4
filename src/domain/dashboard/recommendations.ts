// The dashboard's next steps, computed from the company's real state (issue 17 item 8, decision
// 054) instead of spec §2's three fixed tips. Pure: the dashboard service gathers the state.
import type { ComplianceStatus, NarrativeProgress, Recommendation } from '../contracts/dashboard.ts';

export interface DashboardState {
  /** The reporting year the figures below are of. */
  year: number;
  /** Any line in the ledger, whatever its year. */
  hasData: boolean;
  /** Lines of the year with a figure in each scope (a line with no figure there counts 0). */
  scopeLines: { scope1: number; scope2: number; scope3: number };
  /** Lines of the year stored without any figure (not counted: `datasets = '[]'`). */
  notCountedLines: number;
  /** What the year's records lack, among turnover, employees and the workforce breakdown. */
  missingRecords: ('turnover' | 'employees' | 'workforce')[];
  narratives: NarrativeProgress;
  compliance: ComplianceStatus | null;
  reportCount: number;
}

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;

/** Lists in words: 'a', 'a and b', 'a, b and c'. */
function inWords(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const SCOPE_HINTS = {
  scope1: 'scope 1 (fuel burned on site or in your vehicles)',
  scope2: 'scope 2 (electricity and heat you buy)',
  scope3: 'scope 3 (purchases, travel, waste and water)',
} as const;

const RECORD_WORDS = { turnover: 'turnover', employees: 'employee count', workforce: 'workforce breakdown' };

function dataSteps(state: DashboardState): Recommendation[] {
  if (!state.hasData) {
    return [
      {
        id: 'add_data',
        title: 'Bring in your activity data',
        text: 'Import a spreadsheet of bills and spend, scan a receipt or connect your accounting system: every figure starts from these lines.',
        href: '/data-sources',
        action: 'Add data',
      },
    ];
  }
  const steps: Recommendation[] = [];
  if (state.notCountedLines > 0) {
    steps.push({
      id: 'not_counted',
      title: `${plural(state.notCountedLines, 'line')} not counted`,
      text: `${plural(state.notCountedLines, 'line')} of ${state.year} ${state.notCountedLines === 1 ? 'has' : 'have'} no emissions yet, so ${state.notCountedLines === 1 ? 'it is' : 'they are'} missing from your totals. Open the ledger to see why and fix ${state.notCountedLines === 1 ? 'it' : 'them'}.`,
      href: '/data-sources',
      action: 'Open the ledger',
    });
  }
  const missing = (Object.keys(SCOPE_HINTS) as (keyof typeof SCOPE_HINTS)[]).filter(
    (scope) => state.scopeLines[scope] === 0,
  );
  if (missing.length > 0) {
    steps.push({
      id: 'missing_scopes',
      title: `No ${inWords(missing.map((scope) => scope.replace('scope', 'scope ')))} figures for ${state.year}`,
      text: `Nothing in ${state.year} counts towards ${inWords(missing.map((scope) => SCOPE_HINTS[scope]))}. Add those bills if you have them, or note why they do not apply.`,
      href: '/data-sources',
      action: 'Add data',
    });
  }
  return steps;
}

function reportSteps(state: DashboardState): Recommendation[] {
  const steps: Recommendation[] = [];
  if (state.missingRecords.length > 0) {
    steps.push({
      id: 'missing_records',
      title: `Add your ${state.year} company figures`,
      text: `Your ${inWords(state.missingRecords.map((record) => RECORD_WORDS[record]))} for ${state.year} ${state.missingRecords.length === 1 ? 'is' : 'are'} not recorded: intensity and workforce figures stay blank until ${state.missingRecords.length === 1 ? 'it is' : 'they are'}.`,
      href: '/kpi-dashboard',
      action: 'Open KPI Dashboard',
    });
  }
  if (state.compliance === null) {
    steps.push({
      id: 'start_checklist',
      title: 'Start your ESG checklist',
      text: 'Pick your reporting framework to see which indicators you need to report.',
      href: '/esg-wizard',
      action: 'Start ESG Wizard',
    });
  } else if (state.compliance.missingRequired.length > 0) {
    const count = state.compliance.missingRequired.length;
    steps.push({
      id: 'complete_checklist',
      title: `${plural(count, 'required indicator')} still empty`,
      text: `Your checklist is ${Math.round(state.compliance.overallProgress)}% complete. Fill in the remaining required indicators.`,
      href: '/esg-wizard',
      action: 'Open ESG Wizard',
    });
  }
  const { totalSections, startedSections, approvedSections } = state.narratives;
  if (approvedSections < totalSections) {
    const notStarted = totalSections - startedSections;
    const waiting = startedSections - approvedSections;
    steps.push({
      id: 'approve_narratives',
      title: `${approvedSections} of ${totalSections} narrative sections approved`,
      text: inWords([
        ...(notStarted > 0 ? [`${plural(notStarted, 'section')} not started`] : []),
        ...(waiting > 0 ? [`${plural(waiting, 'section')} waiting for your approval`] : []),
      ]).concat('.'),
      href: '/narrative-builder',
      action: 'Open Narrative Builder',
    });
  }
  if (state.reportCount === 0) {
    steps.push({
      id: 'generate_report',
      title: 'Generate your first report',
      text: 'Export a PDF, CSV or XBRL report of your figures once they are complete.',
      href: '/export',
      action: 'Open Export & Filing',
    });
  }
  return steps;
}

/** The next steps, most pressing first: the data, then what the report still needs. */
export function recommendationsFrom(state: DashboardState): Recommendation[] {
  return [...dataSteps(state), ...reportSteps(state)];
}
