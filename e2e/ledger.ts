import { expect, request, type APIRequestContext } from '@playwright/test';
import type { InvoiceConnection, PaymentCard } from '@portal/contracts';
import { DEMO_PASSWORD } from './auth-helpers.ts';

/** An API client signed in as a demo account, apart from any page (its own cookies). */
export async function apiAs(baseURL: string, email: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  const response = await api.post('/api/auth/sign-in', { data: { email, password: DEMO_PASSWORD, rememberMe: false } });
  expect(response.status(), `sign-in of ${email}`).toBe(200);
  return api;
}

/**
 * Northside's accountant pays whatever is past due with the business's card (DEMO-DATA has past-due
 * invoices, and terms are refused while there are): for journeys that buy on terms.
 */
export async function payPastDue(baseURL: string) {
  const api = await apiAs(baseURL, 'accountant@demo.test');
  try {
    const pastDue = (await (
      await api.post('/api/invoices', { data: { status: 'pastDue' } })
    ).json()) as InvoiceConnection;
    if (pastDue.edges.length === 0) return;
    const card = ((await (await api.get('/api/card')).json()) as PaymentCard[]).find((m) => m.type === 'CARD');
    const paid = await api.post('/api/pay-invoice', {
      data: {
        invoices: pastDue.edges.map(({ node }) => ({ id: node.id, paymentAmount: node.payoffAmount.amount })),
        paymentMethodId: card!.id,
      },
      headers: { 'idempotency-key': `e2e-past-due-${Date.now()}` },
    });
    expect(paid.status(), await paid.text()).toBe(201);
  } finally {
    await api.dispose();
  }
}
