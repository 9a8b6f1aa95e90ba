import {
  PAYMENT_METHOD_TEXTS,
  REFUSAL_CODES,
  can,
  isExpired,
  whyMethodCannotPay,
  postalCodeOf,
  type BankAccountCreate,
  type CardCreate,
  type CardUpdates,
  type PaymentCard,
  type UsersPaymentMethods,
} from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { PaymentRefusal } from '../../adapters/payments/index.ts';
import { refuse } from '../../refusal.ts';
import { viewerOf } from '../../plugins/actor.ts';
import type { Actor } from '../../actor.ts';
import * as repo from './repo.ts';
import type { PaymentMethodRow } from './repo.ts';
import { methodFacts } from './can-pay.ts';

type Business = NonNullable<Actor['business']>;
type BankDetails = NonNullable<PaymentCard['bank']>;

/** spec 02 §4 payment option ids, with the names a buyer reads. */
const GATEWAYS: UsersPaymentMethods['gateways'] = [
  { id: 'COD', name: 'Cash on delivery' },
  { id: 'TERMS', name: 'On account (terms)' },
];

/**
 * A bank's name as a dealer reads it (issue 27 §7): a processor's test label ('STRIPE TEST BANK', kept on
 * accounts added before) is no bank's name, so nothing is shown.
 */
const bankNameForPeople = (name: string | null) => (name && !/\bTEST\b/i.test(name) ? name : '');

/** The wire shape of spec 02 §3 payment card. */
export function paymentCardOf(row: PaymentMethodRow): PaymentCard {
  const card = row.type === 'CARD';
  return {
    id: row.id,
    is_main: row.isMain,
    type: card ? 'CARD' : 'BANK_ACCOUNT',
    number: `**** ${row.last4}`,
    expiration_date:
      card && row.expMonth && row.expYear
        ? `${String(row.expMonth).padStart(2, '0')}/${String(row.expYear % 100).padStart(2, '0')}`
        : null,
    cvv: null,
    name: row.name,
    billing_info: card
      ? {
          Address1: row.streetAddress1 ?? '',
          Address2: row.streetAddress2 ?? '',
          City: row.city ?? '',
          State: row.state ?? '',
          Zip5: row.postalCode ?? '',
        }
      : null,
    country: row.country,
    brand: row.brand,
    last4: row.last4,
    status: row.status as PaymentCard['status'],
    bank: card
      ? null
      : {
          bankName: bankNameForPeople(row.bankName),
          accountType: (row.accountType ?? 'CHECKING') as BankDetails['accountType'],
          ownerType: (row.ownerType ?? 'COMPANY') as BankDetails['ownerType'],
        },
    createdAt: row.createdAt.toISOString(),
  };
}

/** The processor's refusal as the buyer reads it (spec 02 §8: the server's detail is shown). */
function refused(error: unknown): never {
  if (error instanceof PaymentRefusal) throw refuse.invalid(error.message);
  throw error;
}

export interface PaymentMethodDeps {
  /**
   * Why the business can not buy on terms now (billing's credit standing), or null: passed in by app.ts,
   * so payment methods do not import billing, which pays with them.
   */
  termsClosedFor(business: Business): Promise<string | null>;
}

export function createPaymentMethodService(ctx: AppContext, deps: PaymentMethodDeps) {
  const processor = ctx.payments;
  // issue 27 §2: in demo mode with the test processor, the deposits to enter are said where a person looks
  // (the verify dialog, the deposits mail); never in production, never with a real processor.
  const deposits = ctx.config.demoMode ? processor.testMicroDepositsCents : null;
  const depositsHint = deposits ? PAYMENT_METHOD_TEXTS.depositsTestHint(deposits[0], deposits[1]) : null;
  const cardOf = (row: PaymentMethodRow): PaymentCard => {
    const card = paymentCardOf(row);
    return card.type === 'BANK_ACCOUNT' && card.status === 'unverified' && depositsHint
      ? { ...card, verificationHint: depositsHint }
      : card;
  };
  /**
   * The business whose methods these are: the session's. A sapBpCode or dealer_id the browser sends
   * must name that same business (rule 4: the server decides which business).
   */
  function businessOf(actor: Actor, named: { sapBpCode?: string; dealerId?: string } = {}): Business {
    // A rep who has not picked a business.
    if (!actor.business) throw refuse.invalid(PAYMENT_METHOD_TEXTS.noBusiness);
    const business = actor.business;
    if (named.sapBpCode !== undefined && named.sapBpCode !== business.sapBpCode)
      throw refuse.forbidden(PAYMENT_METHOD_TEXTS.otherBusiness);
    if (named.dealerId !== undefined && named.dealerId !== business.dealerId)
      throw refuse.forbidden(PAYMENT_METHOD_TEXTS.otherBusiness);
    return business;
  }

  /** Changing, removing and bank accounts are for those who run the business's billing. */
  function requireBilling(actor: Actor) {
    if (!can(viewerOf(actor), 'billing')) throw refuse.forbidden(PAYMENT_METHOD_TEXTS.noPaymentMethods);
  }

  async function present(business: Business, id: string) {
    const row = await repo.methodOf(ctx.db, business.id, id);
    if (!row) throw refuse.notFound(PAYMENT_METHOD_TEXTS.notFound, REFUSAL_CODES.PAYMENT_METHOD_NOT_FOUND);
    return cardOf(row);
  }

  /**
   * GET card: spec 01 §6, a rep without a business gets none; a dealer_id names the business it is for.
   */
  async function list(actor: Actor, dealerId?: string): Promise<PaymentCard[]> {
    if (!actor.business) return [];
    const business = businessOf(actor, { dealerId });
    return (await repo.methodsOf(ctx.db, business.id)).map(cardOf);
  }

  async function byId(actor: Actor, id: string) {
    return present(businessOf(actor), id);
  }

  /** POST /api/users-payment-methods: the methods, COD and TERMS, and whether the main card is Canadian. */
  async function usersPaymentMethods(actor: Actor, sapBpCode?: string): Promise<UsersPaymentMethods> {
    if (!actor.business) return { paymentMethods: [], gateways: [], isCanadianUser: false };
    const business = businessOf(actor, { sapBpCode });
    const methods = (await repo.methodsOf(ctx.db, business.id)).map(cardOf);
    const main = methods.find((method) => method.is_main && method.type === 'CARD');
    const termsClosed = await deps.termsClosedFor(business);
    const gateways = GATEWAYS.map((gateway) =>
      gateway.id === 'TERMS' ? { ...gateway, unavailable: termsClosed } : gateway,
    );
    return { paymentMethods: methods, gateways, isCanadianUser: main?.country === 'CA' };
  }

  /**
   * Writes a new method in one transaction: the first one of a business, or one asked to be the default,
   * becomes main (unsetting the other).
   */
  async function save(
    actor: Actor,
    business: Business,
    values: Omit<repo.NewPaymentMethod, 'businessPartnerId'>,
    isDefault: boolean,
  ) {
    const row = await ctx.db.transaction(async (tx) => {
      await repo.lockBusinessMethods(tx, business.id);
      const inserted = await repo.insertMethod(tx, {
        ...values,
        businessPartnerId: business.id,
        addedByUserId: actor.user.id,
      });
      // A bank account becomes main once verified (verifyBankAccount), never before.
      const usable = inserted.status === 'verified';
      if (usable && (isDefault || !(await repo.hasMain(tx, business.id))))
        await repo.makeMain(tx, business.id, inserted.id);
      return inserted;
    });
    return present(business, row.id);
  }

  /** POST card, POST /api/create-credit-card: the processor keeps the number; we keep its token. */
  async function createCard(actor: Actor, card: CardCreate) {
    const business = businessOf(actor, { sapBpCode: card.sapBpCode });
    const tokenized = await processor
      .tokenizeCard({
        number: card.number,
        expMonth: card.expMonth,
        expYear: card.expYear,
        cvv: card.cvv,
        name: card.name,
        postalCode: card.postalCode,
        country: card.countryCode,
      })
      .catch(refused);
    return save(
      actor,
      business,
      {
        type: 'CARD',
        processorToken: tokenized.token,
        brand: tokenized.brand,
        last4: tokenized.last4,
        expMonth: tokenized.expMonth,
        expYear: tokenized.expYear,
        name: card.name,
        streetAddress1: card.streetAddress1,
        streetAddress2: card.streetAddress2 ?? '',
        city: card.city,
        state: card.state,
        postalCode: card.postalCode,
        country: card.countryCode,
        status: 'verified',
      },
      card.isDefault,
    );
  }

  async function createBankAccount(actor: Actor, account: BankAccountCreate) {
    requireBilling(actor);
    const business = businessOf(actor, { sapBpCode: account.sapBpCode });
    const tokenized = await processor
      .createBankAccount({
        accountHolderName: account.accountHolderName,
        accountType: account.accountType,
        ownerType: account.ownerType,
        routingNumber: account.routingNumber,
        accountNumber: account.accountNumber,
      })
      .catch(refused);
    const saved = await save(
      actor,
      business,
      {
        type: 'BANK_ACCOUNT',
        processorToken: tokenized.token,
        brand: 'bank_account',
        last4: tokenized.last4,
        name: account.accountHolderName,
        country: business.sapBpCode.startsWith('N') ? 'CA' : 'US',
        status: 'unverified',
        bankName: tokenized.bankName,
        accountType: account.accountType,
        ownerType: account.ownerType,
      },
      account.isDefault,
    );
    // As a processor does when it sends the deposits: the person who added the account hears of them.
    await ctx.mailer.send({
      to: actor.user.email,
      subject: PAYMENT_METHOD_TEXTS.depositsSentSubject,
      text: [
        `We sent two small deposits, under $1.00 each, to the bank account ending ${saved.last4} of ${business.companyName}.`,
        'When they show on the bank statement (one to two business days), enter both amounts under Billing → Cards and bank accounts → Verify.',
        ...(depositsHint ? ['', depositsHint] : []),
      ].join('\n'),
    });
    return saved;
  }

  /** A change to one method of the business, in one transaction with the business's methods locked. */
  async function change(
    actor: Actor,
    id: string,
    type: PaymentMethodRow['type'] | null,
    apply: (tx: Tx, row: PaymentMethodRow, business: Business) => Promise<void>,
  ) {
    requireBilling(actor);
    const business = businessOf(actor);
    await ctx.db.transaction(async (tx) => {
      await repo.lockBusinessMethods(tx, business.id);
      const row = await repo.methodOf(tx, business.id, id, true);
      if (!row || (type !== null && row.type !== type))
        throw refuse.notFound(PAYMENT_METHOD_TEXTS.notFound, REFUSAL_CODES.PAYMENT_METHOD_NOT_FOUND);
      await apply(tx, row, business);
    });
    return present(business, id);
  }

  /** PATCH card/{id}, /api/update-credit-card: make main, rename, new expiry or billing address. */
  function updateCard(actor: Actor, id: string, updates: CardUpdates, type: PaymentMethodRow['type'] | null = null) {
    return change(actor, id, type, async (tx, row, business) => {
      const expMonth = updates.expMonth ?? row.expMonth;
      const expYear = updates.expYear ?? row.expYear;
      const card = row.type === 'CARD';
      if (card && expMonth && expYear && (updates.expMonth || updates.expYear) && isExpired(expMonth, expYear))
        throw refuse.invalid(PAYMENT_METHOD_TEXTS.expired);
      if (card && updates.billing_info && !postalCodeOf(row.country, updates.billing_info.Zip5))
        throw refuse.invalid(PAYMENT_METHOD_TEXTS.postalCode);
      if (updates.is_main && row.status !== 'verified') throw refuse.invalid(PAYMENT_METHOD_TEXTS.verifyBeforeMain);
      await repo.updateMethod(tx, row.id, {
        name: updates.name ?? row.name,
        ...(card && { expMonth, expYear }),
        ...(card &&
          updates.billing_info && {
            streetAddress1: updates.billing_info.Address1,
            streetAddress2: updates.billing_info.Address2 ?? '',
            city: updates.billing_info.City,
            state: updates.billing_info.State,
            postalCode: updates.billing_info.Zip5,
          }),
      });
      if (updates.is_main) await repo.makeMain(tx, business.id, row.id);
    });
  }

  /** PATCH /api/update-bank-account. */
  function updateBankAccount(actor: Actor, id: string, updates: { is_main?: true; accountHolderName?: string }) {
    return change(actor, id, 'BANK_ACCOUNT', async (tx, row, business) => {
      if (updates.is_main && row.status !== 'verified') throw refuse.invalid(PAYMENT_METHOD_TEXTS.verifyBeforeMain);
      if (updates.accountHolderName) await repo.updateMethod(tx, row.id, { name: updates.accountHolderName });
      if (updates.is_main) await repo.makeMain(tx, business.id, row.id);
    });
  }

  /** DELETE card/{id}, /api/delete-credit-card, /api/delete-bank-account. */
  async function remove(actor: Actor, id: string, type: PaymentMethodRow['type'] | null, sapBpCode?: string) {
    requireBilling(actor);
    const business = businessOf(actor, { sapBpCode });
    const deleted = await ctx.db.transaction(async (tx) => {
      await repo.lockBusinessMethods(tx, business.id);
      const row = await repo.methodOf(tx, business.id, id, true);
      if (!row || (type !== null && row.type !== type)) return false;
      if (!(await repo.deleteMethod(tx, business.id, id))) return false;
      // Removing the main one leaves the business one (issue 27 §12): the newest method that can pay now.
      if (row.isMain) {
        const next = (await repo.methodsOf(tx, business.id)).find(
          (method) => whyMethodCannotPay(methodFacts(method)) === null,
        );
        if (next) await repo.makeMain(tx, business.id, next.id);
      }
      return true;
    });
    if (!deleted) throw refuse.notFound(PAYMENT_METHOD_TEXTS.notFound, REFUSAL_CODES.PAYMENT_METHOD_NOT_FOUND);
    return { id, deleted: true as const };
  }

  /**
   * POST /api/verify-bank-account: the processor checks the two micro-deposits. The record answered
   * replaces the browser's (spec 02 §4); a wrong pair says how many tries are left, the third locks it.
   */
  async function verifyBankAccount(actor: Actor, id: string, amounts: readonly [number, number]) {
    requireBilling(actor);
    const business = businessOf(actor);
    const row = await repo.methodOf(ctx.db, business.id, id);
    if (!row || row.type !== 'BANK_ACCOUNT')
      throw refuse.notFound(PAYMENT_METHOD_TEXTS.notFound, REFUSAL_CODES.PAYMENT_METHOD_NOT_FOUND);
    if (row.status === 'verified') throw refuse.conflict(PAYMENT_METHOD_TEXTS.alreadyVerified);
    if (row.status === 'locked') throw refuse.conflict(PAYMENT_METHOD_TEXTS.verificationLocked);
    const result = await processor.verifyBankAccount(row.processorToken, amounts).catch(refused);
    const status = result.status === 'verified' ? 'verified' : result.status === 'locked' ? 'locked' : null;
    if (status)
      await ctx.db.transaction(async (tx) => {
        await repo.lockBusinessMethods(tx, business.id);
        await repo.updateMethod(tx, row.id, { status });
        // A verified account of a business without a main method becomes its main one.
        if (status === 'verified' && !(await repo.hasMain(tx, business.id)))
          await repo.makeMain(tx, business.id, row.id);
      });
    if (result.status === 'refused')
      throw refuse.invalid(PAYMENT_METHOD_TEXTS.verificationRefused(result.attemptsLeft));
    if (result.status === 'locked') throw refuse.conflict(PAYMENT_METHOD_TEXTS.verificationLocked);
    return present(business, id);
  }

  return {
    list,
    byId,
    usersPaymentMethods,
    createCard,
    createBankAccount,
    updateCard,
    updateBankAccount,
    remove,
    verifyBankAccount,
  };
}
export type PaymentMethodService = ReturnType<typeof createPaymentMethodService>;
