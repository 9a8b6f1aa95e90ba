import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  endpoints,
  PLAN_TEXTS,
  cartItemCount,
  planPriceCents,
  type Checkout,
  type LastCheckout,
} from '@portal/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { signedInAs, testClient, unchecked, type TestClient } from '../../../test/client.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const put = (c: TestClient, body: { device_key: string; plan_id: string; newPricingPlan: string }) =>
  c.call(endpoints.cart.putSubscriptionLine, { body: unchecked(body) });
const NORTHSIDE_DEVICE = '10230000240';
const LAKESIDE_DEVICE = '10230000280';

describe('subscription lines in the cart (issue 30 item 2)', () => {
  it('puts one line per device beside the products, replaces it, prices it, counts it in the badge and removes it', async () => {
    const owner = await signedInAs(t.app, 'owner@demo.test');
    const first = await put(owner, { device_key: NORTHSIDE_DEVICE, plan_id: 'premium', newPricingPlan: '2_year' });
    expect(first.statusCode).toBe(200);
    const opened = first.json<Checkout>();
    expect(opened.subscriptionLines).toEqual([
      expect.objectContaining({
        device_key: NORTHSIDE_DEVICE,
        productName: 'FT-X2',
        newPricingPlan: '2_year',
        plan_id: 'premium',
        new_plan_name: 'Premium',
        currency: 'USD',
        price: { cents: planPriceCents('premium', '2_year') },
      }),
    ]);
    expect(cartItemCount(opened)).toBe(opened.quantity + 1);

    // The same device again (lower-case serial): its line is replaced, never doubled.
    const replaced = await put(owner, {
      device_key: NORTHSIDE_DEVICE.toLowerCase(),
      plan_id: 'ultimate',
      newPricingPlan: '1_year',
    });
    expect(replaced.statusCode).toBe(200);
    const lines = replaced.json<Checkout>().subscriptionLines!;
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ plan_id: 'ultimate', newPricingPlan: '1_year', new_plan_name: 'Ultimate' });
    expect(replaced.json<Checkout>().token).toBe(opened.token);

    // The cart answer (and so the badge) carries them.
    const last = (await owner.call(endpoints.cart.last)).json<LastCheckout>();
    expect(last.checkout?.subscriptionLines).toHaveLength(1);

    const removed = await owner.call(endpoints.cart.deleteSubscriptionLine, {
      params: { device_key: NORTHSIDE_DEVICE },
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<Checkout>().subscriptionLines).toEqual([]);
    const again = await owner.call(endpoints.cart.deleteSubscriptionLine, { params: { device_key: NORTHSIDE_DEVICE } });
    expect(again.statusCode).toBe(404);
    expect(again.json<{ detail: string }>().detail).toBe(PLAN_TEXTS.lineNotFound);
  });

  it('refuses an unknown plan and a bad duration (400, nothing added)', async () => {
    const purchaser = await signedInAs(t.app, 'purchaser@demo.test');
    const badPlan = await put(purchaser, { device_key: NORTHSIDE_DEVICE, plan_id: 'gold', newPricingPlan: '1_year' });
    expect(badPlan.statusCode).toBe(400);
    const badDuration = await put(purchaser, {
      device_key: NORTHSIDE_DEVICE,
      plan_id: 'basic',
      newPricingPlan: '7_year',
    });
    expect(badDuration.statusCode).toBe(400);
    const fields = (badDuration.json() as { validation?: { field: string }[] }).validation?.map((v) => v.field);
    expect(fields).toContain('newPricingPlan');
    const last = (await purchaser.call(endpoints.cart.last)).json<LastCheckout>();
    expect(last.checkout?.subscriptionLines ?? []).toEqual([]);
  });

  it('answers 404 for another dealer’s device, 403 without purchasing rights, 401 for a guest', async () => {
    const owner = await signedInAs(t.app, 'owner@demo.test');
    const other = await put(owner, { device_key: LAKESIDE_DEVICE, plan_id: 'basic', newPricingPlan: '1_year' });
    expect(other.statusCode).toBe(404);
    const installer = await signedInAs(t.app, 'installer@demo.test');
    expect(
      (await put(installer, { device_key: NORTHSIDE_DEVICE, plan_id: 'basic', newPricingPlan: '1_year' })).statusCode,
    ).toBe(403);
    expect(
      (await put(testClient(t.app), { device_key: NORTHSIDE_DEVICE, plan_id: 'basic', newPricingPlan: '1_year' }))
        .statusCode,
    ).toBe(401);
  });
});
