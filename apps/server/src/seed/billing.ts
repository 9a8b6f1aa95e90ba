import { and, asc, eq, inArray } from 'drizzle-orm';
import { payoffOf } from '@portal/contracts';
import { createRandom } from './random.ts';
import type { Tx } from '../db/client.ts';
import { orderLines, orders } from '../modules/orders/schema.ts';
import { paymentMethods } from '../modules/payment-methods/schema.ts';
import { users } from '../modules/users/schema.ts';
import { businessPartners } from '../modules/business-partners/schema.ts';
import { orderNumberOf } from '../modules/orders/index.ts';
import { paymentLabelOf } from '../modules/payment-methods/index.ts';
import { insertCreditMemo, invoiceForOrder, recordPastPayment, type PastPayment } from '../modules/billing/index.ts';

const DAY = 86_400_000;
const OWNER = 'owner@demo.test';
const ACCOUNTANT = 'accountant@demo.test';
const INSIDE_REP = 'insiderep@demo.test';
const LAKESIDE_OWNER = 'totp@demo.test';

/** A UTC day `days` before `now`. */
const dayBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY).toISOString().slice(0, 10);

/**
 * DEMO-DATA.md "Orders and billing": the invoices of the orders bought on terms (issue 19), written as
 * checkout completion writes them (invoiceForOrder: net 30, 2 % within 10 days), and their history.
 * Northside Auto Sound (its terms orders of 118, 83, 48, 24, 3 and 2 days ago):
 * - the oldest paid off by its owner inside the discount window (discount taken);
 * - the 83-day one paid by the inside rep acting for the owner, part with a price-adjustment credit memo
 *   (CM-300001, used up) and the rest by card;
 * - the 48-day one past due, with a partial payment by the accountant before it fell due;
 * - the 24-day one open (its discount window closed), the 3- and 2-day ones open inside theirs;
 * - a return on the 48-day order (CM-300002), not applied yet: credit to use.
 * Lakeside Remote Start (52 and 19 days): the older paid by its owner after its window, the other open.
 * Every balance of the business partners is summed from these (nothing typed in).
 */
export async function seedBilling(db: Tx, bpIdByCode: Map<string, string>, now = new Date()) {
  const northside = bpIdByCode.get('C100234')!;
  const lakeside = bpIdByCode.get('C100310')!;
  const termsOrders = await db
    .select()
    .from(orders)
    .where(and(eq(orders.paymentKind, 'TERMS'), inArray(orders.businessPartnerId, [northside, lakeside])))
    .orderBy(asc(orders.createdAt));
  // A catalog too small to hold the businesses' brands (a test's) left them without orders.
  if (termsOrders.length === 0) return;

  // Oldest first: invoice numbers rise with time, as the portal numbers them.
  const invoiceOf = new Map<string, Awaited<ReturnType<typeof invoiceForOrder>>>();
  for (const order of termsOrders)
    invoiceOf.set(
      order.id,
      await invoiceForOrder(db, {
        businessPartnerId: order.businessPartnerId,
        orderId: order.id,
        orderNumber: orderNumberOf(order.number),
        poNumber: order.poNumber,
        totalCents: order.totalCents,
        placedAt: order.createdAt,
      }),
    );
  const invoicesOf = (partnerId: string) =>
    termsOrders
      .filter((o) => o.businessPartnerId === partnerId)
      .map((o) => ({ order: o, invoice: invoiceOf.get(o.id)! }));

  const people = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.email, [OWNER, ACCOUNTANT, INSIDE_REP, LAKESIDE_OWNER]));
  const person = (email: string) => {
    const p = people.find((row) => row.email === email)!;
    return { userId: p.id, name: `${p.firstName} ${p.lastName}`, email: p.email };
  };
  const mainCardOf = async (partnerId: string) => {
    const [card] = await db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.businessPartnerId, partnerId), eq(paymentMethods.isMain, true)));
    return card ? { id: card.id, label: paymentLabelOf(card) } : null;
  };

  const payments: PastPayment[] = [];
  const ns = invoicesOf(northside);
  const nsCard = await mainCardOf(northside);
  if (ns.length >= 3) {
    const [oldest, second, third] = ns as [(typeof ns)[number], (typeof ns)[number], (typeof ns)[number]];
    // Paid off 8 days after its date: inside the window, with the early-pay discount.
    const paidAt = new Date(oldest.order.createdAt.getTime() + 8 * DAY);
    const payoff = payoffOf(
      {
        totalCents: oldest.invoice.totalCents,
        paidCents: 0,
        discountTakenCents: 0,
        createDate: oldest.invoice.createDate,
        discountDays: oldest.invoice.discountDays,
        discountBp: oldest.invoice.discountBp,
      },
      paidAt.toISOString().slice(0, 10),
    );
    payments.push({
      businessPartnerId: northside,
      at: paidAt,
      paidBy: person(OWNER),
      actingForName: null,
      method: nsCard,
      cash: [{ invoiceId: oldest.invoice.id, cents: payoff.payoffCents, discountCents: payoff.discountCents }],
      credit: [],
    });

    // A price adjustment on the oldest order (5 % of its goods), used up paying the second invoice.
    const adjustment = await insertCreditMemo(db, {
      businessPartnerId: northside,
      createDate: dayBefore(now, 100),
      amountCents: Math.max(1_000, Math.round(oldest.order.subtotalCents * 0.05)),
      reason: `Price adjustment: the dealer promotion was missed on ${orderNumberOf(oldest.order.number)}.`,
      invoiceId: oldest.invoice.id,
      orderId: oldest.order.id,
      orderNumber: orderNumberOf(oldest.order.number),
    });
    const credit = Math.min(adjustment.amountCents, second.invoice.totalCents);
    payments.push({
      businessPartnerId: northside,
      at: new Date(second.order.createdAt.getTime() + 23 * DAY),
      paidBy: person(INSIDE_REP),
      actingForName: `${person(OWNER).name}`,
      method: credit < second.invoice.totalCents ? nsCard : null,
      cash:
        credit < second.invoice.totalCents
          ? [{ invoiceId: second.invoice.id, cents: second.invoice.totalCents - credit }]
          : [],
      credit: [{ invoiceId: second.invoice.id, creditMemoId: adjustment.id, cents: credit }],
    });

    // Part of the 48-day invoice, a week before it fell due; the rest is past due now.
    if (third.invoice.partialPaymentAllowed)
      payments.push({
        businessPartnerId: northside,
        at: new Date(third.order.createdAt.getTime() + 23 * DAY),
        paidBy: person(ACCOUNTANT),
        actingForName: null,
        method: nsCard,
        cash: [{ invoiceId: third.invoice.id, cents: Math.round(third.invoice.totalCents * 0.4) }],
        credit: [],
      });

    // A return on the 48-day order: one unit of its first line, credit not yet used.
    const [line] = await db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, third.order.id))
      .orderBy(asc(orderLines.position))
      .limit(1);
    await insertCreditMemo(db, {
      businessPartnerId: northside,
      createDate: dayBefore(now, 20),
      amountCents: line!.unitPriceCents,
      reason: `Return: 1 × ${line!.sku} ${line!.productName} (damaged in shipping).`,
      invoiceId: third.invoice.id,
      orderId: third.order.id,
      orderNumber: orderNumberOf(third.order.number),
    });
  }

  const ls = invoicesOf(lakeside);
  if (ls.length >= 1) {
    const [older] = ls as [(typeof ls)[number]];
    // Paid in full 17 days after its date: the discount window had closed.
    payments.push({
      businessPartnerId: lakeside,
      at: new Date(older.order.createdAt.getTime() + 17 * DAY),
      paidBy: person(LAKESIDE_OWNER),
      actingForName: null,
      method: await mainCardOf(lakeside),
      cash: [{ invoiceId: older.invoice.id, cents: older.invoice.totalCents }],
      credit: [],
    });
  }

  payments.push(...(await historyOfGeneratedBusinesses(db, bpIdByCode, person(INSIDE_REP), now)));
  // In time order, so receipt numbers rise with time too.
  payments.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const payment of payments) await recordPastPayment(db, payment);
}

/** The businesses DEMO-DATA.md names; the rest of the seed's businesses are generated. */
const NAMED_CODES = new Set(['C100234', 'C100310', 'C100977', 'N200145']);
/** How many invoices each of the first generated businesses has: the first enough to page through. */
const HISTORY_SIZES = [125, 18, 12];

/**
 * Issue 19 "generated partners enough for paging": the first three generated U.S. businesses get two years
 * of invoices from the ERP's history (from before the portal took their orders: no order behind them),
 * paid 20 days after their date by the inside rep acting for them, all but those of the last 40 days,
 * which stay open. A sales rep who selects one of them pages through its invoices.
 */
async function historyOfGeneratedBusinesses(
  db: Tx,
  bpIdByCode: Map<string, string>,
  rep: PastPayment['paidBy'],
  now: Date,
): Promise<PastPayment[]> {
  const r = createRandom(20261124);
  const codes = [...bpIdByCode.keys()].filter((code) => /^C1\d{5}$/.test(code) && !NAMED_CODES.has(code));
  const payments: PastPayment[] = [];
  for (const [i, code] of codes.slice(0, HISTORY_SIZES.length).entries()) {
    const businessPartnerId = bpIdByCode.get(code)!;
    const [partner] = await db
      .select({ companyName: businessPartners.companyName })
      .from(businessPartners)
      .where(eq(businessPartners.id, businessPartnerId));
    const size = HISTORY_SIZES[i]!;
    // Oldest first, so their numbers rise with time; about one a week, two years back.
    for (let k = size; k >= 1; k--) {
      const daysAgo = Math.round((k * 730) / size);
      const placedAt = new Date(now.getTime() - daysAgo * DAY);
      const totalCents = r.int(4_000, 350_000);
      const invoice = await invoiceForOrder(db, {
        businessPartnerId,
        orderId: null,
        orderNumber: null,
        poNumber: r.chance(0.5) ? `PO-${r.int(1000, 9999)}` : null,
        totalCents,
        placedAt,
      });
      if (daysAgo <= 40) continue;
      payments.push({
        businessPartnerId,
        at: new Date(placedAt.getTime() + 20 * DAY),
        paidBy: rep,
        actingForName: partner!.companyName,
        method: null,
        cash: [{ invoiceId: invoice.id, cents: totalCents }],
        credit: [],
      });
    }
  }
  return payments;
}
