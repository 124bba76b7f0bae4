// The built-in writer's Governance section: who oversees and prepares the figures (from the
// governance checklist answers), the reporting regime and checklist status, and the target as the
// objective oversight tracks. GRI 2-9 to 2-27, SASB's leadership and governance dimension, or the
// TCFD governance and risk management pillars.
import type { NarrativeFramework } from '../../contracts/narratives.ts';
import { formatCreditTonnes, formatPercent, formatYear } from '../format.ts';
import type { FactsPack } from '../types.ts';
import {
  answerSentences,
  JURISDICTION_NAMES,
  joinList,
  openItemsSentence,
  paragraph,
  possessive,
  targetClause,
  writtenAnswers,
} from './shared.ts';

function opening(facts: FactsPack, framework: NarrativeFramework): string {
  const company = facts.companyName;
  const year = formatYear(facts.year);
  return {
    gri: `This section reports ${possessive(company)} governance of sustainability matters for ${year}, with reference to GRI 2-9 to 2-27: the governance structure (GRI 2-9), the role of the highest governance body in overseeing impacts (GRI 2-12) and in sustainability reporting (GRI 2-14), and compliance with laws and regulations (GRI 2-27).`,
    sasb: `SASB's leadership and governance dimension covers business ethics, the management of the legal and regulatory environment and critical incident risk management. This section sets out how ${company} governs its sustainability reporting for ${year}.`,
    tcfd: `The TCFD recommendations ask companies to describe the board's oversight of climate-related risks and opportunities and management's role in assessing and managing them. This section covers that governance pillar for ${company} in ${year}, together with the risk management pillar.`,
  }[framework];
}

function oversightParagraph(facts: FactsPack, framework: NarrativeFramework): string {
  const answers = writtenAnswers(facts, 'governance', 3);
  if (answers.length > 0) return paragraph(...answerSentences(answers));
  return {
    gri: 'No description of the governance structure or of who oversees sustainability (GRI 2-9 and 2-12) has been recorded in the checklist yet, so it is not described here.',
    sasb: 'No description of how sustainability and regulatory matters are governed has been recorded in the checklist yet, so it is not described here.',
    tcfd: "No description of the board's oversight or of management's role has been recorded in the checklist yet, so it is not described here.",
  }[framework];
}

function complianceParagraph(facts: FactsPack, framework: NarrativeFramework): string {
  const regime = JURISDICTION_NAMES[facts.jurisdiction];
  const lead = {
    gri: `On compliance with laws and regulations (GRI 2-27), the company reports under ${regime}.`,
    sasb: `On the legal and regulatory environment, the company reports under ${regime}.`,
    tcfd: `Under the risk management pillar, no process for identifying, assessing and managing climate-related risks has been recorded yet. The company reports under ${regime}.`,
  }[framework];
  const checklist = facts.checklist;
  if (!checklist) {
    return paragraph(
      lead,
      `The ${facts.jurisdiction} checklist has not been set up yet, so compliance progress is not reported.`,
    );
  }
  const open = openItemsSentence(facts, 'governance', 'governance');
  return paragraph(
    lead,
    `Its ${facts.jurisdiction} checklist is ${formatPercent(checklist.overallProgress)} complete${
      checklist.missingRequired.length === 0 ? ', with every required item answered' : ''
    }.`,
    open,
  );
}

function reportingParagraph(facts: FactsPack, framework: NarrativeFramework): string | null {
  const emissions = facts.emissions;
  if (!emissions && !facts.offsets) return null;
  const lead = {
    gri: 'For sustainability reporting (GRI 2-14),',
    sasb: 'For the figures themselves,',
    tcfd: 'For the metrics behind this oversight,',
  }[framework];
  const datasets =
    emissions &&
    (emissions.datasets.length > 0
      ? `${lead} emissions are calculated from the company's activity records with emission factors from ${joinList(emissions.datasets)}, and each figure keeps the factor that produced it so it can be traced and checked.`
      : `${lead} emissions are calculated from the company's activity records; the factor datasets used have not been recorded.`);
  const credits =
    facts.offsets &&
    `Carbon credits (${formatCreditTonnes(facts.offsets.purchasedTonnes)} bought for ${formatYear(facts.year)}) are accounted for apart from gross emissions and never deducted from them.`;
  return paragraph(datasets, credits);
}

function targetParagraph(facts: FactsPack, framework: NarrativeFramework): string {
  const target = facts.target;
  if (!target) {
    return 'No emissions reduction target has been recorded yet, so there is no measurable objective for oversight to track.';
  }
  return {
    gri: `The commitment to ${targetClause(target)} gives the oversight of climate matters a measurable objective.`,
    sasb: `The commitment to ${targetClause(target)} gives management a measurable objective against which its plans can be judged.`,
    tcfd: `Performance against the commitment to ${targetClause(target)} is the measure by which the board's oversight can be judged.`,
  }[framework];
}

export function writeGovernance(facts: FactsPack, framework: NarrativeFramework): string[] {
  return [
    opening(facts, framework),
    oversightParagraph(facts, framework),
    complianceParagraph(facts, framework),
    reportingParagraph(facts, framework) ?? '',
    targetParagraph(facts, framework),
  ];
}
