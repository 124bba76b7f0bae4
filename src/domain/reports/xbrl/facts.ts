// One fact model for every machine-readable format (Inline XBRL, XBRL 2.1 instance, xBRL-JSON,
// CSV): a pure function of the frozen snapshot. CSRD reports use VSME concepts (facts-vsme.ts);
// SECR and SEC reports, which have no mandated SME taxonomy, use our own `esgp` names
// (facts-esgp.ts). Every number is rounded to its `decimals` here, once, so all formats agree.
import type { ReportSnapshot } from '../snapshot.ts';
import type { FactSet, ReportFact } from './fact-model.ts';
import { esgpFacts } from './facts-esgp.ts';
import { vsmeFacts } from './facts-vsme.ts';

/** True for the CSRD framework, the one with a mandated SME taxonomy (VSME). */
export function usesVsme(snapshot: ReportSnapshot): boolean {
  return snapshot.report.framework === 'csrd';
}

/** The facts and notes of a snapshot in its framework's vocabulary. */
export function reportFactSet(snapshot: ReportSnapshot): FactSet {
  return usesVsme(snapshot) ? vsmeFacts(snapshot) : esgpFacts(snapshot);
}

/** Every reported fact of the snapshot (VSME concepts for CSRD, `esgp` otherwise). */
export function reportFacts(snapshot: ReportSnapshot): ReportFact[] {
  return reportFactSet(snapshot).facts;
}
