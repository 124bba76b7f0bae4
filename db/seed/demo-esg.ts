// The demo company's SECR checklist: initialised, with the written answers a bakery would give, so
// the wizard opens on a checklist that is partly filled by hand and partly from the ledger. Its
// VSME (CSRD) checklist too, because the bakery sells to EU customers (the Lyon shop) who ask for
// VSME data: the facts a small company records by hand (legal form, NACE code, policies, workforce
// records). Ledger figures are never typed here: the checklist fills them from the ledger. Some
// VSME Basic items stay unanswered on purpose (pollutants, land use, process water, materials,
// pay gap), so a data request shows what "missing, add it here" looks like.
import type { AuthedContext } from '../../src/server/context.ts';
import {
  getProgress,
  initializeChecklist,
  updateProgress,
} from '../../src/server/features/esg-wizard/service.ts';

const DEMO_ANSWERS: Record<string, string> = {
  energy_efficiency_actions:
    'Replaced the two deck ovens at the Bristol bakery with heat-recovery models (March); LED lighting in the Lyon shop; delivery routes re-planned to cut van mileage.',
  reporting_methodology:
    'GHG Protocol Corporate Standard, operational control. UK figures use the DESNZ conversion factors of the reporting year; scope 2 reported location-based, with the market-based figure alongside.',
  energy_reporting_responsibility:
    'Dana Whitfield, Operations Director, reviews the figures before the board signs the accounts.',
};

/** What the bakery recorded in the VSME checklist (rule-packs/csrd-vsme.ts keys), as typed. */
const DEMO_VSME_ANSWERS: Record<string, string> = {
  legal_form: 'Private company limited by shares (Ltd), registered in England and Wales',
  nace_sector_codes: 'C10.71 Manufacture of bread; manufacture of fresh pastry goods and cakes',
  // VSME asks for the balance sheet in euros (the rule pack's unit); the bakery converted its own.
  balance_sheet_total: '1700000',
  list_of_subsidiaries: 'None: Northwind Bakery Ltd has no subsidiaries.',
  sustainability_certifications:
    'Soil Association organic certification for the sourdough range (since 2023).',
  sustainability_practices_policies:
    'Energy and climate: oven replacement plan and route planning. Food waste: unsold bread donated daily to a local food bank. Workforce: written health and safety policy reviewed yearly.',
  biodiversity_sensitive_sites: '0',
  water_high_stress_withdrawal: '0',
  circular_economy_principles: 'Yes',
  employees_by_contract_type: '24 permanent, 4 temporary (seasonal bakers)',
  employees_by_country: 'United Kingdom: 23; France: 5',
  employee_turnover_rate: '11',
  workplace_accidents: '1',
  minimum_wage_compliance: 'Yes',
  collective_bargaining_coverage: '0',
  compliance_violations: '0',
  corruption_fines: '0',
};

/** Initialises the SECR and VSME checklists once and fills the written answers (a no-op when they exist). */
export async function seedDemoChecklist(ctx: AuthedContext): Promise<void> {
  await seedDemoSecrChecklist(ctx);
  await seedDemoVsmeChecklist(ctx);
}

async function seedDemoSecrChecklist(ctx: AuthedContext): Promise<void> {
  const current = await getProgress(ctx, { jurisdiction: 'SECR' });
  if (current.initializedVersion !== null) return;
  const initialised = await initializeChecklist(ctx, { jurisdiction: 'SECR' });
  const keys = new Set(initialised.progress.map((item) => item.indicator));
  for (const [indicator, value] of Object.entries(DEMO_ANSWERS)) {
    if (keys.has(indicator)) await updateProgress(ctx, { jurisdiction: 'SECR', indicator, value });
  }
}

async function seedDemoVsmeChecklist(ctx: AuthedContext): Promise<void> {
  const current = await getProgress(ctx, { jurisdiction: 'CSRD' });
  if (current.initializedVersion !== null) return;
  const initialised = await initializeChecklist(ctx, { jurisdiction: 'CSRD' });
  const keys = new Set(initialised.progress.map((item) => item.indicator));
  for (const [indicator, value] of Object.entries(DEMO_VSME_ANSWERS)) {
    if (keys.has(indicator)) await updateProgress(ctx, { jurisdiction: 'CSRD', indicator, value });
  }
}
