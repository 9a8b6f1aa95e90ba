import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { endpoints } from '@portal/contracts/endpoints/index';
import { answer, signedInAs } from '../../test/handlers.ts';
import { server } from '../../test/server.ts';
import { consumer, CONSUMER_ACCOUNT, installer, sessionOf } from '../../test/fixtures.ts';
import { renderInRouter } from '../../test/render.tsx';
import ChoosePlanPage from './ChoosePlanPage.tsx';

const signedInConsumer = () =>
  answer(endpoints.session.get, {
    ...sessionOf(consumer),
    selectedBusiness: { ...CONSUMER_ACCOUNT, approvedBrands: [] },
  });

describe('/subscriptions/plans: who chooses a plan for a device (issue 30)', () => {
  it('a consumer chooses a device and a plan for it (their own account)', async () => {
    server.use(signedInConsumer(), answer(endpoints.devices.list, { count: 0, results: [] }));
    renderInRouter(<ChoosePlanPage />, '/subscriptions/plans');
    expect(await screen.findByLabelText('Or type a serial number')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Plans are bought by your business’s purchasers' })).toBeNull();
  });

  it('an installer without purchasing rights is told who buys plans', async () => {
    server.use(signedInAs(installer));
    renderInRouter(<ChoosePlanPage />, '/subscriptions/plans');
    expect(await screen.findByRole('heading', { name: 'Plans are bought by your business’s purchasers' })).toBeTruthy();
  });
});
