import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { endpoints } from '@portal/contracts/endpoints/index';
import { DEVICE_TEXTS } from '@portal/contracts/devices';
import { REFUSAL_CODES } from '@portal/contracts/refusals';
import { planDisplayName, planPriceCents, type PlanUpgrade } from '@portal/contracts/plans';
import { answer, refused, signedInAs } from '../../test/handlers.ts';
import { sentRequests, server } from '../../test/server.ts';
import { owner } from '../../test/fixtures.ts';
import { renderInRouter } from '../../test/render.tsx';
import { PlanPicker } from './PlanPicker.tsx';

const NEW_DEVICE = '10230000234';
const upgradeOf: PlanUpgrade = {
  device_key: NEW_DEVICE,
  productName: 'FT-X1',
  currency: 'USD',
  current: null,
  options: [
    {
      plan_id: 'premium',
      new_plan_name: planDisplayName('premium'),
      duration: '2_year',
      amount_cents: planPriceCents('premium', '2_year'),
      credit_cents: 0,
      due_cents: planPriceCents('premium', '2_year'),
    },
  ],
};

describe('PlanPicker on /subscriptions/plans (issue 30)', () => {
  it('asks for the ICCID digits of a device installed for nobody, and looks it up with them', async () => {
    server.use(
      signedInAs(owner),
      answer(endpoints.plans.upgrade, ({ query }) =>
        query.iccid_last_digits === '0234'
          ? upgradeOf
          : refused(403, {
              detail: query.iccid_last_digits ? DEVICE_TEXTS.proofWrong : DEVICE_TEXTS.proofRequired,
              code: query.iccid_last_digits ? REFUSAL_CODES.DEVICE_PROOF_WRONG : REFUSAL_CODES.DEVICE_PROOF_REQUIRED,
            }),
      ),
    );
    renderInRouter(<PlanPicker deviceKey={NEW_DEVICE} />, '/subscriptions/plans');
    const digits = await screen.findByLabelText('Last four digits of the ICCID (printed on the unit)');
    fireEvent.change(digits, { target: { value: '12a9' } });
    expect((digits as HTMLInputElement).value).toBe('129');
    fireEvent.change(digits, { target: { value: '1299' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe(DEVICE_TEXTS.proofWrong);
    fireEvent.change(screen.getByLabelText(/Last four digits/), { target: { value: '0234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('radio', { name: 'Premium' })).toBeTruthy();
    const asked = sentRequests().filter((r) => r.path.startsWith('/api/plans/upgrade'));
    expect(asked.map((r) => new URL(r.path, 'http://x').searchParams.get('iccid_last_digits'))).toEqual([
      null,
      '1299',
      '0234',
    ]);
  });
});
