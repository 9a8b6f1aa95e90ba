import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import type { BankAccountCreate, CardCreate, CardUpdates, PaymentCard } from '@portal/contracts';
import { routes } from '@portal/contracts/endpoints/routes';
import { ApiError, call } from '../../lib/api.ts';
import { alertLinesFor } from '../../lib/errors.ts';

type BankDetails = NonNullable<PaymentCard['bank']>;

/** Everything under this key belongs to the payment methods; a change refreshes all of it. */
const PAYMENT_METHODS_KEY = ['payment-methods'] as const;

/**
 * GET card: the cards and bank accounts of the business the session acts for, main first (the server
 * decides which business; the code in the key only keeps one business's list from showing for another).
 */
export const paymentMethodsQuery = (sapBpCode: string) =>
  queryOptions({
    queryKey: [...PAYMENT_METHODS_KEY, sapBpCode, 'list'],
    queryFn: ({ signal }) => call(routes.paymentMethods.list, { signal }),
  });

function useRefreshPaymentMethods() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: PAYMENT_METHODS_KEY });
}

/**
 * Adding a card or a bank account: the number and CVV travel in the call's variables only. `gcTime: 0`
 * drops the finished mutation (and them with it) as soon as its form is gone, so no cache keeps them.
 */
export function useAddCard() {
  const refresh = useRefreshPaymentMethods();
  return useMutation({
    mutationFn: (card: CardCreate) => call(routes.paymentMethods.create, { body: card }),
    gcTime: 0,
    onSuccess: refresh,
  });
}

export function useAddBankAccount() {
  const refresh = useRefreshPaymentMethods();
  return useMutation({
    mutationFn: (account: BankAccountCreate) => call(routes.paymentMethods.createBankAccount, { body: account }),
    gcTime: 0,
    onSuccess: refresh,
  });
}

export function useUpdateCard() {
  const refresh = useRefreshPaymentMethods();
  return useMutation({
    mutationFn: ({ id, updates }: { id: string; updates: CardUpdates }) =>
      call(routes.paymentMethods.update, { params: { id }, body: { updates } }),
    onSuccess: refresh,
  });
}

export function useUpdateBankAccount() {
  const refresh = useRefreshPaymentMethods();
  return useMutation({
    mutationFn: ({ id, updates }: { id: string; updates: { accountHolderName?: string } }) =>
      call(routes.paymentMethods.updateBankAccount, { body: { id, updates } }),
    onSuccess: refresh,
  });
}

/** spec 02 §4: making one main unsets the others (the server does both in one go). */
export function useMakeMain() {
  const refresh = useRefreshPaymentMethods();
  return useMutation({
    mutationFn: (method: PaymentCard) =>
      method.type === 'CARD'
        ? call(routes.paymentMethods.update, { params: { id: method.id }, body: { updates: { is_main: true } } })
        : call(routes.paymentMethods.updateBankAccount, { body: { id: method.id, updates: { is_main: true } } }),
    onSuccess: refresh,
  });
}

/** DELETE card/{id} for a card, DELETE /api/delete-bank-account for a bank account (spec 02 §7). */
export function useRemovePaymentMethod() {
  const refresh = useRefreshPaymentMethods();
  return useMutation({
    mutationFn: (method: PaymentCard) =>
      method.type === 'CARD'
        ? call(routes.paymentMethods.remove, { params: { id: method.id } })
        : call(routes.paymentMethods.deleteBankAccount, { body: { id: method.id } }),
    onSuccess: refresh,
  });
}

/**
 * POST /api/verify-bank-account. A wrong pair is refused but counts as a try (the third locks the
 * account), so the list is read again whatever the answer.
 */
export function useVerifyBankAccount() {
  const refresh = useRefreshPaymentMethods();
  return useMutation({
    mutationFn: ({ id, amounts }: { id: string; amounts: [number, number] }) =>
      call(routes.paymentMethods.verifyBankAccount, { body: { id, amounts } }),
    onSettled: refresh,
  });
}

/**
 * A refused call, told where the person is looking (a form in a dialog, above the alert bar): each
 * `{ validation }` entry the form has a field for goes under that field; everything else (a `{ detail }`,
 * a field the form lacks) comes back as the lines to show above the form (spec 01 §8).
 * `fieldOf` turns the server's field ('updates.name') into the form's ('name'); null when it has none.
 */
export function showServerErrors<T extends FieldValues>(
  form: UseFormReturn<T>,
  error: unknown,
  fieldOf: (serverField: string) => FieldPath<T> | null,
): string[] {
  const validation = error instanceof ApiError ? error.body?.validation : undefined;
  if (!validation?.length) return alertLinesFor(error);
  const rest: typeof validation = [];
  let focused = false;
  for (const entry of validation) {
    const field = fieldOf(entry.field);
    if (!field) {
      rest.push(entry);
      continue;
    }
    form.setError(field, { type: 'server', message: entry.messages[0] }, { shouldFocus: !focused });
    focused = true;
  }
  return rest.length ? alertLinesFor({ message: { validation: rest } }) : [];
}

export const ACCOUNT_TYPE_NAMES: Record<BankDetails['accountType'], string> = {
  CHECKING: 'Checking',
  SAVINGS: 'Savings',
};
export const OWNER_TYPE_NAMES: Record<BankDetails['ownerType'], string> = {
  INDIVIDUAL: 'Individual',
  COMPANY: 'Company',
};

/** spec 02 §3 brands as people read them. */
const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

/** 'Visa **** 4242' or 'Bank account **** 6789': how a method is named on buttons, titles and messages. */
export function paymentMethodName(method: PaymentCard): string {
  if (method.type === 'BANK_ACCOUNT') return `Bank account ${method.number}`;
  return `${BRAND_NAMES[method.brand] ?? 'Card'} ${method.number}`;
}
