function toAmount(value: string | number | null | undefined): number | null {
  if (value == null) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  const amount = Number(value);
  return Number.isFinite(amount) ? amount : null;
}

/**
 * SPEC section 9: percent-off is (original price − price) ÷ original price, rounded. Null when there
 * is no discount to show: no original price, or one that is not higher than the price.
 */
export function percentOff(price: string | number, originalPrice: string | number | null | undefined): number | null {
  const now = toAmount(price);
  const before = toAmount(originalPrice);
  if (now === null || before === null || before <= 0 || before <= now) return null;
  return Math.round(((before - now) / before) * 100);
}
