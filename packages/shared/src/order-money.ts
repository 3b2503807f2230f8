/**
 * Order money, the same on the server (the authority) and in the admin (live totals while an
 * order is edited). Every amount is an integer number of VND; the arithmetic runs on BigInt so
 * that no product of a price and a quantity is ever rounded by floating point, and every result
 * is checked against MONEY_MAX before it becomes a number again.
 *
 * Rules: a line's unit price is the product's price for the customer's agency when one is set,
 * else its price; a discount tier applies when the line's quantity reaches the tier's quantity
 * (the highest such tier); `percent` takes that share of the unit price, rounded half up to a
 * whole dong, `money` takes that amount off each unit; a unit never costs less than 0.
 * Line total = (price − unit discount) × quantity; subtotal = sum of line totals;
 * total = subtotal + fee.
 */

/** The largest amount anything may hold: far above any real order, safely below 2^53. */
export const MONEY_MAX = 1_000_000_000_000_000;
/** The largest quantity of one line. */
export const QUANTITY_MAX = 1_000_000;

export const DISCOUNT_TYPES = ['percent', 'money'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export type DiscountTier = { quantity: number; discount: number; type: DiscountType };

/** Where an amount went out of range: `total`, `subtotal`, `fee`, `products.2.total`, … */
export class MoneyRangeError extends RangeError {
  constructor(readonly field: string) {
    super(`amount out of range: ${field}`);
    this.name = 'MoneyRangeError';
  }
}

const isWhole = (value: number, max: number) =>
  Number.isSafeInteger(value) && value >= 0 && value <= max;

const checked = (value: bigint, field: string): number => {
  if (value < 0n || value > BigInt(MONEY_MAX)) throw new MoneyRangeError(field);
  return Number(value);
};

const wholeAmount = (value: number, field: string) => {
  if (!isWhole(value, MONEY_MAX)) throw new MoneyRangeError(field);
  return BigInt(value);
};

/** The tier a quantity reaches: the one with the highest quantity not above it; none below the lowest. */
export const reachedTier = (
  tiers: readonly DiscountTier[],
  quantity: number,
): DiscountTier | undefined => {
  let best: DiscountTier | undefined;
  for (const tier of tiers)
    if (tier.quantity <= quantity && (!best || tier.quantity > best.quantity)) best = tier;
  return best;
};

/**
 * Money off one unit: a percent rounded half up to a whole dong (100% is the whole price), or a
 * fixed amount capped at the price, so that a unit never costs less than nothing.
 */
export const unitDiscount = (price: number, tier: DiscountTier | undefined): number => {
  const unit = wholeAmount(price, 'price');
  if (!tier) return 0;
  if (tier.type === 'percent') {
    const percent = Math.min(Math.max(tier.discount, 0), 100);
    // Percent may carry up to two decimals (12.5%): work in hundredths of a percent.
    const hundredths = BigInt(Math.round(percent * 100));
    return checked((unit * hundredths + 5_000n) / 10_000n, 'discount');
  }
  const off = wholeAmount(Math.max(tier.discount, 0), 'discount');
  return checked(off < unit ? off : unit, 'discount');
};

export type LineInput = {
  /** The product's own price. */
  price: number;
  /** Its price for the customer's agency, when one is set. */
  agencyPrice?: number | null;
  quantity: number;
  /** The tiers of the product's discount while it applies; empty otherwise. */
  tiers?: readonly DiscountTier[];
};

export type LineMoney = { price: number; discount: number; quantity: number; total: number };

/** One line's money; `field` names the line in errors (`products.0`). */
export const lineMoney = (line: LineInput, field = 'line'): LineMoney => {
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 1 || line.quantity > QUANTITY_MAX)
    throw new MoneyRangeError(`${field}.quantity`);
  const price =
    line.agencyPrice !== null && line.agencyPrice !== undefined ? line.agencyPrice : line.price;
  const unit = wholeAmount(price, `${field}.price`);
  const discount = unitDiscount(price, reachedTier(line.tiers ?? [], line.quantity));
  const total = checked((unit - BigInt(discount)) * BigInt(line.quantity), `${field}.total`);
  return { price: Number(unit), discount, quantity: line.quantity, total };
};

export type OrderMoney = { lines: LineMoney[]; subtotal: number; fee: number; total: number };

/** An order's money: its lines (named `products.N` in errors), subtotal, fee and total. */
export const orderMoney = (lines: readonly LineInput[], fee = 0): OrderMoney => {
  const computed = lines.map((line, index) => lineMoney(line, `products.${index}`));
  const subtotal = checked(
    computed.reduce((sum, line) => sum + BigInt(line.total), 0n),
    'subtotal',
  );
  const feeAmount = wholeAmount(fee, 'fee');
  const total = checked(BigInt(subtotal) + feeAmount, 'total');
  return { lines: computed, subtotal, fee: Number(feeAmount), total };
};
