import { describe, expect, it, vi } from 'vitest';
import axe from 'axe-core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { endpoints } from '@portal/contracts/endpoints/index';
import { PLAN_DURATIONS, PLAN_IDS, planDisplayName, planPriceCents } from '@portal/contracts/plans';
import type { Checkout, PlanUpgrade } from '@portal/contracts';
import { answer, signedInAs } from '../../../test/handlers.ts';
import { sentRequests, server } from '../../../test/server.ts';
import { installer, owner } from '../../../test/fixtures.ts';
import { renderInRouter } from '../../../test/render.tsx';
import { choose } from '../../../test/events.ts';
import { activationOf, dr5400 } from '../testFixtures.ts';
import { formatPlanMoney } from '../../plans/index.ts';
import { PurchasePlanStep } from './PurchasePlanStep.tsx';
import type { StepProps } from './types.ts';

const noPlanUpgrade: PlanUpgrade = {
  device_key: dr5400.device_key,
  productName: dr5400.product,
  currency: 'USD',
  current: null,
  options: PLAN_IDS.flatMap((plan_id) =>
    PLAN_DURATIONS.map((duration) => ({
      plan_id,
      new_plan_name: planDisplayName(plan_id),
      duration,
      amount_cents: planPriceCents(plan_id, duration),
      credit_cents: 0,
      due_cents: planPriceCents(plan_id, duration),
    })),
  ),
};

const cartWithLine = {
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
  subscriptionLines: [
    {
      id: 'line-1',
      device_key: dr5400.device_key,
      productName: dr5400.product,
      newPricingPlan: '2_year',
      plan_id: 'premium',
      new_plan_name: 'Premium',
      currency: 'USD',
      price: { cents: planPriceCents('premium', '2_year') },
    },
  ],
} satisfies Checkout;

function renderStep(overrides: Partial<StepProps> = {}) {
  const save = vi.fn(async () => {});
  const finish = vi.fn(async () => {});
  const props: StepProps = {
    step: 'purchase-plan',
    device: dr5400,
    refreshDevice: async () => dr5400,
    proof: '0235',
    activation: activationOf({ current_step: 'purchase-plan' }),
    state: undefined,
    save,
    finish,
    complete: vi.fn<StepProps['complete']>(() => Promise.resolve()),
    online: true,
    ...overrides,
  };
  renderInRouter(<PurchasePlanStep {...props} />, '/activation/device');
  return { save, finish };
}

describe('the purchase-plan step (issue 30)', () => {
  it('puts the chosen plan and duration into the cart’s line for the device and finishes with its summary', async () => {
    server.use(
      signedInAs(owner),
      answer(endpoints.plans.upgrade, noPlanUpgrade),
      answer(endpoints.cart.putSubscriptionLine, cartWithLine),
    );
    const { finish } = renderStep();
    fireEvent.click(await screen.findByRole('radio', { name: 'Premium' }));
    await waitFor(() =>
      expect((screen.getByRole('radio', { name: 'Premium' }) as HTMLInputElement).checked).toBe(true),
    );
    choose(screen.getByLabelText('Duration'), '2_year');
    expect((await screen.findByTestId('plan-price')).textContent).toBe(
      formatPlanMoney(planPriceCents('premium', '2_year'), 'USD'),
    );
    // No plan yet: nothing to skip to.
    expect(screen.queryByRole('button', { name: /Skip/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add the plan to the cart' }));
    await waitFor(() =>
      expect(finish).toHaveBeenCalledWith({
        status: 'done',
        summary: 'Premium, 2 years, in the cart',
        data: { plan_id: 'premium', duration: '2_year' },
      }),
    );
    const put = sentRequests().find((r) => r.method === 'PUT' && r.path.includes('/api/cart/subscription-lines'));
    expect(put?.body).toEqual({
      device_key: dr5400.device_key,
      plan_id: 'premium',
      newPricingPlan: '2_year',
      iccid_last_digits: '0235',
    });
  });

  it('lets a device that already has a plan skip', async () => {
    server.use(signedInAs(owner), answer(endpoints.plans.upgrade, noPlanUpgrade));
    const device = {
      ...dr5400,
      plan: { name: 'Premium', duration: '1_year', started_at: '2026-08-01T00:00:00.000Z', expires_at: null },
    };
    const { finish } = renderStep({ device });
    fireEvent.click(await screen.findByRole('button', { name: 'Skip: keep the current plan' }));
    await waitFor(() => expect(finish).toHaveBeenCalledWith({ status: 'skipped', summary: 'Kept the current plan' }));
  });

  it('tells a guest to sign in to buy, or skip', async () => {
    const { finish } = renderStep();
    expect((await screen.findByRole('link', { name: 'Sign in' })).getAttribute('href')).toBe(
      '/login?next=%2Factivation%2Fdevice',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Skip for now' }));
    await waitFor(() =>
      expect(finish).toHaveBeenCalledWith({ status: 'skipped', summary: 'Plan not bought: signed out' }),
    );
  });

  it('tells an installer without purchasing rights who buys it', async () => {
    server.use(signedInAs(installer));
    renderStep();
    expect(await screen.findByRole('button', { name: 'Skip for now' })).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('has no axe violations while choosing a plan', async () => {
    server.use(signedInAs(owner), answer(endpoints.plans.upgrade, noPlanUpgrade));
    renderStep();
    await screen.findByRole('radio', { name: 'Premium' });
    // Outside its layout (no main landmark here): 'region' is the layout's.
    const results = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([]);
  });
});
