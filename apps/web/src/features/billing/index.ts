// The billing feature's door: the business's saved cards and bank accounts, as invoice payment lists them.
export { paymentMethodName, paymentMethodsQuery } from './api.ts';
