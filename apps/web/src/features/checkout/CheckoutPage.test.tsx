import { afterEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Checkout, CompletedCheckout } from '@portal/contracts';
import { CHECKOUT_TEXTS, PAYMENT_ERROR, SHIPPING_METHODS } from '@portal/contracts/checkout-rules';
import { STORAGE_KEYS } from '@portal/contracts/constants';
import { REFUSAL_CODES } from '@portal/contracts/refusals';
import type { PortalUser } from '@portal/contracts/permissions';
import { owner, purchaser } from '../../test/fixtures.ts';
import { json, signedInAs } from '../../test/handlers.ts';
import { renderRoutes } from '../../test/render.tsx';
import { sentRequests, server } from '../../test/server.ts';
import { leave } from '../../test/events.ts';
import { alerts } from '../../components/alerts.ts';
import CheckoutPage from './CheckoutPage.tsx';
import OrderCompletePage from './OrderCompletePage.tsx';
import { NO_ANSWER_TEXT } from './usePlaceOrder.ts';
import { TOKEN, VISA_EXPIRY, checkout, completed, partner, visa, waysToPay } from './testFixtures.ts';

const BASE = `/api/products-checkout/${TOKEN}`;
const DECLINED = 'This transaction has been declined.';

/** The complete-b2b-checkout calls the page made, with the Idempotency-Key each carried. */
interface CompleteCall {
  key: string | null;
  body: unknown;
}

/**
 * The server with this cart; `answers` are complete-b2b-checkout's answers in turn (the last repeats).
 * Choices answer the cart as the server would store them.
 */
function serve({
  user = purchaser,
  cart = checkout as Checkout | null,
  answers = [() => json(201, completed)] as (() => Response)[],
  ways = waysToPay,
  business = partner,
} = {}) {
  let current = cart;
  const calls: CompleteCall[] = [];
  const answerWith = (change: Partial<Checkout>) => {
    current = { ...current!, ...change };
    return json(200, current);
  };
  server.use(
    signedInAs(user),
    http.get('/api/products-checkout/last-b2b-token', () =>
      json(200, current ? { token: current.token, checkout: current } : { token: null, checkout: null }),
    ),
    http.get('/api/business-partners/:id', () => json(200, business)),
    http.post('/api/users-payment-methods', () => json(200, ways)),
    http.post(`${BASE}/update-shipping-method`, async ({ request }) => {
      const { shippingMethodId } = (await request.json()) as { shippingMethodId: string };
      const method = current!.shippingMethods.find((m) => m.id === shippingMethodId)!;
      const total = current!.subtotal.cents + method.price.cents;
      return answerWith({
        currentShippingMethod: method,
        shippingPrice: method.price,
        totalPrice: { cents: total, tax: { amount: 0 } },
      });
    }),
    http.post(`${BASE}/update-b2b-shipping-address`, async ({ request }) => {
      const { addressId } = (await request.json()) as { addressId: string };
      return answerWith({ shippingAddress: partner.addresses.find((a) => a.id === addressId)! });
    }),
    http.post(`${BASE}/set-b2b-po-number`, async ({ request }) => {
      const { poNumber } = (await request.json()) as { poNumber: string };
      return answerWith({ poNumber: poNumber || null });
    }),
    http.post(`${BASE}/set-b2b-payment`, async ({ request }) => {
      const body = (await request.json()) as { gateway: 'COD'; paymentMethodId?: string; amount: number };
      if (body.gateway === ('TERMS' as string))
        return json(400, { detail: CHECKOUT_TEXTS.termsPastDue, code: REFUSAL_CODES.TERMS_PAST_DUE });
      return answerWith({
        payment: {
          gateway: body.gateway,
          paymentMethodId: body.paymentMethodId ?? null,
          amount: { cents: body.amount },
        },
      });
    }),
    http.post(`${BASE}/complete-b2b-checkout`, async ({ request }) => {
      calls.push({ key: request.headers.get('idempotency-key'), body: await request.json() });
      const answer = answers[Math.min(calls.length, answers.length) - 1]!();
      // The cart is gone once the order is placed.
      if (answer.status === 201) current = null;
      return answer;
    }),
  );
  return { calls };
}

const renderCheckout = () =>
  renderRoutes(
    [
      { path: '/cart/checkout/products', Component: CheckoutPage },
      { path: '/cart/checkout/products/complete', Component: OrderCompletePage },
    ],
    '/cart/checkout/products',
  );

const group = (name: string) => screen.findByRole('group', { name });
const radio = async (groupName: string, name: string | RegExp) =>
  within(await group(groupName)).findByRole('radio', { name }) as Promise<HTMLInputElement>;
const placeOrder = () => fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
const sent = (path: string) => sentRequests().filter((r) => r.method === 'POST' && r.path === `${BASE}/${path}`);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => alerts.clear());

describe('/cart/checkout/products: the sections (spec 02 §4, §9)', () => {
  it('shows the addresses, the shipping methods in order, the ways to pay and the server’s totals', async () => {
    serve();
    renderCheckout();
    expect(await screen.findByRole('heading', { level: 1, name: 'Purchase Products' })).toBeTruthy();

    // 1) The business's shipping addresses, the checkout's preselected.
    const shipTo = await within(await group('Shipping address')).findAllByRole('radio');
    expect(shipTo).toHaveLength(2);
    expect((await radio('Shipping address', /1450 Commerce Ave/)).checked).toBe(true);
    expect((await radio('Shipping address', /Northside Warehouse/)).checked).toBe(false);

    // 2) spec 02 §9: the order given, 'B2B-' stripped, prices in en-US dollars.
    const methods = within(await group('Shipping method')).getAllByRole('radio');
    expect(methods.map((m) => m.closest('label')!.textContent)).toEqual([
      'UPS Ground$15.00',
      'UPS 3-Day Select$29.00',
      'UPS 2nd Day Air$45.00',
      'UPS Next Day Air$79.00',
    ]);
    expect((await radio('Shipping method', /UPS Ground/)).checked).toBe(true);

    // 3) Several addresses: the billing one may be chosen; the default billing address is checked.
    expect((await radio('Billing address', /PO Box 2210/)).checked).toBe(true);

    // 5) Payment: COD, TERMS, the Visa; the expired card and the unverified account cannot be chosen.
    expect((await radio('Payment', 'Cash on delivery')).disabled).toBe(false);
    expect((await radio('Payment', 'On account (terms)')).disabled).toBe(false);
    expect((await radio('Payment', `Visa **** 4242 · Expires ${VISA_EXPIRY}`)).disabled).toBe(false);
    expect((await radio('Payment', /^Mastercard \*\*\*\* 4444 · Expired 01\/20/)).disabled).toBe(true);
    expect((await radio('Payment', /^Bank account \*\*\*\* 6789/)).disabled).toBe(false);
    // A purchaser has no Billing: told who puts it right, not sent where they can not go (issue 27 §9).
    expect(
      (
        await radio(
          'Payment',
          /^Bank account \*\*\*\* 1116 .*Not verified yet: the owner or the accountant can verify it under Billing$/,
        )
      ).disabled,
    ).toBe(true);
    expect(
      (await radio('Payment', /^Mastercard .*Expired: the owner or the accountant can update it under Billing$/))
        .disabled,
    ).toBe(true);
    // A purchaser does not manage cards (Billing is the owner's and the accountant's).
    expect(screen.queryByRole('link', { name: /under Billing/ })).toBeNull();

    // 6) The summary: lines and totals as the server computed them.
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    const rows = within(within(summary).getByRole('table')).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      'Northwind X1234 Remote StartNW-RS-X12341$199.99$199.99',
      'Northwind S200 Bypass ModuleNW-BP-S2002$49.50$99.00',
    ]);
    const totals = summary.querySelector('dl')!.textContent;
    expect(totals).toBe('Subtotal$298.99Shipping (UPS Ground)$15.00TaxTax exemptTotal$313.99');
  });

  it('an owner is offered Billing to add a card', async () => {
    serve({ user: owner });
    renderCheckout();
    const link = await screen.findByRole('link', { name: 'Add a card or bank account under Billing' });
    expect(link.getAttribute('href')).toBe('/billing');
  });

  it('another shipping method is saved and the summary shows the server’s new total', async () => {
    serve();
    renderCheckout();
    fireEvent.click(await radio('Shipping method', /UPS Next Day Air/));
    await waitFor(() =>
      expect(screen.getByRole('complementary', { name: 'Order summary' }).querySelector('dl')!.textContent).toBe(
        'Subtotal$298.99Shipping (UPS Next Day Air)$79.00TaxTax exemptTotal$377.99',
      ),
    );
    expect(sent('update-shipping-method').map((r) => r.body)).toEqual([{ shippingMethodId: SHIPPING_METHODS[3].id }]);
  });

  it('another shipping address is saved with update-b2b-shipping-address', async () => {
    serve();
    renderCheckout();
    fireEvent.click(await radio('Shipping address', /Northside Warehouse/));
    await waitFor(async () => expect((await radio('Shipping address', /Northside Warehouse/)).checked).toBe(true));
    await waitFor(() =>
      expect(sent('update-b2b-shipping-address').map((r) => r.body)).toEqual([{ addressId: partner.addresses[1]!.id }]),
    );
  });

  it('an empty cart says so and links to search', async () => {
    serve({ cart: null });
    renderCheckout();
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Search products' }).getAttribute('href')).toBe('/search');
    expect(screen.queryByRole('button', { name: 'Place order' })).toBeNull();
  });
});

describe('the PO number (spec 02 §5, spec 01 §5)', () => {
  it('refuses other characters with the spec’s message, word for word, and does not save', async () => {
    serve();
    renderCheckout();
    const field = await screen.findByLabelText(/Purchase order number/);
    fireEvent.input(field, { target: { value: 'PO<7781>' } });
    leave(field);
    expect(await screen.findByText(CHECKOUT_TEXTS.poNumberChars)).toBeTruthy();
    expect(CHECKOUT_TEXTS.poNumberChars).toBe('Must contain only a-z, A-Z, 0-9, ~!@#$%^&*()-_.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    // Place order does not go on: the field takes the focus.
    placeOrder();
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(sent('set-b2b-po-number')).toEqual([]);
    expect(sent('complete-b2b-checkout')).toEqual([]);
  });

  it('a valid one is saved when the field is left', async () => {
    serve();
    renderCheckout();
    const field = await screen.findByLabelText(/Purchase order number/);
    fireEvent.input(field, { target: { value: 'PO-7781 (east)' } });
    leave(field);
    await waitFor(() => expect(sent('set-b2b-po-number').map((r) => r.body)).toEqual([{ poNumber: 'PO-7781 (east)' }]));
    expect(screen.queryByText(CHECKOUT_TEXTS.poNumberChars)).toBeNull();
  });
});

describe('placing the order (spec 02 §4, §8)', () => {
  it('a PO number typed just before Place order is saved once, then the order is placed', async () => {
    const { calls } = serve();
    renderCheckout();
    fireEvent.click(await radio('Payment', 'Cash on delivery'));
    await waitFor(() => expect(sent('set-b2b-payment')).toHaveLength(1));
    const field = await screen.findByLabelText(/Purchase order number/);
    fireEvent.input(field, { target: { value: 'PO-9' } });
    // Pressing the button takes the focus from the field: its save and Place order start together.
    leave(field);
    placeOrder();
    await screen.findByRole('heading', { level: 1, name: 'Order Complete' });
    expect(sent('set-b2b-po-number').map((r) => r.body)).toEqual([{ poNumber: 'PO-9' }]);
    expect(calls).toHaveLength(1);
    const order = sentRequests().map((r) => r.path.split('/').pop());
    expect(order.indexOf('set-b2b-po-number')).toBeLessThan(order.indexOf('complete-b2b-checkout'));
  });

  it('sends an Idempotency-Key, stores the confirmation and opens Order Complete', async () => {
    const { calls } = serve();
    const { router } = renderCheckout();
    fireEvent.click(await radio('Payment', 'Cash on delivery'));
    await waitFor(() =>
      expect(sent('set-b2b-payment').map((r) => r.body)).toEqual([{ gateway: 'COD', amount: 31399 }]),
    );
    placeOrder();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order Complete' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/cart/checkout/products/complete');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.key).toMatch(UUID);
    expect(calls[0]!.body).toEqual({ selectedPayment: 'COD' });
    const stored = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.checkoutConfirmation)!) as CompletedCheckout;
    expect(stored.order.number).toBe('SO-100123');
    expect(screen.getAllByText('SO-100123').length).toBeGreaterThan(0);
  });

  it('an address the business keeps twice (billing and shipping alike) is listed once with both roles (issue 27 §5)', async () => {
    const shippingOne = partner.addresses[0]!;
    serve({ business: { ...partner, defaultBillingAddress: { ...shippingOne, id: 'billing-copy' } } });
    renderCheckout();
    const billing = within(await group('Billing address'));
    const radios = await billing.findAllByRole('radio');
    expect(radios).toHaveLength(partner.addresses.length);
    const first = radios[0]!.closest('label')!;
    expect(first.textContent).toContain('Default billing');
    expect(first.textContent).toContain('Shipping');
  });

  it('the main card is chosen for the person (issue 27 §8); a card chosen is saved and sent by its id', async () => {
    const { calls } = serve();
    renderCheckout();
    await waitFor(async () => expect((await radio('Payment', /^Visa/)).checked).toBe(true));
    expect(sent('set-b2b-payment')).toHaveLength(0);
    fireEvent.click(await radio('Payment', 'Cash on delivery'));
    await waitFor(() => expect(sent('set-b2b-payment')).toHaveLength(1));
    fireEvent.click(await radio('Payment', /^Visa/));
    await waitFor(() => expect(sent('set-b2b-payment')).toHaveLength(2));
    expect(sent('set-b2b-payment')[1]!.body).toEqual({ gateway: 'CARD', paymentMethodId: visa.id, amount: 31399 });
    placeOrder();
    await screen.findByRole('heading', { level: 1, name: 'Order Complete' });
    expect(calls[0]!.body).toEqual({ selectedPayment: visa.id });
  });

  it('terms the business can not use say why before they are chosen (issue 27 §8)', async () => {
    serve({
      ways: {
        ...waysToPay,
        gateways: waysToPay.gateways.map((g) =>
          g.id === 'TERMS' ? { ...g, unavailable: CHECKOUT_TEXTS.termsPastDue } : g,
        ),
      },
    });
    renderCheckout();
    const terms = await radio('Payment', /^On account/);
    expect(terms.disabled).toBe(true);
    expect(terms.closest('label')!.textContent).toContain(CHECKOUT_TEXTS.termsPastDue);
  });

  it('the payment the checkout holds is chosen already', async () => {
    const { calls } = serve({
      cart: { ...checkout, payment: { gateway: 'CARD', paymentMethodId: visa.id, amount: { cents: 31399 } } },
    });
    renderCheckout();
    await waitFor(async () => expect((await radio('Payment', /^Visa/)).checked).toBe(true));
    placeOrder();
    await screen.findByRole('heading', { level: 1, name: 'Order Complete' });
    expect(calls[0]!.body).toEqual({ selectedPayment: visa.id });
  });

  it('a double click sends one request', async () => {
    const { calls } = serve();
    renderCheckout();
    fireEvent.click(await radio('Payment', 'Cash on delivery'));
    await waitFor(() => expect(sent('set-b2b-payment')).toHaveLength(1));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Place order' }) as HTMLButtonElement).disabled).toBe(false),
    );
    placeOrder();
    placeOrder();
    await screen.findByRole('heading', { level: 1, name: 'Order Complete' });
    expect(calls).toHaveLength(1);
  });

  it('without a payment chosen, says to choose one and sends nothing', async () => {
    // No main card or bank account to choose for the person.
    const { calls } = serve({
      ways: { ...waysToPay, paymentMethods: waysToPay.paymentMethods.map((m) => ({ ...m, is_main: false })) },
    });
    renderCheckout();
    await radio('Payment', 'Cash on delivery');
    placeOrder();
    const problem = await within(await group('Payment')).findByRole('alert');
    expect(problem.textContent).toBe(CHECKOUT_TEXTS.choosePayment);
    await waitFor(() => expect(document.activeElement).toBe(problem));
    expect(calls).toEqual([]);
  });

  it('a declined card (402 PAYMENT_ERROR) shows the detail as sent, marks the card and keeps the cart', async () => {
    const { calls } = serve({ answers: [() => json(402, { detail: DECLINED, code: PAYMENT_ERROR })] });
    const { router } = renderCheckout();
    await waitFor(async () => expect((await radio('Payment', /^Visa/)).checked).toBe(true));
    placeOrder();
    const problem = await within(await group('Payment')).findByRole('alert');
    expect(problem.textContent).toBe(DECLINED);
    await waitFor(() => expect(document.activeElement).toBe(problem));
    const card = await radio('Payment', /^Visa/);
    expect(card.closest('label')!.textContent).toContain('Not accepted');
    expect(card.getAttribute('aria-describedby')).toBe(problem.id);
    // The page and its lines stay; nothing was stored.
    expect(router.state.location.pathname).toBe('/cart/checkout/products');
    expect(screen.getByText('Northwind X1234 Remote Start')).toBeTruthy();
    expect(window.localStorage.getItem(STORAGE_KEYS.checkoutConfirmation)).toBeNull();

    // The same card again is not sent until another is chosen.
    placeOrder();
    await waitFor(() => expect(document.activeElement).toBe(problem));
    expect(calls).toHaveLength(1);
    fireEvent.click(await radio('Payment', 'Cash on delivery'));
    await waitFor(() => expect(within(screen.getByRole('group', { name: 'Payment' })).queryByRole('alert')).toBeNull());
  });

  it('a refusal is placed by its code: words the page has never seen, coded CARD_EXPIRED, show under Payment', async () => {
    const words = 'Words the page has never seen about this card.';
    const { calls } = serve({ answers: [() => json(400, { detail: words, code: REFUSAL_CODES.CARD_EXPIRED })] });
    renderCheckout();
    await waitFor(async () => expect((await radio('Payment', /^Visa/)).checked).toBe(true));
    placeOrder();
    const problem = await within(await group('Payment')).findByRole('alert');
    expect(problem.textContent).toBe(words);
    await waitFor(() => expect(document.activeElement).toBe(problem));
    expect((await radio('Payment', /^Visa/)).closest('label')!.textContent).toContain('Not accepted');
    // Not in the summary's problem area.
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    expect(within(summary).queryByRole('alert')).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('a refused TERMS says why under Payment as soon as it is chosen', async () => {
    serve();
    renderCheckout();
    fireEvent.click(await radio('Payment', 'On account (terms)'));
    const problem = await within(await group('Payment')).findByRole('alert');
    expect(problem.textContent).toBe(CHECKOUT_TEXTS.termsPastDue);
  });

  it('after no answer (a network error), Place order again reuses the same key; a change makes a new one', async () => {
    const { calls } = serve({
      answers: [
        () => HttpResponse.error(),
        () => json(400, { detail: CHECKOUT_TEXTS.emptyCart }),
        () => json(201, completed),
      ],
    });
    renderCheckout();
    fireEvent.click(await radio('Payment', 'Cash on delivery'));
    await waitFor(() => expect(sent('set-b2b-payment')).toHaveLength(1));
    placeOrder();
    expect((await screen.findByText(NO_ANSWER_TEXT)).closest('[role="alert"]')).toBeTruthy();
    placeOrder();
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.key).toBe(calls[0]!.key);
    expect(calls[0]!.key).toMatch(UUID);
    // The person changes the shipping method: a new attempt, a new key.
    await screen.findByText(CHECKOUT_TEXTS.emptyCart);
    fireEvent.click(await radio('Shipping method', /UPS 3-Day Select/));
    await waitFor(async () => expect((await radio('Shipping method', /UPS 3-Day Select/)).disabled).toBe(false));
    placeOrder();
    await screen.findByRole('heading', { level: 1, name: 'Order Complete' });
    expect(calls).toHaveLength(3);
    expect(calls[2]!.key).not.toBe(calls[0]!.key);
  });
});

describe('who may check out (spec 01 §6)', () => {
  it('a user without purchasing rights is told why and the cart is not asked for', async () => {
    const installer: PortalUser = { ...purchaser, installer: { is_owner: false, is_purchaser: false } };
    serve({ user: installer });
    renderCheckout();
    expect(await screen.findByRole('heading', { name: 'No checkout for this account' })).toBeTruthy();
    expect(sentRequests().some((r) => r.path.startsWith('/api/products-checkout'))).toBe(false);
  });
});
