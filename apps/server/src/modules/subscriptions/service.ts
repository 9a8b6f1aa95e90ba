import { createHash } from 'node:crypto';
import {
  MONTHS_OF_DURATION,
  REFUSAL_CODES,
  SUBSCRIPTION_TEXTS,
  formatMoney,
  isSalesRep,
  isUpgrade,
  planDisplayName,
  planPriceCents,
  taxCentsOf,
  taxRateOf,
  type FailedCartItem,
  type PlanCurrency,
  type PlanDuration,
  type PlanId,
  type PlanSales,
  type Purchase,
  type PurchasedLine,
  type planSalesQuerySchema,
  type purchaseRequestSchema,
} from '@portal/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { Refusal, refuse } from '../../refusal.ts';
import { businessAlsoMailed, type Actor } from '../../actor.ts';
import { tryViewOf, type AttemptMachine, type AttemptStore, type Step } from '../../attempts/machine.ts';
import { chargeStep, type MadeCharge } from '../../attempts/charge-step.ts';
import type { Shadow } from '../../adapters/devices/index.ts';
import { planBuyerOf, removeSubscriptionLines, subscriptionLineDevices, type Buyer } from '../cart/index.ts';
import { createDeviceAccess, refusalOfCloudError, type DeviceAccessFor } from '../devices/index.ts';
import { currentPlanCreditOf, planCurrencyOf } from '../plans/index.ts';
import { checkoutFactsOf, type CheckoutFacts } from '../business-partners/index.ts';
import { paymentLabelOf, paymentMethodOfBusiness, refuseUnlessMethodCanPay } from '../payment-methods/index.ts';
import type { RewardService } from '../rewards/index.ts';
import * as repo from './repo.ts';

type PurchaseInput = z.output<typeof purchaseRequestSchema>;
type PlanSalesQuery = z.output<typeof planSalesQuerySchema>;
/** A plan as the device cloud reports it (name, duration, started_at, expires_at). */
type DevicePlan = NonNullable<Shadow['reported']['plan']>;

/** One line as priced, and the plans the purchase moves its device between. */
interface DecidedLine extends PurchasedLine {
  /** The plan to put on the device, made once at the decision: putting it again is the same plan. */
  plan: DevicePlan;
  /** The plan the device had (put back when the purchase is undone). */
  previous: DevicePlan | null;
}

/** Everything a purchase is priced at: the mock run's answer, and what the real run decides from. */
interface Priced {
  currency: PlanCurrency;
  lines: DecidedLine[];
  base_amount: number;
  currency_discount: number;
  base_tax: number;
  final_charge: number;
  tax: { rateBp: number; exempt: boolean; region: string | null };
  quote: string;
}

/** What the deciding transaction decided, kept with the try: a crash resumes from this. */
interface Snapshot extends Priced {
  partner: { id: string; sapBpCode: string; companyName: string };
  buyer: { userId: string; name: string; email: string; actingFor: string | null; alsoTo: string[] };
  /** The processor token to charge; null when nothing is to be charged. */
  source: string | null;
  methodLabel: string | null;
  postalCode: string | null;
  decidedAt: string;
}

/** What the cloud said of each line's device, read before the deciding transaction (the cloud is outside it). */
type DeviceRead = { ok: Shadow } | { failed: string };

const fullName = (user: { first_name: string; last_name: string; email: string }) =>
  `${user.first_name} ${user.last_name}`.trim() || user.email;

/**
 * The plan a purchase puts on a device: the plan's display name and term from the decision time, ending as the
 * cloud ends its own (packages/device-sim fleet.ts `planStartedAt`: the same instant N years on, UTC; month to
 * month has no end).
 */
export function intendedPlanOf(plan: PlanId, duration: PlanDuration, startedAt: Date): DevicePlan {
  const years = duration === 'month_to_month' ? null : MONTHS_OF_DURATION[duration] / 12;
  const expires = new Date(startedAt.getTime());
  if (years !== null) expires.setUTCFullYear(expires.getUTCFullYear() + years);
  return {
    name: planDisplayName(plan),
    duration,
    started_at: startedAt.toISOString(),
    expires_at: years === null ? null : expires.toISOString(),
  };
}

const samePlan = (a: DevicePlan | null | undefined, b: DevicePlan | null | undefined) =>
  (a ?? null) === null
    ? (b ?? null) === null
    : !!b &&
      a!.name === b.name &&
      a!.duration === b.duration &&
      new Date(a!.started_at).getTime() === new Date(b.started_at).getTime() &&
      (a!.expires_at === null
        ? b.expires_at === null
        : !!b.expires_at && new Date(a!.expires_at).getTime() === new Date(b.expires_at).getTime());

/**
 * Tax on plans (docs/decisions.md "Subscription checkout"): product checkout's rule on the business's own ship-to
 * address — none with a resale certificate on file, else the rate of the default shipping address's state or
 * province (its first shipping address, else its default billing address), on what is charged for the plans
 * (the price less the credit).
 */
function taxRuleOf(facts: CheckoutFacts) {
  const address =
    facts.addresses.find((a) => a.isDefaultShipping) ??
    facts.addresses.find((a) => a.businessPartnerAddressType === 'SHIPPING') ??
    facts.addresses.find((a) => a.isDefaultBilling);
  const rateBp = facts.taxExempt || !address ? 0 : taxRateOf(address.country, address.countryArea);
  return { rateBp, exempt: facts.taxExempt, region: address ? `${address.country}-${address.countryArea}` : null };
}

/** The fingerprint of everything a purchase charges: the real run must send the mock run's back. */
export function quoteOf(priced: Omit<Priced, 'quote'>) {
  const facts = [
    priced.currency,
    priced.lines.map((l) => [l.device_key, l.plan_id, l.newPricingPlan, l.amount, l.credit]),
    priced.base_tax,
    priced.final_charge,
  ];
  return createHash('sha256').update(JSON.stringify(facts)).digest('hex').slice(0, 32);
}

/** Where purchases are kept: plan_purchases (the try is the receipt). */
const store: AttemptStore<Snapshot, repo.PurchaseRow> = {
  keyConstraint: 'plan_purchases_key',
  byKey: (db, userId, key) => repo.purchaseByKey(db, userId, key),
  byId: (db, id) => repo.purchaseById(db, id),
  pendingBefore: (db, before) => repo.chargingPurchases(db, before),
  view: (row) => tryViewOf(row, 'paid'),
  fail: (tx, row, failure) => repo.failPurchase(tx, row.id, failure),
};

/**
 * Buying plans for devices (issue 30 item 3; spec 02 §7 "Plans and payments"), as a kind of the attempt machine:
 * the cloud's word on each device is read first; one transaction prices every line again and decides (the quote
 * must match, the payment method must pay); the charge step charges; the apply-plans step puts each plan on its
 * device; one transaction writes the receipt, takes the lines out of the cart, records the rewards and mails.
 * All or nothing: any line that can not be bought refuses the whole purchase before anything is charged.
 */
export function createSubscriptionService(
  ctx: AppContext,
  attempts: AttemptMachine,
  deps: { rewards: Pick<RewardService, 'recordPlanPaid'>; accessFor?: DeviceAccessFor },
) {
  const accessFor = deps.accessFor ?? createDeviceAccess({ db: ctx.db, devices: ctx.devices });

  /** Each line's device as the devices module lets this buyer reach it; a line that can not be reached, why. */
  async function readDevices(buyer: Buyer, body: PurchaseInput, ip: string): Promise<Map<string, DeviceRead>> {
    const reads = new Map<string, DeviceRead>();
    // A line of the buyer's cart was put there with the proof its device asked for (the ICCID digits of a
    // device installed for nobody): the checkout of that cart does not ask for it again. Read once, when a
    // device first asks for its proof (a business's own devices never do).
    let inCart: Promise<Set<string>> | null = null;
    const inCartOf = () =>
      (inCart ??= subscriptionLineDevices(
        ctx.db,
        { userId: buyer.user.id, businessPartnerId: buyer.business.id },
        body.line_items.filter((line) => !line.iccid_last_digits).map((line) => line.device_key),
      ));
    for (const line of body.line_items) {
      if (reads.has(line.device_key)) continue;
      try {
        const { shadow } = await accessFor(buyer, line.device_key, { iccidLastDigits: line.iccid_last_digits, ip });
        reads.set(line.device_key, { ok: shadow });
      } catch (error) {
        const proven =
          error instanceof Refusal &&
          error.code === REFUSAL_CODES.DEVICE_PROOF_REQUIRED &&
          (await inCartOf()).has(line.device_key) &&
          (await ctx.devices.shadow(line.device_key));
        if (proven) {
          reads.set(line.device_key, { ok: proven });
          continue;
        }
        // Not the caller's (or no such device), or a device installed for nobody without its proof: that line fails.
        if (error instanceof Refusal && error.kind === 'not_found')
          reads.set(line.device_key, { failed: SUBSCRIPTION_TEXTS.deviceNotFound });
        else if (
          error instanceof Refusal &&
          (error.code === REFUSAL_CODES.DEVICE_PROOF_REQUIRED || error.code === REFUSAL_CODES.DEVICE_PROOF_WRONG)
        )
          reads.set(line.device_key, { failed: error.detail });
        else throw error;
      }
    }
    return reads;
  }

  /** Prices every line (all or nothing: the failed lines, each by device, refuse the whole purchase). */
  function priceLines(
    buyer: Buyer,
    body: PurchaseInput,
    reads: Map<string, DeviceRead>,
    facts: CheckoutFacts,
    now: Date,
  ) {
    const currency = planCurrencyOf(buyer);
    const failed: FailedCartItem[] = [];
    const seen = new Set<string>();
    const lines: DecidedLine[] = [];
    for (const item of body.line_items) {
      const key = item.device_key;
      if (seen.has(key)) {
        if (!failed.some((f) => f.device_key === key))
          failed.push({ device_key: key, detail: SUBSCRIPTION_TEXTS.oneLinePerDevice });
        continue;
      }
      seen.add(key);
      const read = reads.get(key)!;
      if ('failed' in read) {
        failed.push({ device_key: key, detail: read.failed });
        continue;
      }
      const { reported } = read.ok;
      if (reported.device_state === 'replaced' || reported.device_state === 'retired') {
        failed.push({ device_key: key, detail: SUBSCRIPTION_TEXTS.cannotTakePlan });
        continue;
      }
      const held = currentPlanCreditOf(reported.plan, currency, now);
      if (held && !isUpgrade(held, { plan: item.plan_id, duration: item.newPricingPlan })) {
        failed.push({ device_key: key, detail: SUBSCRIPTION_TEXTS.notAnUpgrade });
        continue;
      }
      const amount = planPriceCents(item.plan_id, item.newPricingPlan, currency);
      const plan = intendedPlanOf(item.plan_id, item.newPricingPlan, now);
      lines.push({
        device_key: read.ok.device_key,
        productName: reported.product,
        plan_id: item.plan_id,
        new_plan_name: planDisplayName(item.plan_id),
        newPricingPlan: item.newPricingPlan,
        amount,
        // The credit of the unused term never exceeds the line's own price.
        credit: Math.min(held?.credit.creditCents ?? 0, amount),
        expires_at: plan.expires_at,
        plan,
        previous: reported.plan ?? null,
      });
    }
    // The duplicate names its device once, even when its first line failed for another reason.
    if (failed.length) throw refuse.lines(SUBSCRIPTION_TEXTS.linesFailed, failed);
    const base_amount = lines.reduce((sum, l) => sum + l.amount, 0);
    const currency_discount = lines.reduce((sum, l) => sum + l.credit, 0);
    const tax = taxRuleOf(facts);
    const base_tax = taxCentsOf(base_amount - currency_discount, tax.rateBp);
    const final_charge = base_amount - currency_discount + base_tax;
    const priced = { currency, lines, base_amount, currency_discount, base_tax, final_charge, tax };
    return { ...priced, quote: quoteOf(priced) };
  }

  const answerOf = (priced: Priced): Purchase => ({
    uuid: null,
    status: 'quote',
    currency: priced.currency,
    line_items: priced.lines.map(({ plan: _plan, previous: _previous, ...line }) => line),
    base_amount: priced.base_amount,
    currency_discount: priced.currency_discount,
    base_tax: priced.base_tax,
    final_charge: priced.final_charge,
    quote: priced.quote,
  });

  /** The apply-plans step: every line's plan on its device; undone by putting each previous plan back. */
  const applyPlans: Step<Snapshot, { lines: { device_key: string; plan: DevicePlan; previous: DevicePlan | null }[] }> =
    {
      name: 'apply-plans',
      needed: () => true,
      async invoke(_tryId, snapshot) {
        const lines = snapshot.lines.map(({ device_key, plan, previous }) => ({ device_key, plan, previous }));
        const applied: typeof lines = [];
        try {
          // Putting the same plan again is harmless: a retry or a recovery may run this twice.
          for (const line of lines) {
            applied.push(line);
            await ctx.devices.setPlan(line.device_key, line.plan);
          }
        } catch (error) {
          const refusal = refusalOfCloudError(error);
          if (!(refusal instanceof Refusal)) throw error;
          // This step's own half-done work is undone here; the machine undoes the steps before it (the charge). A cloud
          // that can not answer even that throws: the try stays pending and recovery settles it.
          await putBack(applied);
          throw new Refusal('conflict', SUBSCRIPTION_TEXTS.applyFailed, { code: refusal.code });
        }
        return { lines };
      },
      async find(_tryId, snapshot) {
        // The cloud unreachable is an error, not an answer: the try stays pending and the next sweep asks again
        // (voiding the charge on a guess could leave plans on devices that nobody paid for).
        const shadows = await Promise.all(snapshot.lines.map((l) => ctx.devices.shadow(l.device_key)));
        const lines = snapshot.lines.map(({ device_key, plan, previous }) => ({ device_key, plan, previous }));
        if (shadows.every((shadow, n) => samePlan(shadow?.reported.plan, lines[n]!.plan))) return { done: { lines } };
        // Some, not all: nothing of it may stand without its record (the charge is voided after this).
        await putBack(lines);
        return null;
      },
      compensate: ({ lines }) => putBack(lines),
    };

  /** Puts back each device's previous plan where the device still has the plan this purchase put on it. */
  async function putBack(lines: { device_key: string; plan: DevicePlan; previous: DevicePlan | null }[]) {
    // A device the cloud can not answer for throws: the machine logs a compensation that failed, and a recovery's
    // `find` leaves the try pending to be asked again.
    for (const line of lines) {
      const shadow = await ctx.devices.shadow(line.device_key);
      if (shadow && samePlan(shadow.reported.plan, line.plan))
        await ctx.devices.setPlan(line.device_key, line.previous);
    }
  }

  const runner = attempts.define<
    Actor,
    { body: PurchaseInput; now: Date; reads: Map<string, DeviceRead> },
    Snapshot,
    repo.PurchaseRow,
    Purchase
  >({
    name: 'subscription-purchase',
    label: 'plan purchase',
    texts: {
      keyRequired: SUBSCRIPTION_TEXTS.idempotencyKeyRequired,
      keyReused: SUBSCRIPTION_TEXTS.idempotencyKeyReused,
      inProgress: SUBSCRIPTION_TEXTS.inProgress,
      notFound: SUBSCRIPTION_TEXTS.receiptNotFound,
      notCompleted: SUBSCRIPTION_TEXTS.notCompleted,
    },
    store,
    ownerOf: (actor) => planBuyerOf(actor).user.id,
    requestOf: (actor, { body }) => [
      planBuyerOf(actor).business.id,
      body.line_items.map((l) => [l.device_key, l.plan_id, l.newPricingPlan]),
      body.payment_method_id ?? null,
      body.quote ?? null,
    ],
    decide: (tx, actor, input, at) => decide(tx, planBuyerOf(actor), input, at),
    steps: [
      chargeStep<Snapshot>(ctx.payments, (snapshot) =>
        snapshot.source && snapshot.final_charge > 0
          ? {
              amountCents: snapshot.final_charge,
              currency: snapshot.currency,
              source: snapshot.source,
              description: `${snapshot.partner.companyName} (${snapshot.partner.sapBpCode}): plans for ${snapshot.lines.map((l) => l.device_key).join(', ')}`,
              ...(snapshot.postalCode && { postalCode: snapshot.postalCode }),
            }
          : null,
      ),
      applyPlans as Step<Snapshot, unknown>,
    ],
    write: (tx, row, outputs) => write(tx, row, (outputs.charge as MadeCharge | undefined)?.id ?? null),
    resultOf: async (_db, row) => row.receipt as Purchase,
  });

  /** The one transaction that decides: the lines priced again, the quote matched, the payment method checked. */
  async function decide(
    tx: Tx,
    buyer: Buyer,
    input: { body: PurchaseInput; now: Date; reads: Map<string, DeviceRead> },
    at: { key: string; requestHash: string; earlier: () => Promise<repo.PurchaseRow | null> },
  ) {
    const { body, now, reads } = input;
    // One decision at a time per device: two purchases of one device can not both charge for it.
    await repo.lockPurchasesOf(
      tx,
      body.line_items.map((l) => l.device_key.toUpperCase()),
    );
    // A retry first: the device already has the plan it paid for, which priced again would not be an upgrade.
    const first = await at.earlier();
    if (first) return { replay: first };
    const priced = priceLines(buyer, body, reads, await checkoutFactsOf(tx, buyer.business.id), now);
    const deviceKeys = priced.lines.map((l) => l.device_key);
    const busy = await repo.busyOn(tx, buyer.business.id, deviceKeys, now);
    if (busy.charging) throw refuse.conflict(SUBSCRIPTION_TEXTS.inProgress, REFUSAL_CODES.IN_PROGRESS);
    if (!body.quote) throw refuse.invalid(SUBSCRIPTION_TEXTS.quoteRequired, REFUSAL_CODES.CHANGED_SINCE_SHOWN);
    // Another purchase of these devices was paid after they were read: what was read is no longer so.
    if (body.quote !== priced.quote || busy.paidSince)
      throw refuse.conflict(SUBSCRIPTION_TEXTS.quoteChanged, REFUSAL_CODES.CHANGED_SINCE_SHOWN);

    let method: { id: string; source: string; label: string; postalCode: string | null } | null = null;
    if (priced.final_charge > 0) {
      if (!body.payment_method_id)
        throw refuse.invalid(SUBSCRIPTION_TEXTS.paymentMethodRequired, REFUSAL_CODES.PAYMENT_METHOD_REQUIRED);
      const row = await paymentMethodOfBusiness(tx, buyer.business.id, body.payment_method_id);
      if (!row) throw refuse.notFound(SUBSCRIPTION_TEXTS.paymentMethodRequired, REFUSAL_CODES.PAYMENT_METHOD_NOT_FOUND);
      refuseUnlessMethodCanPay(row, now);
      method = { id: row.id, source: row.processorToken, label: paymentLabelOf(row), postalCode: row.postalCode };
    }

    const rep = isSalesRep(buyer.user);
    const snapshot: Snapshot = {
      ...priced,
      partner: { id: buyer.business.id, sapBpCode: buyer.business.sapBpCode, companyName: buyer.business.companyName },
      buyer: {
        userId: buyer.user.id,
        name: fullName(buyer.user),
        email: buyer.user.email,
        actingFor: rep ? (buyer.impersonating ? fullName(buyer.actingUser) : buyer.business.companyName) : null,
        alsoTo: businessAlsoMailed(buyer),
      },
      source: method?.source ?? null,
      methodLabel: method?.label ?? null,
      postalCode: method?.postalCode ?? null,
      decidedAt: now.toISOString(),
    };
    const tried = await repo.insertPurchase(tx, {
      businessPartnerId: buyer.business.id,
      userId: buyer.user.id,
      paidByName: snapshot.buyer.name,
      idempotencyKey: at.key,
      requestHash: at.requestHash,
      status: 'charging',
      currency: priced.currency,
      deviceKeys,
      baseAmountCents: priced.base_amount,
      currencyDiscountCents: priced.currency_discount,
      baseTaxCents: priced.base_tax,
      finalChargeCents: priced.final_charge,
      methodLabel: snapshot.methodLabel,
      paymentMethodId: method?.id ?? null,
      snapshot,
    });
    return { tried };
  }

  /** The write after the steps: the receipt, the cart's lines out, the rewards, the mail — or null if another ended it. */
  async function write(tx: Tx, row: repo.PurchaseRow, chargeId: string | null): Promise<Purchase | null> {
    const snapshot = row.snapshot as Snapshot;
    const receipt: Purchase = {
      ...answerOf(snapshot),
      uuid: row.id,
      status: 'paid',
      number: repo.purchaseNumberOf(row.number),
      created: row.createdAt.toISOString(),
      paid_by: snapshot.buyer.name,
      method: snapshot.methodLabel,
      transaction_id: chargeId,
    };
    // Claimed as paid with its receipt in one statement; another run that ended it first leaves it as it was.
    if (!(await repo.claimPurchase(tx, row.id, chargeId, receipt))) return null;
    await removeSubscriptionLines(
      tx,
      { userId: snapshot.buyer.userId, businessPartnerId: snapshot.partner.id },
      snapshot.lines.map((l) => l.device_key),
    );
    for (const line of snapshot.lines)
      await deps.rewards.recordPlanPaid(tx, {
        deviceKey: line.device_key,
        plan: line.plan_id,
        duration: line.newPricingPlan,
        currency: snapshot.currency,
      });
    // The business first (the dealer primary a rep acted for), then the one who paid, as a copy.
    for (const to of [...snapshot.buyer.alsoTo, snapshot.buyer.email])
      await ctx.mailer.send(
        { to, subject: SUBSCRIPTION_TEXTS.receiptSubject(receipt.number!), text: receiptText(receipt, snapshot) },
        tx,
      );
    return receipt;
  }

  /**
   * POST /api/payments. validate=true: the mock run — priced as the real run prices, nothing charged, nothing
   * written, no key needed. Otherwise the real run under the Idempotency-Key.
   */
  async function purchase(
    actor: Actor,
    body: PurchaseInput,
    idempotencyKey: string | undefined,
    origin: { ip: string },
    now = new Date(),
  ): Promise<{ replayed: boolean; body: Purchase }> {
    const buyer = planBuyerOf(actor);
    const reads = await readDevices(buyer, body, origin.ip);
    if (body.validate) {
      const priced = priceLines(buyer, body, reads, await checkoutFactsOf(ctx.db, buyer.business.id), now);
      return { replayed: false, body: answerOf(priced) };
    }
    return runner.run(actor, { body, now, reads }, idempotencyKey);
  }

  /** GET /api/payments/{uuid}: a paid purchase of the caller's business (another's: not found). */
  async function receipt(actor: Actor, uuid: string): Promise<Purchase> {
    const buyer = planBuyerOf(actor);
    const row = UUID.test(uuid) ? await repo.paidPurchaseOf(ctx.db, buyer.business.id, uuid) : null;
    if (!row) throw refuse.notFound(SUBSCRIPTION_TEXTS.receiptNotFound);
    return row.receipt as Purchase;
  }

  /** GET /api/plan-sales: the business's paid purchases between two UTC days, newest first, with their totals. */
  async function sales(actor: Actor, query: PlanSalesQuery): Promise<PlanSales> {
    const buyer = planBuyerOf(actor);
    const { rows, count, totals } = await repo.paidPurchases(ctx.db, buyer.business.id, {
      // spec 02 §9: dates sent in UTC, start of day to end of day.
      from: query.from_date ? new Date(`${query.from_date}T00:00:00.000Z`) : null,
      to: query.to_date ? new Date(`${query.to_date}T23:59:59.999Z`) : null,
      limit: query.limit,
      offset: query.offset,
    });
    return {
      results: rows.map((row) => ({
        uuid: row.id,
        number: repo.purchaseNumberOf(row.number),
        created: row.createdAt.toISOString(),
        transaction_id: row.processorChargeId,
        currency: row.currency as PlanCurrency,
        final_charge: row.finalChargeCents,
        subtotal: row.baseAmountCents,
        sales_tax: row.baseTaxCents,
        credit: row.currencyDiscountCents,
        devices: row.deviceKeys,
        paid_by: row.paidByName,
      })),
      count,
      totals: { final_charge: totals.finalCharge, subtotal: totals.subtotal, sales_tax: totals.salesTax },
    };
  }

  return { purchase, receipt, sales };
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function receiptText(receipt: Purchase, snapshot: Snapshot) {
  const money = (cents: number) => `${formatMoney(cents)} ${receipt.currency}`;
  const lines = receipt.line_items.map(
    (l) =>
      `  ${l.device_key} (${l.productName})  ${l.new_plan_name}, ${l.newPricingPlan.replace('_', ' ')}  ${money(l.amount)}${l.credit ? ` (credit ${money(l.credit)})` : ''}${l.expires_at ? `  until ${l.expires_at.slice(0, 10)}` : ''}`,
  );
  return [
    `Plan purchase ${receipt.number} for ${snapshot.partner.companyName} (${snapshot.partner.sapBpCode}).`,
    `Paid by ${snapshot.buyer.name}${snapshot.buyer.actingFor ? ` for ${snapshot.buyer.actingFor}` : ''}.`,
    '',
    ...lines,
    '',
    `Subtotal: ${money(receipt.base_amount)}`,
    `Credit for unused terms: ${money(receipt.currency_discount)}`,
    `Tax: ${snapshot.tax.exempt ? 'exempt' : money(receipt.base_tax)}`,
    `Charged: ${money(receipt.final_charge)}${receipt.method ? ` to ${receipt.method}` : ''}`,
  ].join('\n');
}
