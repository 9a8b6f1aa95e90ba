import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { endpoints as all, messages, utcDayRange } from '@portal/contracts';
import { rewards as rewardEndpoints } from '@portal/contracts/endpoints/rewards';
import {
  ALL_INSTALLERS,
  REWARD_TEXTS,
  rewardCents,
  type DeviceRewardList,
  type Payouts,
  type RewardDetail,
} from '@portal/contracts/rewards';
import type { AppContext } from '../../context.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { signedInAs, unchecked, type TestClient } from '../../../test/client.ts';
import { businessPartners } from '../business-partners/schema.ts';
import { dealers, installers } from '../dealers/schema.ts';
import { users } from '../users/schema.ts';
import { DEMO_REWARDS } from '../../seed/rewards.ts';
import { createTestPayoutTransfers, type PayoutTransfers } from '../../adapters/payments/index.ts';
import { processorTransfers } from '../../adapters/payments/schema.ts';
import { createAttemptMachine } from '../../attempts/machine.ts';
import { systemPrincipal } from '../../jobs/index.ts';
import { createPayoutService } from './payouts.ts';
import { deviceRewards, payoutAccounts } from './schema.ts';
import { createRewardService, type RewardService } from './service.ts';

let t: TestContext;
let service: RewardService;
let northside: string;
let lakeside: string;
let installer: TestClient;
let purchaser: TestClient;
let owner: TestClient;
let insideRep: TestClient;
let outsideRep: TestClient;
const installerIdOf = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  service = createRewardService({ db: t.db } as AppContext);
  const rows = await t.db
    .select({ dealerId: dealers.id, code: businessPartners.sapBpCode })
    .from(dealers)
    .innerJoin(businessPartners, eq(businessPartners.id, dealers.businessPartnerId));
  northside = rows.find((r) => r.code === 'C100234')!.dealerId;
  lakeside = rows.find((r) => r.code === 'C100310')!.dealerId;
  const staff = await t.db
    .select({ email: users.email, installerId: installers.id })
    .from(installers)
    .innerJoin(users, eq(users.id, installers.userId));
  for (const s of staff) installerIdOf.set(s.email, s.installerId);
  [installer, purchaser, owner, insideRep, outsideRep] = await Promise.all([
    signedInAs(t.app, 'installer@demo.test'),
    signedInAs(t.app, 'purchaser@demo.test'),
    signedInAs(t.app, 'owner@demo.test'),
    signedInAs(t.app, 'insiderep@demo.test', { sapBpCode: 'C100234' }),
    signedInAs(t.app, 'outsiderep@demo.test', { sapBpCode: 'C100234' }),
  ]);
});
afterAll(() => t.close());

const list = (client: TestClient, query: Record<string, unknown>, dealerId = northside) =>
  client.call(rewardEndpoints.listOfDealer, { params: { id: dealerId }, query: unchecked(query) });

const seeded = (email: string) => DEMO_REWARDS.filter((r) => r.by === email);
const sum = (rows: readonly (typeof DEMO_REWARDS)[number][], status: string) =>
  rows.filter((r) => r.status === status).reduce((total, r) => total + rewardCents(r.plan, r.duration), 0);

describe('GET /api/dealers/{id}/device-rewards', () => {
  it('an installer sees their own, newest first, with totals by status', async () => {
    const res = await list(installer, { installer_id: installerIdOf.get('installer@demo.test') });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<DeviceRewardList>();
    const mine = seeded('installer@demo.test');
    expect(body.count).toBe(mine.length);
    expect(body.results.map((r) => r.device_key)).toEqual(
      [...mine].sort((a, b) => a.daysAgo - b.daysAgo).map((r) => r.deviceKey),
    );
    expect(body.totals).toEqual({
      currency: 'USD',
      pending_cents: sum(mine, 'pending'),
      earned_cents: sum(mine, 'earned'),
      paid_cents: sum(mine, 'paid'),
    });
    expect(body.results.every((r) => r.installer.id === installerIdOf.get('installer@demo.test'))).toBe(true);
  });

  it('installer_id may name the installer by its user id (what the browser knows)', async () => {
    const userId = (await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'installer@demo.test')))[0]!
      .id;
    const res = await list(installer, { installer_id: userId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<DeviceRewardList>().count).toBe(seeded('installer@demo.test').length);
  });

  it("'Installer ID is required' (spec 02 §5) when installer_id is missing or empty", async () => {
    for (const query of [{}, { installer_id: '' }]) {
      const res = await list(installer, query);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(messages.installerIdRequired);
    }
  });

  it('bad input: a malformed date, a day that is not one, a reversed range, a limit out of range', async () => {
    const id = installerIdOf.get('installer@demo.test');
    // Days the calendar has not (Date would roll 30 February into March; the database refuses year 0): the format's words.
    for (const day of [
      '2026-02-30',
      '2026-02-30T10:00:00',
      '2026-04-31T00:00:00Z',
      '0000-00-00',
      '2026-05-01T24:30:00',
    ]) {
      const res = await list(installer, { installer_id: id, from_date: day });
      expect(res.statusCode, day).toBe(400);
      expect(res.body, day).toContain(REWARD_TEXTS.dayFormat);
    }
    for (const query of [
      { installer_id: id, from_date: '11/01/2026' },
      { installer_id: id, from_date: '2026-05-02', to_date: '2026-05-01' },
      { installer_id: id, limit: 0 },
      { installer_id: id, limit: 101 },
      { installer_id: id, offset: -1 },
    ]) {
      expect((await list(installer, query)).statusCode, JSON.stringify(query)).toBe(400);
    }
  });

  it('from_date and to_date are UTC days, from the start of the first to the end of the last (spec 02 §9)', async () => {
    const id = installerIdOf.get('installer@demo.test');
    const mine = seeded('installer@demo.test');
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    // A bare day and utcDayRange's T00:00:00 / T23:59:59 mean the same range.
    for (const range of [{ from: twoDaysAgo, to: twoDaysAgo }, utcDayRange(twoDaysAgo)]) {
      const res = await list(installer, { installer_id: id, from_date: range.from, to_date: range.to });
      expect(res.json<DeviceRewardList>().results.map((r) => r.device_key)).toEqual(
        mine.filter((r) => r.daysAgo === 2).map((r) => r.deviceKey),
      );
    }
    const older = await list(installer, {
      installer_id: id,
      to_date: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10),
    });
    expect(older.json<DeviceRewardList>().results.map((r) => r.device_key)).toEqual(
      mine.filter((r) => r.daysAgo > 30).map((r) => r.deviceKey),
    );
  });

  it('pages by limit and offset', async () => {
    const first = (await list(owner, { installer_id: ALL_INSTALLERS, limit: 3 })).json<DeviceRewardList>();
    expect(first).toMatchObject({ count: DEMO_REWARDS.length, next: 3, previous: null });
    expect(first.results).toHaveLength(3);
    const second = (await list(owner, { installer_id: ALL_INSTALLERS, limit: 3, offset: 3 })).json<DeviceRewardList>();
    expect(second).toMatchObject({ next: 6, previous: 0 });
    expect(second.results.map((r) => r.id)).not.toContain(first.results[0]!.id);
  });

  it("the owner sees every installer's, or one installer's; an inside rep acting as the owner too", async () => {
    for (const client of [owner, insideRep]) {
      const all = (await list(client, { installer_id: ALL_INSTALLERS })).json<DeviceRewardList>();
      expect(all.count).toBe(DEMO_REWARDS.length);
      const one = (
        await list(client, { installer_id: installerIdOf.get('purchaser@demo.test') })
      ).json<DeviceRewardList>();
      expect(one.count).toBe(seeded('purchaser@demo.test').length);
    }
  });

  it("an installer asking for another installer's or everyone's: 404; another dealer's: 404; an outside rep: 403", async () => {
    expect((await list(installer, { installer_id: installerIdOf.get('purchaser@demo.test') })).statusCode).toBe(404);
    expect((await list(installer, { installer_id: ALL_INSTALLERS })).statusCode).toBe(404);
    expect(
      (await list(installer, { installer_id: installerIdOf.get('installer@demo.test') }, lakeside)).statusCode,
    ).toBe(404);
    expect((await list(owner, { installer_id: installerIdOf.get('sms@demo.test') })).statusCode).toBe(404);
    expect((await list(owner, { installer_id: ALL_INSTALLERS }, lakeside)).statusCode).toBe(404);
    expect((await list(outsideRep, { installer_id: ALL_INSTALLERS })).statusCode).toBe(403);
  });
});

describe('GET /api/rewards/{id}', () => {
  it("the installer's own and the owner's; another installer's is 404", async () => {
    const mine = (
      await list(installer, { installer_id: installerIdOf.get('installer@demo.test') })
    ).json<DeviceRewardList>();
    const reward = mine.results[0]!;
    const res = await installer.call(rewardEndpoints.get, { params: { id: reward.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: reward.id, device_key: reward.device_key, activation: null });
    expect((await owner.call(rewardEndpoints.get, { params: { id: reward.id } })).statusCode).toBe(200);
    expect((await purchaser.call(rewardEndpoints.get, { params: { id: reward.id } })).statusCode).toBe(404);
    // Someone of no dealer (a consumer) is told it does not exist either.
    const consumer = await signedInAs(t.app, 'consumer@demo.test');
    expect((await consumer.call(rewardEndpoints.get, { params: { id: reward.id } })).statusCode).toBe(404);
    expect((await installer.call('GET', '/api/rewards/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('the earn rule: recordPlanPaid (what the plan purchase calls)', () => {
  async function activate(client: TestClient, deviceKey: string, digits: string) {
    const res = await client.call(all.activations.start, {
      body: { device_key: deviceKey, activation_type: 'new-device', iccid_last_digits: digits },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json().activation as { id: string; version: number };
  }
  const passTests = (client: TestClient, activation: { id: string; version: number }) =>
    client.call(all.activations.update, {
      params: { id: activation.id },
      body: {
        version: activation.version,
        step: 'device-testing',
        step_state: { status: 'done', summary: 'All tests passed', data: {} },
      },
    });

  it('pending while the device tests have not passed, earned once they have; paid once per activation', async () => {
    const activation = await activate(purchaser, '10230000234', '0234');
    const paid = {
      deviceKey: '10230000234',
      plan: 'premium' as const,
      duration: '2_year' as const,
      currency: 'USD' as const,
    };
    const before = await t.db.transaction((tx) => service.recordPlanPaid(tx, paid));
    expect(before).toMatchObject({
      status: 'pending',
      amount_cents: rewardCents('premium', '2_year'),
      activation_id: activation.id,
    });

    const detail = await purchaser.call(rewardEndpoints.get, { params: { id: before!.id } });
    expect(detail.json()).toMatchObject({
      status: 'pending',
      activation: { id: activation.id, device_testing_passed: false },
    });

    expect((await passTests(purchaser, activation)).statusCode).toBe(200);
    const after = await purchaser.call(rewardEndpoints.get, { params: { id: before!.id } });
    expect(after.json()).toMatchObject({ status: 'earned', activation: { device_testing_passed: true } });

    // A retried purchase records nothing more.
    const again = await t.db.transaction((tx) => service.recordPlanPaid(tx, paid));
    expect(again!.id).toBe(before!.id);
    const listed = (
      await list(purchaser, { installer_id: installerIdOf.get('purchaser@demo.test') })
    ).json<DeviceRewardList>();
    expect(listed.results.filter((r) => r.device_key === '10230000234')).toHaveLength(1);
  });

  it('a guest activation earns nothing', async () => {
    const guest = await signedInAs(t.app, null);
    const res = await guest.call(all.activations.start, {
      body: { device_key: '10230000235', activation_type: 'new-device', iccid_last_digits: '0235' },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const reward = await t.db.transaction((tx) =>
      service.recordPlanPaid(tx, { deviceKey: '10230000235', plan: 'basic', duration: '1_year', currency: 'USD' }),
    );
    expect(reward).toBeNull();
  });
});

describe('payouts (spec 02 §6)', () => {
  it('not set up, an onboarding link, the test-mode page completes it, then a login link', async () => {
    const client = await signedInAs(t.app, 'retired@demo.test');
    expect((await client.call(rewardEndpoints.payouts)).json()).toEqual({
      stripe_onboarding_complete: false,
      stripe_onboarding_url: null,
      stripe_onboarding_url_expires_at: null,
      stripe_login_link: null,
    });
    const link = (await client.call(rewardEndpoints.onboardingLink)).json();
    const url = link.stripe_onboarding_url!;
    expect(link.stripe_onboarding_url).toMatch(/^\/api\/payouts\/test-onboarding\//);
    expect(Date.parse(link.stripe_onboarding_url_expires_at!)).toBeGreaterThan(Date.now());
    // Asked again while open: the same link.
    expect((await client.call(rewardEndpoints.onboardingLink)).json().stripe_onboarding_url).toBe(
      link.stripe_onboarding_url,
    );

    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Complete onboarding');
    // Its form's POST carries the page's origin (under no-referrer a browser sends `Origin: null`: refused).
    expect(page.headers['referrer-policy']).toBe('same-origin');
    expect((await t.app.inject({ method: 'POST', url, headers: { origin: 'null' } })).statusCode).toBe(403);
    // As a browser sends the form: its origin, urlencoded and empty.
    const done = await t.app.inject({
      method: 'POST',
      url,
      headers: { origin: 'http://localhost:80', 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/rewards?payouts=complete');

    const after = (await client.call(rewardEndpoints.payouts)).json();
    expect(after).toMatchObject({ stripe_onboarding_complete: true, stripe_onboarding_url: null });
    expect(after.stripe_login_link).toBeTruthy();
    expect((await t.app.inject({ method: 'GET', url: after.stripe_login_link! })).body).toContain('Payouts are set up');
  });

  it('an expired link completes nothing and is renewed', async () => {
    const client = await signedInAs(t.app, 'accountant@demo.test');
    const link = (await client.call(rewardEndpoints.onboardingLink)).json();
    const url = link.stripe_onboarding_url!;
    const userId = (await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'accountant@demo.test')))[0]!
      .id;
    await t.db
      .update(payoutAccounts)
      .set({ onboardingUrlExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(payoutAccounts.userId, userId));
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'GET', url })).body).toContain('Link expired');
    const stale = (await client.call(rewardEndpoints.payouts)).json();
    expect(Date.parse(stale.stripe_onboarding_url_expires_at!)).toBeLessThan(Date.now());
    const renewed = (await client.call(rewardEndpoints.onboardingLink)).json();
    const renewedUrl = renewed.stripe_onboarding_url!;
    expect(renewed.stripe_onboarding_url).not.toBe(link.stripe_onboarding_url);
    expect(Date.parse(renewed.stripe_onboarding_url_expires_at!)).toBeGreaterThan(Date.now());
    expect((await t.app.inject({ method: 'POST', url: renewedUrl })).statusCode).toBe(302);
  });

  it('an unknown link is 404; signed out is 401', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/payouts/test-onboarding/nosuchtokennosuchtoken' })).statusCode,
    ).toBe(404);
    const anonymous = await signedInAs(t.app, null);
    expect((await anonymous.call(rewardEndpoints.payouts)).statusCode).toBe(401);
    expect((await anonymous.call(rewardEndpoints.onboardingLink)).statusCode).toBe(401);
  });
});

describe('paying rewards (issue 30 §4: the payout job)', () => {
  const by = systemPrincipal('reward-payouts');
  const log = { warn: () => {}, error: () => {} };
  /** A payout service on the test database, on its own attempt machine (recovery at once: nothing waits). */
  const payoutsWith = (transfers?: PayoutTransfers) => {
    const machine = createAttemptMachine({ db: t.db, recoveryAfterMs: 0, log });
    return { machine, payouts: createPayoutService({ db: t.db }, machine, { transfers, log }) };
  };
  const rewardOf = async (client: TestClient, deviceKey: string) => {
    const [row] = await t.db.select().from(deviceRewards).where(eq(deviceRewards.deviceKey, deviceKey));
    const res = await client.call(rewardEndpoints.get, { params: { id: row!.id } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<RewardDetail>();
  };
  const transfersTo = async (destination: string) =>
    t.db.select().from(processorTransfers).where(eq(processorTransfers.destination, destination));
  /** Completes the test-mode payouts onboarding of the signed-in user; answers their connected account. */
  async function onboard(client: TestClient, email: string) {
    const link = (await client.call(rewardEndpoints.onboardingLink)).json<Payouts>();
    expect((await t.app.inject({ method: 'POST', url: link.stripe_onboarding_url! })).statusCode).toBe(302);
    const userId = (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
    return (await t.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId)))[0]!.accountId;
  }

  it('pays each earned reward of an installer whose payouts are set up, once; nobody else is paid', async () => {
    const { payouts } = payoutsWith();
    // Nobody has set up payouts (the seed): a run pays nothing.
    const before = await t.db.select().from(processorTransfers);
    expect(await payouts.payEarned(by)).toEqual({ paid: 0, left: 0 });
    expect(await t.db.select().from(processorTransfers)).toEqual(before);

    const account = await onboard(installer, 'installer@demo.test');
    expect(await payouts.payEarned(by)).toEqual({ paid: 1, left: 0 });
    // The installer's one earned reward (10230000915, Premium 2 years) is paid, with its transfer and the date.
    const paid = await rewardOf(installer, '10230000915');
    expect(paid).toMatchObject({ status: 'paid', transfer_id: expect.stringMatching(/^tr_/) });
    expect(Date.now() - Date.parse(paid.paid_at!)).toBeLessThan(60_000);
    const transfers = await transfersTo(account);
    expect(transfers).toEqual([
      expect.objectContaining({
        id: paid.transfer_id,
        amountCents: rewardCents('premium', '2_year'),
        currency: 'USD',
        status: 'paid',
      }),
    ]);
    // The list says it too, and its totals moved from earned to paid.
    const listed = (
      await list(installer, { installer_id: installerIdOf.get('installer@demo.test') })
    ).json<DeviceRewardList>();
    expect(listed.results.find((r) => r.device_key === '10230000915')).toMatchObject({
      status: 'paid',
      transfer_id: paid.transfer_id,
    });
    expect(listed.totals.earned_cents).toBe(0);
    // Pending and already-paid rewards are not paid again; nor is the purchaser's earned one (no payouts set up).
    expect((await rewardOf(installer, '10230000916')).status).toBe('pending');
    expect((await rewardOf(purchaser, '10230000913')).status).toBe('earned');

    // A second run pays nothing more.
    expect(await payouts.payEarned(by)).toEqual({ paid: 0, left: 0 });
    expect(await transfersTo(account)).toHaveLength(1);
  });

  it('a crash after the transfer does not pay twice: the sweep writes the transfer it finds', async () => {
    // The processor makes the transfer, then the connection dies before its answer arrives (as a crash would).
    const real = createTestPayoutTransfers(t.db);
    const lostAnswer: PayoutTransfers = {
      ...real,
      async transfer(request) {
        await real.transfer(request);
        throw new Error('connection reset');
      },
    };
    const account = await onboard(purchaser, 'purchaser@demo.test');
    const purchaserId = (
      await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'purchaser@demo.test'))
    )[0]!.id;
    const earned = async () =>
      (await t.db.select().from(deviceRewards).where(eq(deviceRewards.installerUserId, purchaserId))).filter(
        (r) => r.status === 'earned',
      );
    // The seed's 10230000913 (Ultimate 3 years), and one this file's earlier tests earned.
    const due = (await earned()).length;
    expect(due).toBeGreaterThanOrEqual(1);
    const crashing = payoutsWith(lostAnswer);
    expect(await crashing.payouts.payEarned(by)).toEqual({ paid: 0, left: due });
    expect(await transfersTo(account)).toHaveLength(due);
    expect(await earned()).toHaveLength(due);

    // Another run does not pay a reward whose try is under way.
    const { machine, payouts } = payoutsWith();
    expect(await payouts.payEarned(by)).toEqual({ paid: 0, left: 0 });
    expect(await transfersTo(account)).toHaveLength(due);

    // The recovery sweep finds each transfer under its try's id and writes it: paid once, by that transfer.
    await machine.recoverAll(by);
    expect(await earned()).toEqual([]);
    const transfers = await transfersTo(account);
    expect(transfers).toHaveLength(due);
    const seeded = await rewardOf(purchaser, '10230000913');
    expect(seeded.status).toBe('paid');
    expect(transfers.find((tr) => tr.id === seeded.transfer_id)).toMatchObject({
      amountCents: rewardCents('ultimate', '3_year'),
      status: 'paid',
    });
    expect(await payouts.payEarned(by)).toEqual({ paid: 0, left: 0 });
    expect(await transfersTo(account)).toHaveLength(due);
  });
});
