import type { PaymentCard, UsersPaymentMethods } from '@portal/contracts';
import { payingFactsOf, whyMethodCannotPay } from '@portal/contracts/payment-methods';

/** One way to pay the order, as the payment section lists it. */
export interface PaymentOption {
  /** What complete-b2b-checkout sends as selectedPayment: 'COD', 'TERMS' or the saved method's id. */
  value: string;
  gateway: 'COD' | 'TERMS' | 'CARD' | 'BANK_ACCOUNT';
  /** 'Cash on delivery', 'Visa **** 4242', 'Bank account **** 6789'. */
  label: string;
  /** 'Expires 08/27', the bank's name. */
  detail: string | null;
  /** Why it cannot be chosen now (an expired card, a bank account not verified yet); null when it can. */
  unusable: string | null;
  /** The business's main card or bank account (spec 02 §4): chosen for the person, as Pay Invoices does. */
  isMain?: boolean;
}

/** spec 02 §3 brands as people read them (the same names as /billing and the order's payment label). */
const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

const ACCOUNT_TYPES = { CHECKING: 'Checking', SAVINGS: 'Savings' } as const;

/**
 * Who puts a method right, as the person reads it (issue 27 §9): Billing, when they have it; else who does.
 * Purchasers read, choose and add cards (spec 02 §6: payment methods load with purchasing rights), but
 * updating or verifying one is Billing's (owners, accountants, a rep acting for the business).
 */
const WHO_FIXES = 'the owner or the accountant can';

function optionOfMethod(method: PaymentCard, today: Date, canManage: boolean): PaymentOption {
  // The one rule of checkout, invoice payment and the server (contracts' whyMethodCannotPay).
  const why = whyMethodCannotPay(payingFactsOf(method), today);
  if (method.type === 'CARD') {
    const expired = why === 'CARD_EXPIRED';
    return {
      value: method.id,
      isMain: method.is_main,
      gateway: 'CARD',
      label: `${BRAND_NAMES[method.brand] ?? 'Card'} ${method.number}`,
      detail: method.expiration_date ? `${expired ? 'Expired' : 'Expires'} ${method.expiration_date}` : null,
      unusable: !expired
        ? null
        : canManage
          ? 'Expired: update it under Billing'
          : `Expired: ${WHO_FIXES} update it under Billing`,
    };
  }
  // spec 02 §4: a bank account must be verified before use.
  return {
    value: method.id,
    isMain: method.is_main,
    gateway: 'BANK_ACCOUNT',
    label: `Bank account ${method.number}`,
    detail: method.bank
      ? [method.bank.bankName, ACCOUNT_TYPES[method.bank.accountType]].filter(Boolean).join(' · ')
      : null,
    unusable:
      why === null
        ? null
        : method.status === 'locked'
          ? 'Locked after three wrong tries'
          : canManage
            ? 'Verify it under Billing'
            : `Not verified yet: ${WHO_FIXES} verify it under Billing`,
  };
}

/** COD and TERMS first (spec 02 §4 payment option ids), then the saved cards (main first), then bank accounts. */
export function paymentOptionsOf(
  answer: UsersPaymentMethods,
  { canManage, today = new Date() }: { canManage: boolean; today?: Date },
): PaymentOption[] {
  const gateways: PaymentOption[] = answer.gateways.map((gateway) => ({
    value: gateway.id,
    gateway: gateway.id,
    label: gateway.name,
    detail: null,
    // issue 27 §8: the server knows why terms are closed before they are chosen.
    unusable: gateway.unavailable ?? null,
  }));
  const methods = answer.paymentMethods.map((method) => optionOfMethod(method, today, canManage));
  return [
    ...gateways,
    ...methods.filter((option) => option.gateway === 'CARD'),
    ...methods.filter((option) => option.gateway === 'BANK_ACCOUNT'),
  ];
}

/** What the checkout has chosen already (set-b2b-payment), as an option's value. */
export const chosenValueOf = (payment: { gateway: string; paymentMethodId: string | null } | null) =>
  !payment
    ? null
    : payment.gateway === 'COD' || payment.gateway === 'TERMS'
      ? payment.gateway
      : payment.paymentMethodId;
