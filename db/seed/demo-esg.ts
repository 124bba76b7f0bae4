// The demo company's SECR checklist: initialised, with the written answers a bakery would give, so
// the wizard opens on a checklist that is partly filled by hand and partly from the ledger.
import type { AuthedContext } from '../../src/server/context.ts';
import { getProgress, initializeChecklist, updateProgress } from '../../src/server/features/esg/service.ts';

const DEMO_ANSWERS: Record<string, string> = {
  energy_efficiency_actions:
    'Replaced the two deck ovens at the Bristol bakery with heat-recovery models (March); LED lighting in the Lyon shop; delivery routes re-planned to cut van mileage.',
  reporting_methodology:
    'GHG Protocol Corporate Standard, operational control. UK figures use the DESNZ conversion factors of the reporting year; scope 2 reported location-based, with the market-based figure alongside.',
  energy_reporting_responsibility:
    'Dana Whitfield, Operations Director, reviews the figures before the board signs the accounts.',
};

/** Initialises the SECR checklist once and fills the written answers (a no-op when it exists). */
export async function seedDemoChecklist(ctx: AuthedContext): Promise<void> {
  const current = await getProgress(ctx, { jurisdiction: 'SECR' });
  if (current.initializedVersion !== null) return;
  const initialised = await initializeChecklist(ctx, { jurisdiction: 'SECR' });
  const keys = new Set(initialised.progress.map((item) => item.indicator));
  for (const [indicator, value] of Object.entries(DEMO_ANSWERS)) {
    if (keys.has(indicator)) await updateProgress(ctx, { jurisdiction: 'SECR', indicator, value });
  }
}
