import { z } from 'zod';
import { messages } from './messages.ts';
import { optionalText, requiredText } from './validation.ts';
import { BANK_ACCOUNT_TYPES, CARD_EXPIRY_YEARS, OWNER_TYPES as BANK_OWNER_TYPES } from './constants.ts';
import { POSTAL_CODE_PATTERNS, type CountryCode } from './regions.ts';
import { REFUSAL_CODES } from './refusals.ts';

/** Texts of the cards and bank accounts (spec 02 §5, §8 word for word; the rest ours, docs/decisions.md). */
export const PAYMENT_METHOD_TEXTS = {
  cardIdRequired: 'Card id is a required field',
  updatesRequired: 'Updates object is required',
  notFound: 'This card or bank account was not found.',
  expiryMonth: 'Choose a month from 01 to 12',
  expiryYear: `Choose a year within the next ${CARD_EXPIRY_YEARS} years`,
  expired: 'This card has expired',
  cardNumber: 'Enter the 13 to 19 digits of the card number',
  cvv: 'Enter the 3 or 4 digits on the back of the card',
  routingNumber: 'Enter the 9-digit routing number',
  accountNumber: 'Enter the 4 to 17 digits of the account number',
  postalCode: 'Enter a valid ZIP or postal code',
  depositAmount: 'Enter the amount in cents, from 1 to 99',
  otherBusiness: 'This card or bank account belongs to another business.',
  depositsSentSubject: 'Two small deposits are on their way',
  depositsTestHint: (first: number, second: number) =>
    `Test mode: the two deposits are ${first} and ${second} cents (the test processor always sends these).`,
  alreadyVerified: 'This bank account is already verified.',
  verificationRefused: (attemptsLeft: number) =>
    `Those amounts do not match the deposits. ${attemptsLeft} ${attemptsLeft === 1 ? 'try' : 'tries'} left.`,
  verificationLocked: 'This bank account is locked after three wrong tries. Remove it and add it again.',
  noPaymentMethods: 'Payment methods are for buyers of this business.',
  noBusiness: 'Select the business you act for first.',
  verifyBeforeMain: 'Verify this bank account before making it main.',
} as const;

export const PAYMENT_METHOD_TYPES = ['CARD', 'BANK_ACCOUNT'] as const;
/** spec 02 §4 invoice payment and checkout: the payment option ids beside cards and bank accounts. */
export const PAYMENT_GATEWAYS = ['COD', 'TERMS'] as const;
export type PaymentGateway = (typeof PAYMENT_GATEWAYS)[number];

/** spec 02 §3 payment card billing_info, under the spec's names. */
export const billingInfoSchema = z.object({
  Address1: z.string(),
  Address2: z.string(),
  City: z.string(),
  State: z.string(),
  Zip5: z.string(),
});

/**
 * spec 02 §3 payment card (a card or a bank account). `number` is masked ('**** 4242'); the CVV is never
 * kept, so `cvv` is always null. Ours beside the spec's: brand, last4, status (a bank account is usable
 * once verified), the bank account's details and when it was added.
 */
export const paymentCardSchema = z.object({
  id: z.string(),
  is_main: z.boolean(),
  type: z.enum(PAYMENT_METHOD_TYPES),
  number: z.string(),
  /** MM/YY; null for a bank account. */
  expiration_date: z.string().nullable(),
  cvv: z.null(),
  name: z.string(),
  billing_info: billingInfoSchema.nullable(),
  country: z.string(),
  brand: z.string(),
  last4: z.string(),
  status: z.enum(['verified', 'unverified', 'locked']),
  bank: z
    .object({
      bankName: z.string(),
      accountType: z.enum(BANK_ACCOUNT_TYPES),
      ownerType: z.enum(BANK_OWNER_TYPES),
    })
    .nullable(),
  createdAt: z.string(),
  /**
   * Ours (issue 27 §2): on a bank account not verified yet, in demo mode with the test processor, the
   * deposit amounts to enter ('Test mode: …'); never with a real processor or in production.
   */
  verificationHint: z.string().nullable().optional(),
});
export type PaymentCard = z.infer<typeof paymentCardSchema>;

const digits = (value: string) => value.replace(/[\s-]/g, '');

/** spec 02 §5: months 01 to 12, as the form's select sends them ('01') or as a number. */
const expMonthField = () =>
  z
    .union([z.string(), z.number()], { error: PAYMENT_METHOD_TEXTS.expiryMonth })
    .transform((value) => Number(value))
    .pipe(
      z
        .number()
        .int(PAYMENT_METHOD_TEXTS.expiryMonth)
        .min(1, PAYMENT_METHOD_TEXTS.expiryMonth)
        .max(12, PAYMENT_METHOD_TEXTS.expiryMonth),
    );

/** spec 02 §5: two digits prefixed 20 (or four); within the 26 years from this one. */
const expYearField = () =>
  z
    .union([z.string(), z.number()], { error: PAYMENT_METHOD_TEXTS.expiryYear })
    .transform((value) => {
      const year = Number(value);
      return Number.isInteger(year) && year >= 0 && year < 100 ? 2000 + year : year;
    })
    .pipe(z.number().int(PAYMENT_METHOD_TEXTS.expiryYear).refine(isSelectableYear, PAYMENT_METHOD_TEXTS.expiryYear));

/** spec 02 §5: the year list has 26 years from the current year. */
export function cardExpiryYears(today = new Date()): number[] {
  const first = today.getUTCFullYear();
  return Array.from({ length: CARD_EXPIRY_YEARS }, (_, i) => first + i);
}
const isSelectableYear = (year: number) => cardExpiryYears().includes(year);

/** Whether a card's month has passed (the current month is still good). */
export function isExpired(expMonth: number, expYear: number, today = new Date()): boolean {
  return expYear * 12 + expMonth < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1;
}

/** What decides whether a saved card or bank account can pay: the server's row and the screen's card alike. */
export interface PayingMethodFacts {
  type: 'CARD' | 'BANK_ACCOUNT';
  /** A bank account's verification ('verified', 'unverified', 'locked'); a card's is 'verified'. */
  status: string;
  expMonth: number | null;
  expYear: number | null;
}

/** A card's expiry as the wire shows it (spec 02 §5 'MM/YY', the year prefixed 20), read once here. */
export function expiryOfCard(card: Pick<PaymentCard, 'expiration_date'>): { month: number; year: number } | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(card.expiration_date ?? '');
  return match ? { month: Number(match[1]), year: 2000 + Number(match[2]) } : null;
}

/** The facts of a payment card as the screens receive it. */
export function payingFactsOf(card: PaymentCard): PayingMethodFacts {
  const expiry = card.type === 'CARD' ? expiryOfCard(card) : null;
  return { type: card.type, status: card.status, expMonth: expiry?.month ?? null, expYear: expiry?.year ?? null };
}

/**
 * May this saved method pay now? (spec 02 §4: a bank account only once verified; a card until its month
 * has passed.) null when it may, else why not, as the refusal code the server answers with. The one rule
 * behind checkout, invoice payment and every screen that offers a card or bank account.
 */
export function whyMethodCannotPay(
  method: PayingMethodFacts,
  today = new Date(),
): typeof REFUSAL_CODES.BANK_UNVERIFIED | typeof REFUSAL_CODES.CARD_EXPIRED | null {
  if (method.type === 'BANK_ACCOUNT') return method.status === 'verified' ? null : REFUSAL_CODES.BANK_UNVERIFIED;
  if (method.expMonth && method.expYear && isExpired(method.expMonth, method.expYear, today))
    return REFUSAL_CODES.CARD_EXPIRED;
  return null;
}

const countryField = () => z.enum(['US', 'CA'], { error: messages.requiredField });

/** Whether a postal code has its country's form (US ZIP, Canadian postal code). */
export const postalCodeOf = (country: string, postalCode: string) =>
  (POSTAL_CODE_PATTERNS[country as CountryCode] ?? /^.{3,10}$/).test(postalCode);

/** spec 02 §3 card create payload (POST card, POST /api/create-credit-card). */
export const cardCreateSchema = z
  .object({
    isDefault: z.boolean().default(false),
    number: z
      .string({ error: PAYMENT_METHOD_TEXTS.cardNumber })
      .transform(digits)
      .pipe(z.string().regex(/^\d{13,19}$/, PAYMENT_METHOD_TEXTS.cardNumber)),
    expMonth: expMonthField(),
    expYear: expYearField(),
    cvv: z.string({ error: PAYMENT_METHOD_TEXTS.cvv }).regex(/^\d{3,4}$/, PAYMENT_METHOD_TEXTS.cvv),
    name: requiredText(100),
    streetAddress1: requiredText(100),
    streetAddress2: optionalText(100),
    city: requiredText(60),
    state: requiredText(3),
    postalCode: requiredText(10),
    countryCode: countryField(),
    /** The business it is for: the session's (a different one is refused). */
    sapBpCode: z.string().max(20).optional(),
  })
  .superRefine((card, context) => {
    if (isExpired(card.expMonth, card.expYear))
      context.addIssue({ code: 'custom', path: ['expMonth'], message: PAYMENT_METHOD_TEXTS.expired });
    if (!postalCodeOf(card.countryCode, card.postalCode))
      context.addIssue({ code: 'custom', path: ['postalCode'], message: PAYMENT_METHOD_TEXTS.postalCode });
  });
export type CardCreate = z.infer<typeof cardCreateSchema>;

/** What a card's update may change: main, name, expiry, billing address (the number never: add a new card). */
export const cardUpdatesSchema = z
  .object({
    is_main: z.literal(true).optional(),
    name: requiredText(100).optional(),
    expMonth: expMonthField().optional(),
    expYear: expYearField().optional(),
    billing_info: z
      .object({
        Address1: requiredText(100),
        Address2: optionalText(100),
        City: requiredText(60),
        State: requiredText(3),
        Zip5: requiredText(10),
      })
      .optional(),
  })
  .strict();
export type CardUpdates = z.infer<typeof cardUpdatesSchema>;

/** Spec 02 §5: 'Updates object is required' when the object is missing. */
const updatesField = <T extends z.ZodType>(schema: T) =>
  z
    .unknown()
    .superRefine((value, context) => {
      if (value === undefined || value === null || typeof value !== 'object' || Array.isArray(value))
        context.addIssue({ code: 'custom', message: PAYMENT_METHOD_TEXTS.updatesRequired });
    })
    .pipe(schema);

const idField = () =>
  z.string({ error: PAYMENT_METHOD_TEXTS.cardIdRequired }).trim().min(1, PAYMENT_METHOD_TEXTS.cardIdRequired);

export const cardIdParamsSchema = z.object({ id: idField() });
export const cardListQuerySchema = z.object({ dealer_id: z.string().max(64).optional() });

/** PATCH card/{id}. */
export const cardPatchSchema = z.object({ updates: updatesField(cardUpdatesSchema) });
/** PATCH /api/update-credit-card. */
export const creditCardUpdateSchema = z.object({ id: idField(), updates: updatesField(cardUpdatesSchema) });
/** DELETE /api/delete-credit-card and /api/delete-bank-account. */
export const paymentMethodDeleteSchema = z.object({ id: idField(), sapBpCode: z.string().max(20).optional() });

/** POST /api/create-bank-account. */
export const bankAccountCreateSchema = z.object({
  isDefault: z.boolean().default(false),
  accountHolderName: requiredText(100),
  accountType: z.enum(BANK_ACCOUNT_TYPES, { error: messages.requiredField }),
  ownerType: z.enum(BANK_OWNER_TYPES, { error: messages.requiredField }),
  routingNumber: z
    .string({ error: PAYMENT_METHOD_TEXTS.routingNumber })
    .transform(digits)
    .pipe(z.string().regex(/^\d{9}$/, PAYMENT_METHOD_TEXTS.routingNumber)),
  accountNumber: z
    .string({ error: PAYMENT_METHOD_TEXTS.accountNumber })
    .transform(digits)
    .pipe(z.string().regex(/^\d{4,17}$/, PAYMENT_METHOD_TEXTS.accountNumber)),
  sapBpCode: z.string().max(20).optional(),
});
export type BankAccountCreate = z.infer<typeof bankAccountCreateSchema>;

export const bankAccountUpdatesSchema = z
  .object({ is_main: z.literal(true).optional(), accountHolderName: requiredText(100).optional() })
  .strict();
/** PATCH /api/update-bank-account. */
export const bankAccountUpdateSchema = z.object({ id: idField(), updates: updatesField(bankAccountUpdatesSchema) });

const depositField = () =>
  z
    .number({ error: PAYMENT_METHOD_TEXTS.depositAmount })
    .int(PAYMENT_METHOD_TEXTS.depositAmount)
    .min(1, PAYMENT_METHOD_TEXTS.depositAmount)
    .max(99, PAYMENT_METHOD_TEXTS.depositAmount);
/** POST /api/verify-bank-account: the two micro-deposits, in cents. */
export const bankAccountVerifySchema = z.object({ id: idField(), amounts: z.tuple([depositField(), depositField()]) });

/** GET card: the business's cards and bank accounts, main first. */
export const paymentCardListSchema = z.array(paymentCardSchema);

/** POST /api/users-payment-methods: what the business can pay with. */
export const usersPaymentMethodsRequestSchema = z.object({ sapBpCode: z.string().max(20).optional() });
export const usersPaymentMethodsSchema = z.object({
  paymentMethods: z.array(paymentCardSchema),
  gateways: z.array(
    z.object({
      id: z.enum(PAYMENT_GATEWAYS),
      name: z.string(),
      /**
       * Ours (issue 27 §8): why the business can not pay this way now, known before it is chosen (TERMS:
       * no credit line, or invoices past due); null or absent when it can. Over the limit is known only
       * for a total, so it is said when TERMS is chosen.
       */
      unavailable: z.string().nullable().optional(),
    }),
  ),
  /** spec 01 §4: a Canadian user is one whose default card's country is CA. */
  isCanadianUser: z.boolean(),
});
export type UsersPaymentMethods = z.infer<typeof usersPaymentMethodsSchema>;

/** DELETE answers: what was removed. */
export const paymentMethodDeletedSchema = z.object({ id: z.string(), deleted: z.literal(true) });
