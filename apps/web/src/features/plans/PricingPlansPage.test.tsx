import { describe, expect, it } from 'vitest';
import axe from 'axe-core';
import { fireEvent, screen, within } from '@testing-library/react';
import { endpoints } from '@portal/contracts/endpoints/index';
import { PLAN_IDS, planMonthlyCents, planPriceCents, planWithPrices, type PlanCurrency } from '@portal/contracts/plans';
import { answer } from '../../test/handlers.ts';
import { server } from '../../test/server.ts';
import { renderInRouter } from '../../test/render.tsx';
import PricingPlansPage from './PricingPlansPage.tsx';
import { formatPlanMoney } from './api.ts';

const plansIn = (currency: PlanCurrency) => ({ currency, plans: PLAN_IDS.map((id) => planWithPrices(id, currency)) });

describe('/subscriptions Pricing Plans (issue 30)', () => {
  it('shows the four plans, the popular flag, and each plan’s price per month and total for the chosen duration', async () => {
    server.use(answer(endpoints.plans.list, plansIn('USD')));
    renderInRouter(<PricingPlansPage />, '/subscriptions');
    const list = await screen.findByRole('list', { name: 'Plans' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Basic', 'Premium Most popular', 'Premium Plus', 'Ultimate']);
    // One year by default.
    expect(screen.getByTestId('price-premium').textContent).toContain(
      formatPlanMoney(planMonthlyCents('premium', '1_year'), 'USD'),
    );
    expect(screen.getByTestId('total-premium').textContent).toContain(
      formatPlanMoney(planPriceCents('premium', '1_year'), 'USD'),
    );
    fireEvent.click(screen.getByRole('button', { name: '2 years' }));
    expect(screen.getByTestId('total-ultimate').textContent).toBe(
      `${formatPlanMoney(planPriceCents('ultimate', '2_year'), 'USD')} for 2 years, prepaid`,
    );
    expect(screen.getByRole('link', { name: 'Choose Premium' }).getAttribute('href')).toBe(
      '/subscriptions/plans?plan=premium&duration=2_year',
    );
  });

  it('shows a Canadian business its prices in CAD', async () => {
    server.use(answer(endpoints.plans.list, plansIn('CAD')));
    renderInRouter(<PricingPlansPage />, '/subscriptions');
    await screen.findByRole('list', { name: 'Plans' });
    expect(screen.getByTestId('price-basic').textContent).toContain(
      formatPlanMoney(planMonthlyCents('basic', '1_year', 'CAD'), 'CAD'),
    );
    expect(screen.getByText(/Prices in CAD/)).toBeTruthy();
  });

  it('has no axe violations', async () => {
    server.use(answer(endpoints.plans.list, plansIn('USD')));
    renderInRouter(<PricingPlansPage />, '/subscriptions');
    await screen.findByRole('list', { name: 'Plans' });
    // Outside its layout (no main landmark here): 'region' is the layout's.
    const results = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([]);
  });
});
