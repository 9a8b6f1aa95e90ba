import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { Outlet } from 'react-router';
import { endpoints } from '@portal/contracts/endpoints/index';
import { rewards } from '@portal/contracts/endpoints/rewards';
import type { DeviceReward, DeviceRewardList, Payouts, RewardDetail } from '@portal/contracts/rewards';
import type { Dealer } from '@portal/contracts';
import { answer, refused } from '../../test/handlers.ts';
import { sentRequests, server } from '../../test/server.ts';
import { installer, owner, sessionOf } from '../../test/fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import { choose } from '../../test/events.ts';
import RewardsPage from './RewardsPage.tsx';
import RewardPage from './RewardPage.tsx';

const dealer: Dealer = {
  id: '0d1f4d7e-2a3c-4e5f-8a9b-0c1d2e3f4a5b',
  dealer_id: '0d1f4d7e-2a3c-4e5f-8a9b-0c1d2e3f4a5b',
  business_partner: { id: 'bp-ns', sapBpCode: 'C100234', companyName: 'Northside Auto Sound' },
  is_public_profile: true,
  contact_email: 'owner@demo.test',
  dealer_profile: {
    displayName: 'Northside',
    phone: '5550100000',
    phoneCountry: 'USCA',
    website: '',
    contactRoles: [],
    city: 'Columbus',
    countryArea: 'OH',
  },
};

const reward = (overrides: Partial<DeviceReward> = {}): DeviceReward => ({
  id: '6b1f4d7e-2a3c-4e5f-8a9b-0c1d2e3f4a5b',
  installer: { id: 'i-installer', user_id: 'u-installer', name: 'Marcus Reyes' },
  dealer_id: '0d1f4d7e-2a3c-4e5f-8a9b-0c1d2e3f4a5b',
  device_key: '10230000914',
  plan_id: 'premium_plus',
  plan_name: 'Premium Plus',
  duration: '1_year',
  amount_cents: 1900,
  currency: 'USD',
  status: 'paid',
  activation_id: null,
  created_at: '2026-09-01T15:00:00.000Z',
  earned_at: '2026-09-01T16:00:00.000Z',
  paid_at: '2026-09-15T15:00:00.000Z',
  transfer_id: 'tr_5f2c9a1b7d3e4f60a1b2c3d4',
  ...overrides,
});

const listOf = (results: DeviceReward[], count = results.length, next: number | null = null): DeviceRewardList => ({
  count,
  next,
  previous: null,
  results,
  totals: {
    currency: 'USD',
    pending_cents: results.filter((r) => r.status === 'pending').reduce((s, r) => s + r.amount_cents, 0),
    earned_cents: results.filter((r) => r.status === 'earned').reduce((s, r) => s + r.amount_cents, 0),
    paid_cents: results.filter((r) => r.status === 'paid').reduce((s, r) => s + r.amount_cents, 0),
  },
});

const notSetUp: Payouts = {
  stripe_onboarding_complete: false,
  stripe_onboarding_url: null,
  stripe_onboarding_url_expires_at: null,
  stripe_login_link: null,
};

const routes = [
  {
    Component: () => (
      <main>
        <Outlet />
      </main>
    ),
    children: [
      { path: '/rewards', Component: RewardsPage },
      { path: '/rewards/:id', Component: RewardPage },
    ],
  },
];

const noAxeViolations = async () => {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
};

const rewardCalls = () =>
  sentRequests()
    .filter((r) => r.path.startsWith('/api/dealers/0d1f4d7e-2a3c-4e5f-8a9b-0c1d2e3f4a5b/device-rewards'))
    .map((r) => ({ query: Object.fromEntries(new URL(r.path, 'http://x').searchParams) }));

describe('/rewards (issue 30 §4)', () => {
  it('an installer sees their own rewards with totals, asked by their own id; payouts not set up; axe-clean', async () => {
    server.use(
      answer(endpoints.session.get, sessionOf(installer)),
      answer(endpoints.dealers.list, { count: 1, next: null, previous: null, results: [dealer] }),
      answer(rewards.payouts, notSetUp),
      answer(
        rewards.listOfDealer,
        listOf([
          reward({
            status: 'pending',
            amount_cents: 500,
            id: '7b1f4d7e-2a3c-4e5f-8a9b-0c1d2e3f4a5b',
            device_key: '10230000916',
            earned_at: null,
            paid_at: null,
            transfer_id: null,
          }),
          reward(),
        ]),
      ),
    );
    renderRoutes(routes, '/rewards');
    expect(await screen.findByText('Device 10230000916')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Your rewards' })).toBeTruthy();
    expect(screen.getAllByText('$5.00')).toHaveLength(2); // the pending total and the reward
    expect(screen.getAllByText('$19.00').length).toBeGreaterThan(0);
    // A paid reward says when it was paid.
    expect(screen.getByText(/paid 09\/15\/2026/)).toBeTruthy();
    expect(screen.queryByLabelText('Installer')).toBeNull();
    expect(await screen.findByText(/Payouts are not set up/)).toBeTruthy();
    expect(rewardCalls()[0]?.query).toMatchObject({ installer_id: 'u-installer', limit: '10', offset: '0' });
    await noAxeViolations();
  });

  it('the owner starts with every installer’s, filters by installer and by UTC days', async () => {
    server.use(
      answer(endpoints.session.get, sessionOf(owner)),
      answer(endpoints.dealers.list, { count: 1, next: null, previous: null, results: [dealer] }),
      answer(endpoints.dealers.listInstallers, {
        count: 1,
        next: null,
        previous: null,
        results: [
          {
            id: 'i-installer',
            installer_id: 'i-installer',
            user_id: 'u-installer',
            dealer_id: '0d1f4d7e-2a3c-4e5f-8a9b-0c1d2e3f4a5b',
            is_owner: false,
            is_retired: false,
            is_purchaser: false,
            first_name: 'Marcus',
            last_name: 'Reyes',
            email: 'installer@demo.test',
          },
        ],
      }),
      answer(rewards.payouts, {
        ...notSetUp,
        stripe_onboarding_complete: true,
        stripe_login_link: '/api/payouts/test-onboarding/x',
      }),
      answer(rewards.listOfDealer, listOf([reward()])),
    );
    renderRoutes(routes, '/rewards');
    expect(await screen.findByText(/· Marcus Reyes/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Installers’ rewards' })).toBeTruthy();
    expect(rewardCalls()[0]?.query).toMatchObject({ installer_id: 'all' });
    expect(await screen.findByText(/Payouts are set up/)).toBeTruthy();

    await screen.findByRole('option', { name: 'Marcus Reyes' });
    choose(screen.getByLabelText('Installer'), 'i-installer');
    await waitFor(() => expect(rewardCalls().at(-1)?.query).toMatchObject({ installer_id: 'i-installer' }));
    choose(screen.getByLabelText('From'), '2026-09-01');
    await waitFor(() => expect(rewardCalls().at(-1)?.query).toMatchObject({ from_date: '2026-09-01T00:00:00' }));
    choose(screen.getByLabelText('To'), '2026-09-30');
    await waitFor(() =>
      expect(rewardCalls().at(-1)?.query).toMatchObject({
        from_date: '2026-09-01T00:00:00',
        to_date: '2026-09-30T23:59:59',
      }),
    );
    await noAxeViolations();
  });

  it('with no rewards yet, says how one is earned; with filters, offers to clear them', async () => {
    server.use(
      answer(endpoints.session.get, sessionOf(installer)),
      answer(endpoints.dealers.list, { count: 1, next: null, previous: null, results: [dealer] }),
      answer(rewards.payouts, notSetUp),
      answer(rewards.listOfDealer, listOf([])),
    );
    renderRoutes(routes, '/rewards?from=2026-01-01');
    expect(await screen.findByText('No rewards match these filters.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText(/No rewards yet/)).toBeTruthy();
  });

  it('pages with Next and Previous', async () => {
    server.use(
      answer(endpoints.session.get, sessionOf(installer)),
      answer(endpoints.dealers.list, { count: 1, next: null, previous: null, results: [dealer] }),
      answer(rewards.payouts, notSetUp),
      answer(rewards.listOfDealer, ({ query }) => ({
        ...listOf(
          [reward({ device_key: `1023000${query.offset === '10' ? '2' : '1'}000` })],
          11,
          query.offset === '10' ? null : 10,
        ),
        previous: query.offset === '10' ? 0 : null,
      })),
    );
    renderRoutes(routes, '/rewards');
    expect(await screen.findByText('Device 10230001000')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Device 10230002000')).toBeTruthy();
    expect(screen.getByText('11–11 of 11')).toBeTruthy();
  });

  it('an expired onboarding link is renewed before going to onboarding', async () => {
    const renewed = {
      ...notSetUp,
      stripe_onboarding_url: '/api/payouts/test-onboarding/new',
      stripe_onboarding_url_expires_at: new Date(Date.now() + 300_000).toISOString(),
    };
    server.use(
      answer(endpoints.session.get, sessionOf(installer)),
      answer(endpoints.dealers.list, { count: 1, next: null, previous: null, results: [dealer] }),
      answer(rewards.payouts, {
        ...notSetUp,
        stripe_onboarding_url: '/api/payouts/test-onboarding/old',
        stripe_onboarding_url_expires_at: '2026-01-01T00:00:00.000Z',
      }),
      answer(rewards.onboardingLink, renewed),
      answer(rewards.listOfDealer, listOf([])),
    );
    renderRoutes(routes, '/rewards');
    expect(await screen.findByText(/last setup link expired/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue payouts setup' }));
    await waitFor(() => expect(sentRequests().some((r) => r.path === '/api/payouts/onboarding-link')).toBe(true));
  });

  it('an outside rep acting for a business is told Rewards are not for them, and nothing is asked', async () => {
    const outside = {
      ...owner,
      id: 'u-out',
      permissionGroups: ['Firstech Outside Sales Rep'],
      user_type: [],
      dealer_id: null,
      installer: null,
    };
    server.use(answer(endpoints.session.get, sessionOf(outside)));
    renderRoutes(routes, '/rewards');
    expect(await screen.findByText('Rewards are not shown to outside sales reps.')).toBeTruthy();
    expect(rewardCalls()).toHaveLength(0);
  });
});

describe('/rewards/{id}', () => {
  it('one reward with its device, plan and activation', async () => {
    const detail: RewardDetail = {
      ...reward({ status: 'earned', paid_at: null, transfer_id: null, activation_id: 'a1' }),
      activation: {
        id: 'a1',
        activation_type: 'new-device',
        status: 'completed',
        started_at: '2026-09-01T14:00:00.000Z',
        completed_at: '2026-09-01T15:30:00.000Z',
        device_testing_passed: true,
      },
    };
    server.use(
      answer(endpoints.session.get, sessionOf(installer)),
      answer(rewards.get, detail),
      answer(rewards.payouts, notSetUp),
    );
    renderRoutes(routes, `/rewards/${detail.id}`);
    expect(await screen.findByText('10230000914')).toBeTruthy();
    expect(screen.getByText('Premium Plus, 1 year')).toBeTruthy();
    expect(screen.getByText('Passed')).toBeTruthy();
    // Their own reward: whether payouts are set up, and the way to set them up.
    expect(await screen.findByText('Payouts are not set up.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Set up payouts' })).toBeTruthy();
    await noAxeViolations();
  });

  it('the owner reading an installer’s reward is not shown their own payouts beside it', async () => {
    server.use(
      answer(endpoints.session.get, sessionOf(owner)),
      answer(rewards.get, { ...reward(), activation: null }),
      answer(rewards.payouts, notSetUp),
    );
    renderRoutes(routes, `/rewards/${reward().id}`);
    expect(await screen.findByText('10230000914')).toBeTruthy();
    // Paid: the date and the processor's transfer that paid it.
    expect(screen.getByRole('heading', { level: 2, name: '$19.00 Paid' })).toBeTruthy();
    expect(screen.getByText('09/15/2026')).toBeTruthy();
    expect(screen.getByText('tr_5f2c9a1b7d3e4f60a1b2c3d4')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Payouts' })).toBeNull();
    expect(sentRequests().some((r) => r.path.startsWith('/api/payouts'))).toBe(false);
  });

  it("another's reward: not found, with the way back", async () => {
    server.use(
      answer(endpoints.session.get, sessionOf(installer)),
      answer(rewards.get, refused(404, { detail: 'Reward not found.' })),
    );
    renderRoutes(routes, '/rewards/6b1f4d7e-2a3c-4e5f-8a9b-0c1d2e3f4a5b');
    expect(await screen.findByRole('heading', { name: 'Reward not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Rewards' })).toBeTruthy();
  });
});
