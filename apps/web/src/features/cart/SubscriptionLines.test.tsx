import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { endpoints } from '@portal/contracts/endpoints/index';
import { cartItemCount } from '@portal/contracts/cart-rules';
import { planPriceCents } from '@portal/contracts/plans';
import type { Checkout } from '@portal/contracts';
import { answer, signedInAs } from '../../test/handlers.ts';
import { sentRequests, server } from '../../test/server.ts';
import { consumer, CONSUMER_ACCOUNT, owner, sessionOf } from '../../test/fixtures.ts';
import { renderInRouter } from '../../test/render.tsx';
import CartPage from './CartPage.tsx';

const checkout: Checkout = {
  token: '5b1d8a4e-8f43-4b55-9a4c-8b7e2a0f0a11',
  lines: [],
  quantity: 0,
  subtotal: { cents: 0 },
  shippingAddress: null,
  billingAddress: null,
  currentShippingMethod: { id: 'ups-ground', name: 'B2B-UPS Ground', price: { cents: 0 } },
  shippingMethods: [],
  shippingPrice: { cents: 0 },
  tax: { cents: 0, rateBp: 0, exempt: false },
  totalPrice: { cents: 0, tax: { amount: 0 } },
  poNumber: null,
  payment: null,
  businessPartner: { sapBpCode: 'C100234', companyName: 'Northside Auto Sound' },
};

const planLine = (device_key: string) => ({
  id: `line-${device_key}`,
  device_key,
  productName: 'FT-X2',
  newPricingPlan: '2_year' as const,
  plan_id: 'premium' as const,
  new_plan_name: 'Premium',
  currency: 'USD' as const,
  price: { cents: planPriceCents('premium', '2_year') },
});

describe('subscription lines in the cart (issue 30 item 2)', () => {
  it('counts products plus subscription lines for the badge', () => {
    expect(cartItemCount({ quantity: 3, subscriptionLines: [planLine('1'), planLine('2')] })).toBe(5);
    expect(cartItemCount({ quantity: 3 })).toBe(3);
    expect(cartItemCount(null)).toBe(0);
  });

  it('shows a plan-only cart’s lines (device, plan, duration, price) and removes one', async () => {
    const withPlans: Checkout = { ...checkout, lines: [], quantity: 0, subscriptionLines: [planLine('10230000240')] };
    server.use(
      signedInAs(owner),
      answer(endpoints.cart.last, { token: withPlans.token, checkout: withPlans }),
      answer(endpoints.cart.deleteSubscriptionLine, { ...withPlans, subscriptionLines: [] }),
    );
    renderInRouter(<CartPage />, '/cart');
    expect(await screen.findByRole('heading', { name: 'Plans' })).toBeTruthy();
    expect(screen.getByText(/Device 10230000240 \(FT-X2\)/)).toBeTruthy();
    expect(screen.getByText('$269.99')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove the plan for 10230000240' }));
    await waitFor(() =>
      expect(
        sentRequests().some((r) => r.method === 'DELETE' && r.path === '/api/cart/subscription-lines/10230000240'),
      ).toBe(true),
    );
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeTruthy();
  });

  it('offers Purchase service for the plan lines (issue 30 item 3), beside Check out when there are products too', async () => {
    const withPlans: Checkout = { ...checkout, lines: [], quantity: 0, subscriptionLines: [planLine('10230000240')] };
    server.use(signedInAs(owner), answer(endpoints.cart.last, { token: withPlans.token, checkout: withPlans }));
    renderInRouter(<CartPage />, '/cart');
    const link = await screen.findByRole('link', { name: 'Purchase service' });
    expect(link.getAttribute('href')).toBe('/cart/checkout/subscriptions');
    expect(screen.queryByRole('link', { name: 'Check out' })).toBeNull();
  });

  describe('a consumer (issue 30: they buy their own devices’ plans, never products)', () => {
    const signedInConsumer = () =>
      answer(endpoints.session.get, {
        ...sessionOf(consumer),
        selectedBusiness: { ...CONSUMER_ACCOUNT, approvedBrands: [] },
      });

    it('has a cart of their plan lines, paid at Purchase service', async () => {
      const withPlans: Checkout = {
        ...checkout,
        businessPartner: CONSUMER_ACCOUNT,
        subscriptionLines: [planLine('10230000236')],
      };
      server.use(signedInConsumer(), answer(endpoints.cart.last, { token: withPlans.token, checkout: withPlans }));
      renderInRouter(<CartPage />, '/cart');
      expect(await screen.findByText(/Device 10230000236 \(FT-X2\)/)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Purchase service' }).getAttribute('href')).toBe(
        '/cart/checkout/subscriptions',
      );
      expect(screen.queryByRole('heading', { name: 'No cart for this account' })).toBeNull();
    });

    it('an empty cart points them to the plans, not to products', async () => {
      server.use(signedInConsumer());
      renderInRouter(<CartPage />, '/cart');
      expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'choose a plan for your device' }).getAttribute('href')).toBe(
        '/subscriptions/plans',
      );
      expect(screen.queryByRole('link', { name: 'Search products' })).toBeNull();
    });
  });
});
