export type AgentModel = 'v1' | 'v2';

export const AGENT_MODELS: readonly AgentModel[] = ['v1', 'v2'];
export const DEFAULT_AGENT_MODEL: AgentModel = 'v2';

/** The base price of each agent model, in credits. */
export type ModelCredits = Readonly<Record<AgentModel, number>>;

/** The published prices (README, "Credits"): v1 costs 1 credit, v2 costs 5. */
export const SPEC_MODEL_CREDITS: ModelCredits = { v1: 1, v2: 5 };

/**
 * The base prices in force: the published ones (v1 1, v2 5), except that an operator may charge less for v2 while the
 * template engine writes it (TEMPLATE_V2_CREDITS), since it then writes what v1 would.
 */
export function modelCredits(options: { v2ByTemplate: boolean; templateV2Credits: number }): ModelCredits {
  return options.v2ByTemplate ? { v1: SPEC_MODEL_CREDITS.v1, v2: options.templateV2Credits } : SPEC_MODEL_CREDITS;
}

/** The model's base, +1 per country beyond the first, +1 when image standardisation is on. */
export function createCost(model: AgentModel, countryCount: number, imageStandardization: boolean, credits: ModelCredits = SPEC_MODEL_CREDITS): number {
  if (!Number.isInteger(countryCount) || countryCount < 1) throw new RangeError('a product needs at least one country');
  return credits[model] + (countryCount - 1) + (imageStandardization ? 1 : 0);
}

/** Regeneration is flat per call, whatever the number of fields and countries. */
export function regenerateCost(model: AgentModel, credits: ModelCredits = SPEC_MODEL_CREDITS): number {
  return credits[model];
}

/** The price list as the API shows it (GET /api/v1/pricing), from the same constants that charge. */
export function priceList(credits: ModelCredits = SPEC_MODEL_CREDITS) {
  return {
    create: { base: { ...credits }, per_extra_country: 1, image_standardization: 1 },
    regenerate: { ...credits },
  };
}
