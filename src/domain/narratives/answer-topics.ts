// Which checklist indicators of the three rule packs (SECR, CSRD/VSME, SEC;
// src/domain/esg/rule-packs) answer each topic a narrative covers: a figure or a statement the
// company entered there is recorded, even when the ledger has no figure for it (issue 18 item 7).
/** Which checklist indicators answer each topic, in the order they are preferred. */
export const ANSWER_INDICATORS = {
  previousEmissions: ['prior_year_emissions'],
  intensity: ['intensity_ratio_revenue', 'intensity_ratio_employee', 'ghg_intensity'],
  renewableShare: ['renewable_energy_percentage'],
  water: ['water_consumption'],
  workforce: ['employees_headcount'],
  femaleShare: ['gender_balance'],
  training: ['training_hours'],
  accidents: ['workplace_accidents'],
  target: ['climate_targets'],
  // SECR's "energy efficiency action"; VSME B2's practices and future initiatives; SEC's plan.
  efficiencyActions: ['energy_efficiency_actions', 'sustainability_practices_policies', 'transition_plan'],
  methodology: ['reporting_methodology', 'ghg_methodology', 'basis_for_preparation'],
  oversight: ['energy_reporting_responsibility', 'board_climate_oversight', 'management_climate_role'],
  climateRisk: ['risk_management_framework', 'material_climate_risks', 'scenario_analysis'],
} as const satisfies Record<string, readonly string[]>;

export type AnswerTopic = keyof typeof ANSWER_INDICATORS;

/** An answer that says something: not empty and not a bare 'completed', 'yes' or 'n/a'. */
export function isMeaningfulAnswer(value: string): boolean {
  const text = value.trim();
  return text !== '' && !/^(?:completed?|done|yes|n\/?a)$/i.test(text);
}

/** Whether the company answered the topic in its checklist. */
export function isTopicAnswered(
  answers: readonly { indicator: string; value: string }[],
  topic: AnswerTopic,
): boolean {
  const indicators: readonly string[] = ANSWER_INDICATORS[topic];
  return answers.some((answer) => indicators.includes(answer.indicator) && isMeaningfulAnswer(answer.value));
}
