import { describe, expect, it } from 'vitest';
import {
  MONEY_MAX,
  MoneyRangeError,
  QUANTITY_MAX,
  lineMoney,
  orderMoney,
  reachedTier,
  unitDiscount,
  type DiscountTier,
} from './order-money';

const tiers: DiscountTier[] = [
  { quantity: 10, discount: 10, type: 'percent' },
  { quantity: 3, discount: 5_000, type: 'money' },
  { quantity: 20, discount: 15, type: 'percent' },
];

const rangeField = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    if (error instanceof MoneyRangeError) return error.field;
    throw error;
  }
  return 'no error';
};

describe('reached tier', () => {
  it.each([
    [1, undefined],
    [2, undefined],
    [3, 3],
    [9, 3],
    [10, 10],
    [19, 10],
    [20, 20],
    [1_000, 20],
  ])('quantity %i reaches the tier of %s', (quantity, expected) => {
    expect(reachedTier(tiers, quantity)?.quantity).toBe(expected);
  });

  it('reaches nothing without tiers', () => {
    expect(reachedTier([], 50)).toBeUndefined();
  });
});

describe('unit discount', () => {
  it.each([
    // price, percent, expected (hand-computed, half up to a whole dong)
    [100_000, 10, 10_000],
    [12_345, 15, 1_852], // 1 851.75
    [10, 25, 3], // 2.5 rounds up
    [10, 24, 2], // 2.4 rounds down
    [999, 33.33, 333], // 332.9667
    [200, 12.5, 25],
    [0, 50, 0],
    [50_000, 0, 0],
    [50_000, 100, 50_000],
  ])('%i at %s%% is %i off', (price, percent, expected) => {
    expect(unitDiscount(price, { quantity: 1, discount: percent, type: 'percent' })).toBe(expected);
  });

  it('caps a percent above 100 at the whole price and one below 0 at nothing', () => {
    expect(unitDiscount(8_000, { quantity: 1, discount: 150, type: 'percent' })).toBe(8_000);
    expect(unitDiscount(8_000, { quantity: 1, discount: -5, type: 'percent' })).toBe(0);
  });

  it('takes a fixed amount, never more than the price', () => {
    expect(unitDiscount(30_000, { quantity: 1, discount: 5_000, type: 'money' })).toBe(5_000);
    expect(unitDiscount(30_000, { quantity: 1, discount: 30_000, type: 'money' })).toBe(30_000);
    expect(unitDiscount(30_000, { quantity: 1, discount: 45_000, type: 'money' })).toBe(30_000);
    expect(unitDiscount(0, { quantity: 1, discount: 45_000, type: 'money' })).toBe(0);
  });

  it('is nothing without a tier', () => {
    expect(unitDiscount(30_000, undefined)).toBe(0);
  });
});

describe('line money', () => {
  it.each([
    // price, agency price, quantity, expected price, discount, total
    [120_000, null, 1, 120_000, 0, 120_000],
    [120_000, null, 3, 120_000, 5_000, 345_000], // (120 000 − 5 000) × 3
    [120_000, 100_000, 3, 100_000, 5_000, 285_000], // agency price first
    [120_000, 100_000, 10, 100_000, 10_000, 900_000], // 10% of the agency price
    [33_333, null, 20, 33_333, 5_000, 566_660], // 15% of 33 333 = 4 999.95 → 5 000
    [120_000, 0, 5, 0, 0, 0], // an agency price of 0 is a price, not "unset"
  ])(
    'price %i, agency %s, quantity %i',
    (price, agencyPrice, quantity, expectedPrice, discount, total) => {
      expect(lineMoney({ price, agencyPrice, quantity, tiers })).toEqual({
        price: expectedPrice,
        discount,
        quantity,
        total,
      });
    },
  );

  it('refuses a quantity of 0, a negative or fractional one, and one above the limit', () => {
    for (const quantity of [0, -1, 1.5, Number.NaN, QUANTITY_MAX + 1])
      expect(rangeField(() => lineMoney({ price: 1_000, quantity }, 'products.4'))).toBe(
        'products.4.quantity',
      );
    expect(lineMoney({ price: 1, quantity: QUANTITY_MAX }).total).toBe(QUANTITY_MAX);
  });

  it('refuses a negative, fractional or unsafe price', () => {
    for (const price of [-1, 0.5, Number.MAX_SAFE_INTEGER + 2, Number.POSITIVE_INFINITY])
      expect(rangeField(() => lineMoney({ price, quantity: 1 }, 'products.0'))).toBe(
        'products.0.price',
      );
  });

  it('computes exactly where floating point would not, and refuses a total over the limit', () => {
    // Near the limit a double would lose units; the exact result is kept.
    const price = 999_999_999_999;
    expect(lineMoney({ price, quantity: 1_000 }).total).toBe(999_999_999_999_000);
    expect(rangeField(() => lineMoney({ price: MONEY_MAX, quantity: 2 }, 'products.1'))).toBe(
      'products.1.total',
    );
    expect(lineMoney({ price: MONEY_MAX, quantity: 1 }).total).toBe(MONEY_MAX);
  });
});

describe('order money', () => {
  it('adds the lines and the fee (table of hand-computed orders)', () => {
    const order = orderMoney(
      [
        { price: 120_000, quantity: 3, tiers }, // 345 000
        { price: 45_500, agencyPrice: 40_000, quantity: 10, tiers }, // (40 000 − 4 000) × 10 = 360 000
        { price: 9_999, quantity: 2 }, // 19 998
      ],
      30_000,
    );
    expect(order.lines.map((line) => line.total)).toEqual([345_000, 360_000, 19_998]);
    expect(order.subtotal).toBe(724_998);
    expect(order.fee).toBe(30_000);
    expect(order.total).toBe(754_998);
  });

  it('is zero for an order of free things without a fee', () => {
    expect(orderMoney([{ price: 0, quantity: 5 }])).toEqual({
      lines: [{ price: 0, discount: 0, quantity: 5, total: 0 }],
      subtotal: 0,
      fee: 0,
      total: 0,
    });
    expect(orderMoney([]).total).toBe(0);
  });

  it('refuses a negative or fractional fee', () => {
    expect(rangeField(() => orderMoney([{ price: 1, quantity: 1 }], -1))).toBe('fee');
    expect(rangeField(() => orderMoney([{ price: 1, quantity: 1 }], 0.5))).toBe('fee');
  });

  it('names the line whose amount is out of range, and the sum when only the sum is', () => {
    expect(
      rangeField(() =>
        orderMoney([
          { price: 1, quantity: 1 },
          { price: -5, quantity: 1 },
        ]),
      ),
    ).toBe('products.1.price');
    const half = MONEY_MAX / 2 + 1;
    expect(
      rangeField(() =>
        orderMoney([
          { price: half, quantity: 1 },
          { price: half, quantity: 1 },
        ]),
      ),
    ).toBe('subtotal');
    expect(rangeField(() => orderMoney([{ price: MONEY_MAX, quantity: 1 }], 1))).toBe('total');
    expect(orderMoney([{ price: MONEY_MAX - 1, quantity: 1 }], 1).total).toBe(MONEY_MAX);
  });
});
