/** Every table, one module each (drizzle-kit reads this file). */
export * from '../modules/catalog/schema.ts';
export * from '../modules/users/schema.ts';
export * from '../modules/business-partners/schema.ts';
export * from '../modules/dealers/schema.ts';
export * from '../modules/content/schema.ts';
export * from '../adapters/outbox-schema.ts';
export * from '../modules/auth/schema.ts';
export * from '../modules/invitations/schema.ts';
export * from '../modules/deals/schema.ts';
export * from '../modules/acting/schema.ts';
export * from '../modules/dealer-requests/schema.ts';
export * from '../modules/vehicles/schema.ts';
export * from '../modules/cart/schema.ts';
export * from '../modules/payment-methods/schema.ts';
export * from '../adapters/payments/schema.ts';
export * from '../modules/orders/schema.ts';
export * from '../modules/billing/schema.ts';
