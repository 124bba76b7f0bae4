// Inline XBRL rows of the energy breakdown (renewable / non-renewable facts) and the untagged
// energy shares and market-based scope 2 basis (decision 048). Earlier snapshots keep their row.
import { marketStatement } from '../energy-basis.ts';
import type { ReportSnapshot } from '../snapshot.ts';
import type { ReportFact } from './fact-model.ts';
import { escapeXml } from './xml.ts';

type Row = (label: string, value: string) => string;

const MEMBER_LABELS: Record<string, string> = {
  'vsme:RenewableEnergyMember': 'renewable',
  'vsme:NonRenewableEnergyMember': 'non-renewable',
};

export function energyBreakdownRows(
  snapshot: ReportSnapshot,
  facts: ReportFact[],
  cell: (fact: ReportFact) => string,
  plainRow: Row,
): string[] {
  const rows = facts
    .filter(
      (fact) =>
        fact.dimensions && Object.keys(fact.dimensions).includes('vsme:BreakdownOfEnergyConsumptionAxis'),
    )
    .map((fact) => {
      const member = MEMBER_LABELS[fact.dimensions?.['vsme:BreakdownOfEnergyConsumptionAxis'] ?? ''] ?? '';
      return `<tr><th scope="row">${escapeXml(`${fact.label}, ${member}`)}</th><td>${cell(fact)}</td></tr>`;
    });
  const energy = snapshot.energy;
  const basis = energy?.energyBasis;
  const percent = (value: number | null) => (value === null ? 'not recorded' : `${value} %`);
  if (basis) {
    rows.push(
      plainRow('Renewable share of total energy (not tagged)', percent(basis.renewableShareOfTotalPercent)),
    );
    rows.push(
      plainRow(
        'Renewable share of electricity (not tagged)',
        percent(basis.renewableShareOfElectricityPercent),
      ),
    );
    rows.push(plainRow('Calorific value basis of fuels', 'Gross (DESNZ fuel properties)'));
  } else if (energy?.renewableSharePercent != null) {
    rows.push(plainRow('Renewable share of energy (not tagged)', `${energy.renewableSharePercent} %`));
  }
  return rows;
}

/** The market-based scope 2 method row (decision 058; earlier: only when part is the proxy). */
export function marketBasisRows(snapshot: ReportSnapshot, plainRow: Row): string[] {
  const text = marketStatement(snapshot);
  return text ? [plainRow('Market-based Scope 2 basis (not tagged)', text)] : [];
}
