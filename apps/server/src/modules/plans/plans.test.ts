import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  endpoints,
  PLAN_DURATIONS,
  PLAN_IDS,
  PLAN_TEXTS,
  planPriceCents,
  unusedTermCredit,
  type PlansResponse,
  type PlanUpgrade,
} from '@portal/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { signedInAs, testClient, unchecked } from '../../../test/client.ts';
import { planCurrencyOf } from './service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/plans and /api/plan/{id} (issue 30 item 1)', () => {
  it('answers the four plans with every duration priced in USD for a U.S. dealer, Premium flagged popular', async () => {
    const owner = await signedInAs(t.app, 'owner@demo.test');
    const res = await owner.call(endpoints.plans.list);
    expect(res.statusCode).toBe(200);
    const body = res.json<PlansResponse>();
    expect(body.currency).toBe('USD');
    expect(body.plans.map((p) => p.id)).toEqual([...PLAN_IDS]);
    expect(body.plans.filter((p) => p.popular).map((p) => p.id)).toEqual(['premium']);
    const premium = body.plans.find((p) => p.id === 'premium')!;
    expect(premium.prices.map((p) => p.duration)).toEqual([...PLAN_DURATIONS]);
    expect(premium.prices.find((p) => p.duration === '2_year')!.amount_cents).toBe(planPriceCents('premium', '2_year'));
    // Longer terms are cheaper per month.
    const perMonth = premium.prices.map((p) => p.per_month_cents);
    expect([...perMonth].sort((a, b) => b - a)).toEqual(perMonth);
  });

  it('answers one plan by id, and 404 for an id that is not a plan', async () => {
    const installer = await signedInAs(t.app, 'installer@demo.test');
    const ok = await installer.call(endpoints.plans.byId, { params: { id: 'premium_plus' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: 'premium_plus', displayName: 'Premium Plus', popular: false });
    const unknown = await installer.call(endpoints.plans.byId, { params: { id: 'gold' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ detail: string }>().detail).toBe(PLAN_TEXTS.planNotFound);
  });

  it('needs a signed-in caller (spec 02 §2)', async () => {
    const guest = testClient(t.app);
    expect((await guest.call(endpoints.plans.list)).statusCode).toBe(401);
    expect((await guest.call(endpoints.plans.byId, { params: { id: 'basic' } })).statusCode).toBe(401);
  });

  it('prices in CAD for a Canadian business (partner code N…), USD otherwise', () => {
    const business = (sapBpCode: string) => ({ business: unchecked({ sapBpCode }) });
    expect(planCurrencyOf(business('N100001'))).toBe('CAD');
    expect(planCurrencyOf(business('C100234'))).toBe('USD');
    expect(planCurrencyOf({ business: null })).toBe('USD');
    expect(planPriceCents('premium', '1_year', 'CAD')).toBeGreaterThan(planPriceCents('premium', '1_year', 'USD'));
  });
});

describe('GET /api/plans/upgrade (issue 30 item 1)', () => {
  it('offers 10230000240 (Premium 1_year) a higher plan or a longer term, with the credit of its unused days', async () => {
    const owner = await signedInAs(t.app, 'owner@demo.test');
    const res = await owner.call(endpoints.plans.upgrade, { query: { device_key: '10230000240' } });
    expect(res.statusCode).toBe(200);
    const body = res.json<PlanUpgrade>();
    expect(body.current).toMatchObject({ plan_id: 'premium', duration: '1_year' });
    const current = body.current!;
    expect(current.credit_cents).toBe(
      Math.floor((planPriceCents('premium', '1_year') * current.unused_days) / current.term_days),
    );
    expect(current.credit_cents).toBeGreaterThan(0);
    const moves = body.options.map((o) => `${o.plan_id}:${o.duration}`);
    expect(moves).not.toContain('premium:1_year');
    expect(moves).not.toContain('basic:6_year');
    expect(moves).not.toContain('ultimate:month_to_month');
    expect(moves).toContain('premium:2_year');
    expect(moves).toContain('ultimate:1_year');
    for (const option of body.options) {
      expect(option.credit_cents).toBe(current.credit_cents);
      expect(option.due_cents).toBe(Math.max(0, option.amount_cents - option.credit_cents));
    }
  });

  it('answers 404 for another dealer’s device and 400 for a malformed serial', async () => {
    const owner = await signedInAs(t.app, 'owner@demo.test');
    expect((await owner.call(endpoints.plans.upgrade, { query: { device_key: '10230000280' } })).statusCode).toBe(404);
    expect((await owner.call(endpoints.plans.upgrade, { query: { device_key: 'no such!' } })).statusCode).toBe(400);
  });
});

describe('the unused-term credit rule', () => {
  const day = 86_400_000;
  it('is the price × unused whole days ÷ term days, rounded down; nothing once the term is over', () => {
    const startedAt = new Date('2026-01-01T00:00:00Z');
    const expiresAt = new Date('2027-01-01T00:00:00Z');
    const half = unusedTermCredit(
      { plan: 'premium', duration: '1_year', startedAt, expiresAt },
      'USD',
      new Date(startedAt.getTime() + 182 * day + 3_600_000),
    );
    expect(half).toEqual({
      termDays: 365,
      unusedDays: 182,
      creditCents: Math.floor((planPriceCents('premium', '1_year') * 182) / 365),
    });
    expect(
      unusedTermCredit({ plan: 'premium', duration: '1_year', startedAt, expiresAt }, 'USD', new Date('2027-02-01'))
        .creditCents,
    ).toBe(0);
  });

  it('counts a month-to-month plan’s current 30-day period', () => {
    const startedAt = new Date('2026-01-01T00:00:00Z');
    const credit = unusedTermCredit(
      { plan: 'basic', duration: 'month_to_month', startedAt, expiresAt: null },
      'USD',
      new Date(startedAt.getTime() + 70 * day),
    );
    expect(credit).toMatchObject({ termDays: 30, unusedDays: 20 });
  });
});
