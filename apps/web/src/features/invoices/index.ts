// The invoices feature's door: the ledger's figures /billing shows (the lists, invoices and payment are routes).
export { billingSummaryQuery, type LedgerScope } from './api.ts';
export { useBillingAccess } from './access.ts';
export { paymentPathFor } from './paths.ts';
// The ledger's pager (10, 30, 60, 100 rows a page): /billing's plan sales page through it too.
export { Pager } from './components/Pager.tsx';
