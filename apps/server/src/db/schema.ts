/** Every table, one module each (drizzle-kit reads this file). */
export * from '../modules/catalog/schema.ts';
export * from '../modules/users/schema.ts';
export * from '../modules/business-partners/schema.ts';
export * from '../modules/dealers/schema.ts';
export * from '../modules/content/schema.ts';
export * from '../modules/outbox/schema.ts';
export * from '../modules/auth/schema.ts';
export * from '../modules/invitations/schema.ts';
