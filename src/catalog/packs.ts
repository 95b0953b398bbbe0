export interface CreditPack {
  /** The price identifier at the payment provider. */
  readonly id: string;
  readonly name: string;
  readonly credits: number;
  /** Dollars, paid once. */
  readonly price: number;
  readonly pricePerCredit: number;
}

export const creditPacks: readonly CreditPack[] = [
  { id: 'price_credits_1000', name: 'Starter Pack', credits: 1000, price: 15, pricePerCredit: 0.015 },
  { id: 'price_credits_2500', name: 'Creator Pack', credits: 2500, price: 35, pricePerCredit: 0.014 },
  { id: 'price_credits_5000', name: 'Studio Pack', credits: 5000, price: 90, pricePerCredit: 0.0129 },
];

export function packById(id: string): CreditPack | undefined {
  return creditPacks.find((p) => p.id === id);
}
