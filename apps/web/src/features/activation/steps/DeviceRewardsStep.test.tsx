import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { endpoints } from '@portal/contracts/endpoints/index';
import { rewards } from '@portal/contracts/endpoints/rewards';
import { rewardCents, REWARD_TEXTS } from '@portal/contracts/rewards';
import { formatMoney } from '@portal/contracts/format';
import { answer } from '../../../test/handlers.ts';
import { server } from '../../../test/server.ts';
import { installer, sessionOf } from '../../../test/fixtures.ts';
import { renderInRouter } from '../../../test/render.tsx';
import { activationOf, dr5400 } from '../testFixtures.ts';
import { DeviceRewardsStep } from './DeviceRewardsStep.tsx';
import type { StepProps } from './types.ts';

const stepState = (status: 'done' | 'skipped', data: Record<string, unknown> = {}) => ({
  status,
  summary: null,
  data,
  updated_at: '2026-11-27T21:10:00.000Z',
});

function renderStep(overrides: Partial<StepProps> = {}) {
  const save = vi.fn(async () => {});
  const finish = vi.fn(async () => {});
  const props: StepProps = {
    step: 'device-rewards',
    device: dr5400,
    refreshDevice: async () => dr5400,
    proof: '0235',
    activation: activationOf({ current_step: 'device-rewards' }),
    state: undefined,
    save,
    finish,
    complete: vi.fn<StepProps['complete']>(() => Promise.resolve()),
    online: true,
    ...overrides,
  };
  renderInRouter(
    <main>
      <DeviceRewardsStep {...props} />
    </main>,
    '/activation/device',
  );
  return { save, finish };
}

const payouts = (complete: boolean) =>
  answer(rewards.payouts, {
    stripe_onboarding_complete: complete,
    stripe_onboarding_url: null,
    stripe_onboarding_url_expires_at: null,
    stripe_login_link: complete ? '/api/payouts/test-onboarding/x' : null,
  });

describe('device-rewards (issue 30 §4)', () => {
  it('the reward of the chosen plan, pending until the tests pass and the plan is paid; payouts not set up; finish with a summary', async () => {
    server.use(answer(endpoints.session.get, sessionOf(installer)), payouts(false));
    const amount = formatMoney(rewardCents('premium', '2_year'));
    const { finish } = renderStep({
      activation: activationOf({
        current_step: 'device-rewards',
        step_states: { 'purchase-plan': stepState('done', { plan_id: 'premium', duration: '2_year' }) },
      }),
    });
    expect(await screen.findByText(amount)).toBeTruthy();
    expect(screen.getByText(/Pending until the device tests pass and the plan is paid/)).toBeTruthy();
    expect(await screen.findByText(/Payouts are not set up yet/)).toBeTruthy();
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(finish).toHaveBeenCalledWith({
        status: 'done',
        summary: `Reward ${amount} for Premium, 2 years: pending until the device tests pass and the plan is paid`,
        data: {
          plan_id: 'premium',
          duration: '2_year',
          amount_cents: rewardCents('premium', '2_year'),
          tests_passed: false,
          payouts_set_up: false,
        },
      }),
    );
  });

  it('earned once the tests passed and the device is on the plan; payouts set up', async () => {
    server.use(answer(endpoints.session.get, sessionOf(installer)), payouts(true));
    renderStep({
      device: {
        ...dr5400,
        plan: { name: 'Premium Plus', duration: '1_year', started_at: '2026-11-27T21:00:00.000Z', expires_at: null },
      },
      activation: activationOf({
        current_step: 'device-rewards',
        step_states: { 'device-testing': stepState('done') },
      }),
    });
    expect(await screen.findByText(formatMoney(rewardCents('premium_plus', '1_year')))).toBeTruthy();
    expect(screen.getByText(/Earned: the device tests passed/)).toBeTruthy();
    expect(await screen.findByText(/Payouts are set up/)).toBeTruthy();
  });

  it('a guest is told rewards need an installer account, and may continue', async () => {
    server.use(answer(endpoints.session.get, { ...sessionOf(installer), user: null, selectedBusiness: null }));
    const { finish } = renderStep();
    expect(await screen.findByText(REWARD_TEXTS.guest)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(finish).toHaveBeenCalledWith({ status: 'skipped', summary: 'No reward: activated as a guest' }),
    );
  });
});
