// What other modules may use of slips and stock: an order's slips, a product's units on hand.
export { cancelSlipIn, createSlipIn, completedExportSlips } from './warehouse-changes.service';
export { unitsInStock } from './stock-ledger';
