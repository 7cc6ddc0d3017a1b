export type AgentModel = 'v1' | 'v2';

export const AGENT_MODELS: readonly AgentModel[] = ['v1', 'v2'];
export const DEFAULT_AGENT_MODEL: AgentModel = 'v2';

const MODEL_CREDITS: Readonly<Record<AgentModel, number>> = { v1: 1, v2: 5 };

/** Spec 8.2: model base, +1 per country beyond the first, +1 when image standardisation is on. */
export function createCost(model: AgentModel, countryCount: number, imageStandardization: boolean): number {
  if (!Number.isInteger(countryCount) || countryCount < 1) throw new RangeError('a product needs at least one country');
  return MODEL_CREDITS[model] + (countryCount - 1) + (imageStandardization ? 1 : 0);
}

/** Regeneration is flat per call, whatever the number of fields and countries. */
export function regenerateCost(model: AgentModel): number {
  return MODEL_CREDITS[model];
}

/** The price list as the API shows it (GET /api/v1/pricing), from the same constants that charge. */
export function priceList() {
  return {
    create: { base: { ...MODEL_CREDITS }, per_extra_country: 1, image_standardization: 1 },
    regenerate: { ...MODEL_CREDITS },
  };
}
