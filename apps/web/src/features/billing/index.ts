// The billing feature's door: the business's saved cards and bank accounts, as invoice payment lists them.
export { paymentMethodName, paymentMethodsQuery } from './api.ts';
// A consumer adds the card that pays for their plans at the plan checkout (they have no Billing page).
export { AddCardForm } from './CardForm.tsx';
