// The number of employees a report tags, in the basis the company entered (issue 18, item 3;
// decision 057). VSME B1 24(e)(v) lets an undertaking report its employees as a headcount or in
// full-time equivalents, and asks which: a figure entered as FTE is never tagged as a headcount.
import type { ReportSnapshot } from './snapshot.ts';

export type EmployeesBasis = 'headcount' | 'fte';

export interface ReportedEmployees {
  value: number;
  /** null: the company did not say how it counted (rows saved before it was asked). */
  basis: EmployeesBasis | null;
}

/**
 * The company's own figure when it said how it counted it; else the workforce headcount (women,
 * men and others at the reporting date: a headcount by construction); else the company's figure
 * with no basis. Null when neither was entered.
 */
export function reportedEmployees(snapshot: ReportSnapshot): ReportedEmployees | null {
  const { employees, employeesBasis } = snapshot.company;
  if (employees !== null && employeesBasis) return { value: employees, basis: employeesBasis };
  const headcount = snapshot.workforce?.headcount;
  if (headcount !== undefined && headcount !== null) return { value: headcount, basis: 'headcount' };
  if (employees !== null) return { value: employees, basis: null };
  return null;
}

/**
 * Decimals of the tagged figure: a headcount is whole people; FTE, or a figure whose basis is not
 * known and has a fraction, keeps hundredths rather than be rounded into a different number.
 */
export function employeesDecimals(employees: ReportedEmployees): number {
  return employees.basis === 'fte' || !Number.isInteger(employees.value) ? 2 : 0;
}

export const EMPLOYEES_BASIS_LABELS: Record<EmployeesBasis, string> = {
  headcount: 'headcount',
  fte: 'full-time equivalents',
};

/** Why the type is left untagged when the basis is not recorded, and where to record it. */
export const EMPLOYEES_BASIS_MISSING_NOTE =
  'The number of employees is tagged without saying whether it is a headcount or full-time equivalents, because the company has not recorded how it counted: choose the basis beside the employees figure (KPI Dashboard, Financials) and generate the report again.';

/** The employees figure for a key-value row: in its basis, FTE never rounded to whole people. */
export function employeesText(
  employees: number,
  basis: EmployeesBasis | null | undefined,
  formatNumber: (value: number, decimals: number) => string,
): string {
  // Snapshots frozen before the basis was asked (undefined) print as they always did.
  if (basis === undefined) return formatNumber(employees, 0);
  const figure = formatNumber(employees, Number.isInteger(employees) ? 0 : 2);
  return basis ? `${figure} (${EMPLOYEES_BASIS_LABELS[basis]})` : figure;
}
