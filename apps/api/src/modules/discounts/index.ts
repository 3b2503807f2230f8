// What other modules may use of discounts: which tiers apply to an amount.
export { applyingTiers } from './discount-tiers';
