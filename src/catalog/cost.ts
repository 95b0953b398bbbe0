/** Dollars of provider cost that one credit is priced against (the Enterprise monthly cost per credit). */
export const DOLLARS_PER_CREDIT = 0.0129;
/** Margin multiplier over the provider's cost. */
export const COST_MARKUP = 33;

/** Credit cost of one run of a tool: round(modelCost × 33 / 0.0129) (CREDITS-1). */
export function creditCost(modelCost: number): number {
  return Math.round((modelCost * COST_MARKUP) / DOLLARS_PER_CREDIT);
}
