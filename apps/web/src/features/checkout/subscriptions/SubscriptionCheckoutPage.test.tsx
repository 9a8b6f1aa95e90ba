import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Checkout, UsersPaymentMethods } from '@portal/contracts';
import { endpoints } from '@portal/contracts/endpoints/index';
import { REFUSAL_CODES } from '@portal/contracts/refusals';
import { SUBSCRIPTION_TEXTS } from '@portal/contracts/subscriptions';
import { alerts } from '../../../components/alerts.ts';
import { consumer, CONSUMER_ACCOUNT, owner, purchaser, sessionOf } from '../../../test/fixtures.ts';
import { answer, Outage, outage, refused, Refused, signedInAs, type Reply } from '../../../test/handlers.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { sentRequests, server } from '../../../test/server.ts';
import { visa, waysToPay, verifiedBank } from '../testFixtures.ts';
import ReceiptPage from './ReceiptPage.tsx';
import SubscriptionCheckoutPage from './SubscriptionCheckoutPage.tsx';
import { NO_ANSWER_TEXT } from './usePurchase.ts';
import { cartWithPlans, DEVICE_A, DEVICE_B, quoteFor, receipt, RECEIPT_UUID } from './testFixtures.ts';

const DECLINED = 'This transaction has been declined.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A POST /api/payments the page sent: the mock run (validate) or the real one, with its Idempotency-Key. */
interface PaymentCall {
  key: string | null;
  body: { line_items: unknown[]; validate?: boolean; quote?: string; payment_method_id?: string };
}

/**
 * The server with this cart. `quotes` answer the mock runs in turn, `payments` the real runs in turn (the last
 * repeats); a paid purchase takes its lines out of the cart, as the server does.
 */
function serve({
  user = purchaser,
  cart = cartWithPlans as Checkout | null,
  quotes = [() => quoteFor()] as (() => Reply<typeof endpoints.subscriptions.purchase>)[],
  payments = [() => receipt] as (() => Reply<typeof endpoints.subscriptions.purchase>)[],
  ways = waysToPay as UsersPaymentMethods,
} = {}) {
  let current = cart;
  const mockRuns: PaymentCall[] = [];
  const realRuns: PaymentCall[] = [];
  server.use(
    signedInAs(user),
    answer(endpoints.cart.last, () => ({ token: current?.token ?? null, checkout: current })),
    answer(endpoints.paymentMethods.usersPaymentMethods, ways),
    answer(endpoints.cart.deleteSubscriptionLine, ({ params }) => {
      current = {
        ...current!,
        subscriptionLines: current!.subscriptionLines!.filter((line) => line.device_key !== params.device_key),
      };
      return current;
    }),
    answer(endpoints.subscriptions.purchase, ({ request, body }) => {
      const call = { key: request.headers.get('idempotency-key'), body: body as PaymentCall['body'] };
      if (call.body.validate) {
        mockRuns.push(call);
        return quotes[Math.min(mockRuns.length, quotes.length) - 1]!();
      }
      realRuns.push(call);
      const reply = payments[Math.min(realRuns.length, payments.length) - 1]!();
      if (!(reply instanceof Refused) && !(reply instanceof Outage)) current = { ...current!, subscriptionLines: [] };
      return reply;
    }),
    answer(endpoints.subscriptions.receipt, ({ params }) =>
      params.uuid === RECEIPT_UUID ? receipt : refused(404, { detail: SUBSCRIPTION_TEXTS.receiptNotFound }),
    ),
  );
  return { mockRuns, realRuns };
}

const renderCheckout = () =>
  renderRoutes(
    [
      { path: '/cart/checkout/subscriptions', Component: SubscriptionCheckoutPage },
      { path: '/cart/checkout/subscriptions/complete', Component: ReceiptPage },
    ],
    '/cart/checkout/subscriptions',
  );

const summary = () => screen.getByRole('complementary', { name: 'Summary' });
const totalsText = async () => {
  await waitFor(() => expect(summary().querySelector('dl')).toBeTruthy());
  return summary().querySelector('dl')!.textContent;
};
const payment = () => screen.findByRole('group', { name: 'Payment' });
const radio = async (name: string | RegExp) =>
  within(await payment()).findByRole('radio', { name }) as Promise<HTMLInputElement>;
const payButton = () => screen.getByRole('button', { name: 'Pay' }) as HTMLButtonElement;
const pay = async () => {
  await waitFor(() => expect(payButton().disabled).toBe(false));
  fireEvent.click(payButton());
};
const lineOf = (deviceKey: string) => screen.getByText(deviceKey).closest('li')!;

afterEach(() => alerts.clear());

describe('/cart/checkout/subscriptions: Purchase Service (issue 30 item 3)', () => {
  it('shows the plan lines, the mock run’s totals with their labels, and only cards and bank accounts to pay with', async () => {
    const { mockRuns, realRuns } = serve();
    renderCheckout();
    expect(await screen.findByRole('heading', { level: 1, name: 'Purchase Service' })).toBeTruthy();
    // The mock run: the cart's lines, validate=true.
    expect(await totalsText()).toBe('Subtotal$539.98Credit for unused time−$20.00Tax$33.80Total$553.78');
    expect(mockRuns).toHaveLength(1);
    expect(mockRuns[0]!.body).toEqual({
      validate: true,
      line_items: [
        { device_key: DEVICE_A, plan_id: 'premium', newPricingPlan: '2_year' },
        { device_key: DEVICE_B, plan_id: 'premium', newPricingPlan: '2_year' },
      ],
    });
    expect(realRuns).toEqual([]);

    const lineA = lineOf(DEVICE_A);
    expect(lineA.textContent).toContain('Premium, 2 years');
    expect(lineA.textContent).toContain('(FT-X2)');
    expect(lineA.textContent).toContain('$269.99');
    expect(lineOf(DEVICE_B).textContent).toContain('Credit−$20.00');

    // Plans are paid by card or bank account: no cash on delivery, no terms; the main card is chosen.
    const radios = await within(await payment()).findAllByRole('radio');
    expect(radios.map((r) => r.closest('label')!.textContent)).toEqual([
      expect.stringMatching(/^Visa \*\*\*\* 4242/),
      expect.stringMatching(/^Mastercard \*\*\*\* 4444 · Expired/),
      expect.stringMatching(/^Bank account \*\*\*\* 6789/),
      expect.stringMatching(/^Bank account \*\*\*\* 1116/),
    ]);
    expect((await radio(/^Visa/)).checked).toBe(true);
    expect((await radio(/^Bank account \*\*\*\* 1116/)).disabled).toBe(true);
  });

  it('shows a CAD purchase in Canadian dollars', async () => {
    serve({ quotes: [() => ({ ...quoteFor(), currency: 'CAD' })] });
    renderCheckout();
    expect(await totalsText()).toBe('SubtotalCA$539.98Credit for unused time−CA$20.00TaxCA$33.80TotalCA$553.78');
  });

  it('Pay sends the quote, the method and an Idempotency-Key, then opens the receipt by its uuid', async () => {
    const { realRuns } = serve();
    const { router } = renderCheckout();
    await totalsText();
    fireEvent.click(await radio(/^Bank account \*\*\*\* 6789/));
    await pay();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order Complete' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/cart/checkout/subscriptions/complete');
    expect(router.state.location.search).toBe(`?uuid=${RECEIPT_UUID}`);
    expect(realRuns).toHaveLength(1);
    expect(realRuns[0]!.key).toMatch(UUID);
    expect(realRuns[0]!.body).toEqual({
      line_items: [
        { device_key: DEVICE_A, plan_id: 'premium', newPricingPlan: '2_year' },
        { device_key: DEVICE_B, plan_id: 'premium', newPricingPlan: '2_year' },
      ],
      quote: 'q-1',
      payment_method_id: verifiedBank.id,
    });
    expect(await screen.findByText('ch_test_3PqL9x')).toBeTruthy();
  });

  it('a double click pays once', async () => {
    const { realRuns } = serve();
    renderCheckout();
    await totalsText();
    await pay();
    fireEvent.click(payButton());
    await screen.findByRole('heading', { level: 1, name: 'Order Complete' });
    expect(realRuns).toHaveLength(1);
  });

  it('a line that can not take its plan is shown on its line by device_key; Remove takes it out and the total is asked again', async () => {
    const failed = new Refused(422, {
      detail: SUBSCRIPTION_TEXTS.linesFailed,
      failed_items: [{ device_key: DEVICE_B, detail: SUBSCRIPTION_TEXTS.notAnUpgrade }],
    });
    const { mockRuns } = serve({ quotes: [() => failed, () => quoteFor([DEVICE_A])] });
    renderCheckout();
    const detail = await screen.findByText(SUBSCRIPTION_TEXTS.notAnUpgrade);
    const lineB = lineOf(DEVICE_B);
    expect(lineB.contains(detail)).toBe(true);
    expect(lineB.getAttribute('aria-describedby')).toBe(detail.id);
    expect(within(lineOf(DEVICE_A)).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(within(summary()).getByText(SUBSCRIPTION_TEXTS.linesFailed)).toBeTruthy();
    expect(payButton().disabled).toBe(true);

    fireEvent.click(within(lineB).getByRole('button', { name: `Remove the plan for ${DEVICE_B}` }));
    await waitFor(() =>
      expect(
        sentRequests().some((r) => r.method === 'DELETE' && r.path === `/api/cart/subscription-lines/${DEVICE_B}`),
      ).toBe(true),
    );
    await waitFor(() => expect(summary().querySelector('dl')?.textContent).toContain('Total$287.54'));
    expect(screen.queryByText(DEVICE_B)).toBeNull();
    // The focus goes to the lines' heading, not lost with the button.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Plans' }));
    expect(mockRuns).toHaveLength(2);
    expect(mockRuns[1]!.body.line_items).toEqual([
      { device_key: DEVICE_A, plan_id: 'premium', newPricingPlan: '2_year' },
    ]);
  });

  it('a failure Pay names (422 failed_items) shows on the line, nothing is charged and the page stays', async () => {
    serve({
      payments: [
        () =>
          new Refused(422, {
            detail: SUBSCRIPTION_TEXTS.linesFailed,
            failed_items: [{ device_key: DEVICE_A, detail: SUBSCRIPTION_TEXTS.cannotTakePlan }],
          }),
      ],
    });
    const { router } = renderCheckout();
    await totalsText();
    await pay();
    const detail = await screen.findByText(SUBSCRIPTION_TEXTS.cannotTakePlan);
    expect(lineOf(DEVICE_A).contains(detail)).toBe(true);
    const problem = within(summary()).getByRole('alert');
    expect(problem.textContent).toBe(SUBSCRIPTION_TEXTS.linesFailed);
    await waitFor(() => expect(document.activeElement).toBe(problem));
    expect(router.state.location.pathname).toBe('/cart/checkout/subscriptions');
  });

  it('a changed price (409 CHANGED_SINCE_SHOWN) says so, shows the new total, and Pay again sends the new quote under a new key', async () => {
    const { realRuns, mockRuns } = serve({
      quotes: [() => quoteFor(), () => quoteFor(undefined, { total: 56000, quote: 'q-2' })],
      payments: [
        () => refused(409, { detail: SUBSCRIPTION_TEXTS.quoteChanged, code: REFUSAL_CODES.CHANGED_SINCE_SHOWN }),
        () => receipt,
      ],
    });
    renderCheckout();
    expect(await totalsText()).toContain('Total$553.78');
    await pay();
    const notice = await within(summary()).findByRole('alert');
    expect(notice.textContent).toBe(SUBSCRIPTION_TEXTS.quoteChanged);
    await waitFor(() => expect(summary().querySelector('dl')!.textContent).toContain('Total$560.00'));
    expect(mockRuns).toHaveLength(2);
    // Not paid at the new price until the person says so.
    expect(realRuns).toHaveLength(1);
    await pay();
    await screen.findByRole('heading', { level: 1, name: 'Order Complete' });
    expect(realRuns).toHaveLength(2);
    expect(realRuns[1]!.body.quote).toBe('q-2');
    expect(realRuns[1]!.key).not.toBe(realRuns[0]!.key);
  });

  it('a declined card (402 PAYMENT_ERROR) shows the processor’s detail beside the payment choice', async () => {
    const { realRuns } = serve({
      payments: [() => refused(402, { detail: DECLINED, code: REFUSAL_CODES.PAYMENT_ERROR })],
    });
    renderCheckout();
    await totalsText();
    await pay();
    const problem = await within(await payment()).findByRole('alert');
    expect(problem.textContent).toBe(DECLINED);
    await waitFor(() => expect(document.activeElement).toBe(problem));
    const card = await radio(/^Visa/);
    expect(card.closest('label')!.textContent).toContain('Not accepted');
    // The same card is not sent again until another is chosen.
    fireEvent.click(payButton());
    expect(realRuns).toHaveLength(1);
    fireEvent.click(await radio(/^Bank account \*\*\*\* 6789/));
    await waitFor(() => expect(within(screen.getByRole('group', { name: 'Payment' })).queryByRole('alert')).toBeNull());
  });

  it('after no answer, Pay again goes under the same Idempotency-Key', async () => {
    const { realRuns } = serve({ payments: [() => outage('network'), () => receipt] });
    renderCheckout();
    await totalsText();
    await pay();
    expect((await screen.findByText(NO_ANSWER_TEXT)).closest('[role="alert"]')).toBeTruthy();
    await pay();
    await screen.findByRole('heading', { level: 1, name: 'Order Complete' });
    expect(realRuns).toHaveLength(2);
    expect(realRuns[1]!.key).toBe(realRuns[0]!.key);
    expect(realRuns[0]!.key).toMatch(UUID);
  });

  it('without plan lines, says what to do next', async () => {
    const { mockRuns } = serve({ cart: { ...cartWithPlans, subscriptionLines: [] } });
    renderCheckout();
    expect(await screen.findByRole('heading', { name: 'No plans in your cart' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'see the pricing plans' }).getAttribute('href')).toBe('/subscriptions');
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
    expect(mockRuns).toEqual([]);
  });

  it('a business with no card or verified bank account is sent to Billing to add one', async () => {
    serve({ user: owner, ways: { ...waysToPay, paymentMethods: [] } });
    renderCheckout();
    const link = await screen.findByRole('link', { name: 'Add a card or bank account under Billing' });
    expect(link.getAttribute('href')).toBe('/billing');
    await totalsText();
    expect(payButton().disabled).toBe(true);
  });

  it('a consumer buys their plans here: their own account, and a card they add on the page (they have no Billing)', async () => {
    const { mockRuns } = serve({ user: consumer, ways: { ...waysToPay, paymentMethods: [] } });
    server.use(
      answer(endpoints.session.get, {
        ...sessionOf(consumer),
        selectedBusiness: { ...CONSUMER_ACCOUNT, approvedBrands: [] },
      }),
    );
    renderCheckout();
    expect(await screen.findByText('Buying for Jordan Ellis (B2C-000001)')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Plans are bought by your business’s purchasers' })).toBeNull();
    await totalsText();
    expect(mockRuns).toHaveLength(1);
    // No Billing to send them to: the card is added here, in billing's own form.
    expect(screen.queryByRole('link', { name: 'Add a card or bank account under Billing' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a card' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(screen.getByLabelText(/Card number/)).toBeTruthy();
  });

  it('someone without purchasing rights who is no consumer is told who buys plans', async () => {
    const installerUser = { ...purchaser, installer: { is_owner: false, is_purchaser: false } };
    serve({ user: installerUser });
    renderCheckout();
    expect(await screen.findByRole('heading', { name: 'Plans are bought by your business’s purchasers' })).toBeTruthy();
  });

  it('the main card chosen for the person is sent by its id', async () => {
    const { realRuns } = serve();
    renderCheckout();
    await totalsText();
    await pay();
    await screen.findByRole('heading', { level: 1, name: 'Order Complete' });
    expect(realRuns[0]!.body.payment_method_id).toBe(visa.id);
  });
});
