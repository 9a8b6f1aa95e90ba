/**
 * The billing module's SQL (no rules), split by job as catalog's repo is: balances, lists and one
 * document, writing documents, payments, and the ledger's own check.
 */
export * from './shared.ts';
export * from './balances.ts';
export * from './lists.ts';
export * from './documents.ts';
export * from './payments.ts';
export * from './ledger-check.ts';
