import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { routes } from '@portal/contracts/endpoints/routes';
import { BILLING_TEXTS, type CreditMemo, type Invoice, type PayInvoicesRequest } from '@portal/contracts/billing';
import { PARTIAL_PAYMENT_NOT_ALLOWED, PAYMENT_ERROR } from '@portal/contracts/checkout-rules';
import { REFUSAL_CODES } from '@portal/contracts/refusals';
import type { PaymentCard } from '@portal/contracts';
import { accountant, installer } from '../../test/fixtures.ts';
import { json, signedInAs } from '../../test/handlers.ts';
import { typeInto } from '../../test/events.ts';
import { renderRoutes } from '../../test/render.tsx';
import { sentRequests, server } from '../../test/server.ts';
import { WEB_STORAGE_KEYS } from '../../lib/storage.ts';
import InvoicePaymentPage from './InvoicePaymentPage.tsx';
import { PAYMENT_TEXTS } from './paymentPlan.ts';
import {
  connection,
  invoice,
  invoiceId,
  mastercard,
  memo,
  memoConnection,
  memoId,
  receipt,
  unverifiedBank,
  visa,
} from './testFixtures.ts';

const DECLINED = 'This transaction has been declined.';
const PAY = routes.billing.pay.path;

interface Ledger {
  unpaid?: Invoice[];
  memos?: CreditMemo[];
  methods?: PaymentCard[];
  /** The answers to pay-invoice, one per call (the last repeats). */
  answers?: (() => Response)[];
}

/** The server: the accountant's session, what is owed, open credit memos, cards; pay-invoice as told. */
function serve({ unpaid = [], memos = [], methods = [visa, mastercard, unverifiedBank], answers = [] }: Ledger) {
  const calls: { key: string | null; body: PayInvoicesRequest }[] = [];
  const ledger = { unpaid };
  server.use(
    signedInAs(accountant),
    http.post(routes.billing.invoices.path, () => json(200, connection(ledger.unpaid))),
    http.post(routes.billing.creditMemos.path, () => json(200, memoConnection(memos))),
    http.get(routes.paymentMethods.list.path, () => json(200, methods)),
    http.post(PAY, async ({ request }) => {
      calls.push({ key: request.headers.get('idempotency-key'), body: (await request.json()) as PayInvoicesRequest });
      const answer = answers[Math.min(calls.length - 1, answers.length - 1)];
      return answer ? answer() : json(201, receipt);
    }),
  );
  return { calls, ledger };
}

const renderPage = (path = '/invoice-payment') =>
  renderRoutes(
    [
      { path: '/invoice-payment', Component: InvoicePaymentPage },
      { path: '/invoice-payment/complete', Component: () => <h1>Payment Complete</h1> },
    ],
    path,
  ).router;

const withIds = (...ns: number[]) => `/invoice-payment?ids=${ns.map(invoiceId).join(',')}`;
const amountOf = (number: string) => screen.getByLabelText(`Amount to pay on ${number}`) as HTMLInputElement;
const summary = () => screen.getByRole('complementary', { name: 'Summary' }).querySelector('dl')!.textContent;
const payButton = () => within(screen.getByRole('complementary', { name: 'Summary' })).getByRole('button');

describe('/invoice-payment: choosing and the sums (spec 02 §4)', () => {
  it('the invoices chosen in the address start at their payoff, with the discount where it holds', async () => {
    serve({ unpaid: [invoice(2, { discount: true }), invoice(3, { status: 'pastDue' }), invoice(4)] });
    renderPage(withIds(2, 3));
    await waitFor(() => expect(amountOf('INV-200002').value).toBe('196.00'));
    expect(amountOf('INV-200003').value).toBe('300.00');
    // Not chosen: no amount.
    expect(screen.queryByLabelText('Amount to pay on INV-200004')).toBeNull();
    expect((screen.getByRole('checkbox', { name: 'Pay INV-200004' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('$4.00 discount included')).toBeTruthy();
    // The list of what is owed is asked once, due soonest first.
    expect(sentRequests().find((r) => r.path === routes.billing.invoices.path)?.body).toEqual({
      first: 100,
      unpaid: true,
      sort: 'due_date',
      direction: 'asc',
    });
    expect(summary()).toBe('Invoices (2)$496.00Early-pay discount taken$4.00Credit applied$0.00To charge$496.00');
    expect(payButton().textContent).toBe('Pay $496.00');
  });

  it('a partial payment takes no discount; ticking and unticking changes the sums and the address', async () => {
    serve({ unpaid: [invoice(2, { discount: true }), invoice(3)] });
    const router = renderPage(withIds(2));
    await waitFor(() => expect(amountOf('INV-200002').value).toBe('196.00'));
    typeInto(amountOf('INV-200002'), '100');
    await waitFor(() => expect(summary()).toBe('Invoices (1)$100.00Credit applied$0.00To charge$100.00'));
    expect(screen.getByText('Partial payment: no discount')).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Pay INV-200003' }));
    await waitFor(() => expect(summary()).toBe('Invoices (2)$400.00Credit applied$0.00To charge$400.00'));
    expect(new URLSearchParams(router.state.location.search).get('ids')).toBe(`${invoiceId(2)},${invoiceId(3)}`);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Pay INV-200002' }));
    await waitFor(() => expect(summary()).toBe('Invoices (1)$300.00Credit applied$0.00To charge$300.00'));
    // Chosen again, it keeps what was typed.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pay INV-200002' }));
    await waitFor(() => expect(amountOf('INV-200002').value).toBe('100'));
  });

  it('applies a credit memo (what is owed at most), and the rest is charged', async () => {
    serve({ unpaid: [invoice(1)], memos: [memo(3)] });
    renderPage(withIds(1));
    await waitFor(() => expect(amountOf('INV-200001').value).toBe('100.00'));
    fireEvent.click(screen.getByRole('checkbox', { name: /Apply CM-300003/ }));
    const credit = (await screen.findByLabelText('Amount to apply from CM-300003')) as HTMLInputElement;
    // $150.00 left, $100.00 owed: $100.00 of it.
    expect(credit.value).toBe('100.00');
    await waitFor(() => expect(summary()).toBe('Invoices (1)$100.00Credit applied−$100.00To charge$0.00'));
    expect(screen.getByText('The credit covers it all: nothing is charged.')).toBeTruthy();
    typeInto(credit, '40');
    await waitFor(() => expect(summary()).toBe('Invoices (1)$100.00Credit applied−$40.00To charge$60.00'));
  });

  it('without invoices chosen, says how to choose them', async () => {
    serve({ unpaid: [invoice(1)] });
    renderPage();
    expect(await screen.findByText(/No invoices chosen yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'invoice list' }).getAttribute('href')).toBe('/invoice');
    expect((payButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('with nothing owed, says so and where to go', async () => {
    serve({ unpaid: [] });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Nothing to pay' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Invoices' }).getAttribute('href')).toBe('/invoice');
  });

  it('an unverified bank account is listed but can not be chosen, and says why', async () => {
    serve({ unpaid: [invoice(1)] });
    renderPage(withIds(1));
    const bank = (await screen.findByRole('radio', { name: /Bank account \*\*\*\* 6789/ })) as HTMLInputElement;
    expect(bank.disabled).toBe(true);
    expect(bank.closest('label')!.textContent).toContain('Not verified yet: verify it under Billing');
    // The main card is chosen for the person.
    await waitFor(() =>
      expect((screen.getByRole('radio', { name: /Visa \*\*\*\* 4242/ }) as HTMLInputElement).checked).toBe(true),
    );
  });

  it('an installer is told Billing is not theirs', async () => {
    server.use(signedInAs(installer));
    renderPage(withIds(1));
    const heading = await screen.findByRole('heading', { level: 2, name: /Billing is for the business’s owner/ });
    // Said once: the paragraph under it does not repeat the heading (issue 27 §12).
    expect(heading.nextElementSibling!.textContent).not.toContain(heading.textContent!);
  });
});

describe('/invoice-payment: the form’s checks (contract texts)', () => {
  it('refuses nothing, more than the payoff, and a part of an invoice paid in full only; nothing is sent', async () => {
    const { calls } = serve({ unpaid: [invoice(1), invoice(2), invoice(3, { partialPaymentAllowed: false })] });
    renderPage(withIds(1, 2, 3));
    await waitFor(() => expect(amountOf('INV-200003').value).toBe('300.00'));
    expect(amountOf('INV-200003').readOnly).toBe(true);
    expect(screen.getByText('Paid in full only')).toBeTruthy();
    typeInto(amountOf('INV-200001'), '0');
    typeInto(amountOf('INV-200002'), '200.01');
    fireEvent.click(payButton());
    expect(await screen.findByText(BILLING_TEXTS.amountPositive)).toBeTruthy();
    expect(screen.getByText(BILLING_TEXTS.amountOverPayoff)).toBeTruthy();
    expect(amountOf('INV-200001').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);

    typeInto(amountOf('INV-200001'), 'abc');
    await waitFor(() => expect(screen.getAllByText(BILLING_TEXTS.amountDollars)).toHaveLength(1));
    typeInto(amountOf('INV-200001'), '50');
    typeInto(amountOf('INV-200002'), '200');
    await waitFor(() => expect(screen.queryByText(BILLING_TEXTS.amountOverPayoff)).toBeNull());
  });

  it('an amount that is no amount of money (100.005) or is over the payoff shows no total and no sum on Pay (issue 27 §6)', async () => {
    serve({ unpaid: [invoice(1), invoice(2)] });
    renderPage(withIds(1, 2));
    await waitFor(() => expect(amountOf('INV-200001').value).toBe('100.00'));
    expect(screen.getByRole('columnheader', { name: /Amount to pay \(dollars and cents\)/ })).toBeTruthy();
    typeInto(amountOf('INV-200001'), '100.005');
    await waitFor(() => expect(payButton().textContent).toBe('Pay'));
    expect(screen.getByText('Correct the amounts above to see what will be charged.')).toBeTruthy();
    expect(screen.queryByText('To charge')).toBeNull();
    fireEvent.click(payButton());
    expect(await screen.findByText(BILLING_TEXTS.amountDollars)).toBeTruthy();
    // Over the payoff: its error, and Pay does not name a sum that can not be paid.
    typeInto(amountOf('INV-200001'), '100.00');
    typeInto(amountOf('INV-200002'), '500.00');
    expect(await screen.findByText(BILLING_TEXTS.amountOverPayoff)).toBeTruthy();
    expect(payButton().textContent).toBe('Pay');
    typeInto(amountOf('INV-200002'), '200.00');
    await waitFor(() => expect(payButton().textContent).toMatch(/^Pay \$/));
  });

  it('credit worth more than the invoices is refused before sending', async () => {
    const { calls } = serve({ unpaid: [invoice(1)], memos: [memo(3)] });
    renderPage(withIds(1));
    await waitFor(() => expect(amountOf('INV-200001').value).toBe('100.00'));
    fireEvent.click(screen.getByRole('checkbox', { name: /Apply CM-300003/ }));
    typeInto(await screen.findByLabelText('Amount to apply from CM-300003'), '120');
    expect(await screen.findByText(BILLING_TEXTS.creditOverTotal)).toBeTruthy();
    typeInto(screen.getByLabelText('Amount to apply from CM-300003'), '150.01');
    fireEvent.click(payButton());
    expect(await screen.findByText(BILLING_TEXTS.creditOverLeft)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('with something to charge and no usable card, asks for one', async () => {
    const { calls } = serve({ unpaid: [invoice(1)], methods: [unverifiedBank] });
    renderPage(withIds(1));
    await waitFor(() => expect(amountOf('INV-200001').value).toBe('100.00'));
    fireEvent.click(payButton());
    expect(await screen.findByText(BILLING_TEXTS.paymentMethodRequired)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});

describe('/invoice-payment: paying (idempotent, spec 02 §8 errors)', () => {
  it('sends the amounts, credit and card with an Idempotency-Key, keeps the receipt and opens it', async () => {
    const { calls } = serve({ unpaid: [invoice(2, { discount: true }), invoice(3)], memos: [memo(1)] });
    const router = renderPage(withIds(2, 3));
    await waitFor(() => expect(amountOf('INV-200003').value).toBe('300.00'));
    typeInto(amountOf('INV-200003'), '100');
    fireEvent.click(screen.getByRole('checkbox', { name: /Apply CM-300001/ }));
    await screen.findByLabelText('Amount to apply from CM-300001');
    await waitFor(() =>
      expect(summary()).toBe('Invoices (2)$296.00Early-pay discount taken$4.00Credit applied−$50.00To charge$246.00'),
    );
    fireEvent.click(payButton());
    expect(await screen.findByText('Paying… Please keep this page open.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoice-payment/complete'));

    expect(calls).toHaveLength(1);
    expect(calls[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls[0]!.body).toEqual({
      invoices: [
        { id: invoiceId(2), paymentAmount: 19_600 },
        { id: invoiceId(3), paymentAmount: 10_000 },
      ],
      creditMemos: [{ id: memoId(1), amount: 5_000 }],
      paymentMethodId: 'card-1',
      expectedTotal: 24_600,
    });
    expect(JSON.parse(window.localStorage.getItem(WEB_STORAGE_KEYS.invoiceReceipt)!)).toEqual(receipt);
  });

  it('credit that covers it all sends no card', async () => {
    const { calls } = serve({ unpaid: [invoice(1)], memos: [memo(2)] });
    renderPage(withIds(1));
    await waitFor(() => expect(amountOf('INV-200001').value).toBe('100.00'));
    fireEvent.click(screen.getByRole('checkbox', { name: /Apply CM-300002/ }));
    await screen.findByLabelText('Amount to apply from CM-300002');
    await waitFor(() => expect(payButton().textContent).toBe('Pay with credit'));
    fireEvent.click(payButton());
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({
      invoices: [{ id: invoiceId(1), paymentAmount: 10_000 }],
      creditMemos: [{ id: memoId(2), amount: 10_000 }],
      expectedTotal: 0,
    });
  });

  it('a declined card shows the processor’s words, marks the card, and another card is a new attempt', async () => {
    const { calls } = serve({
      unpaid: [invoice(1)],
      answers: [() => json(402, { detail: DECLINED, code: PAYMENT_ERROR }), () => json(201, receipt)],
    });
    const router = renderPage(withIds(1));
    await waitFor(() => expect(amountOf('INV-200001').value).toBe('100.00'));
    await waitFor(() => expect((screen.getByRole('radio', { name: /Visa/ }) as HTMLInputElement).checked).toBe(true));
    fireEvent.click(payButton());

    const alert = await screen.findByText(DECLINED);
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Visa/ }).closest('label')!.textContent).toContain('Not accepted');
    expect(router.state.location.pathname).toBe('/invoice-payment');
    expect(window.localStorage.getItem(WEB_STORAGE_KEYS.invoiceReceipt)).toBeNull();

    // The same card again is not sent; another one is, under a new key.
    fireEvent.click(payButton());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(1);
    fireEvent.click(screen.getByRole('radio', { name: /Mastercard/ }));
    fireEvent.click(payButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoice-payment/complete'));
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body.paymentMethodId).toBe('card-2');
    expect(calls[1]!.key).not.toBe(calls[0]!.key);
  });

  it('no answer: the retry of the same payment goes under the same key', async () => {
    const { calls } = serve({
      unpaid: [invoice(1)],
      answers: [() => HttpResponse.error(), () => json(201, receipt)],
    });
    const router = renderPage(withIds(1));
    await waitFor(() => expect((screen.getByRole('radio', { name: /Visa/ }) as HTMLInputElement).checked).toBe(true));
    fireEvent.click(payButton());
    expect(await screen.findByText(PAYMENT_TEXTS.noAnswer)).toBeTruthy();
    fireEvent.click(payButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoice-payment/complete'));
    expect(calls).toHaveLength(2);
    expect(calls[1]!.key).toBe(calls[0]!.key);
  });

  it('a refusal is placed by its code: words the page has never seen, coded CARD_EXPIRED, show under Pay with', async () => {
    const words = 'Words the page has never seen about this card.';
    const { calls } = serve({
      unpaid: [invoice(1)],
      answers: [() => json(400, { detail: words, code: REFUSAL_CODES.CARD_EXPIRED })],
    });
    renderPage(withIds(1));
    const visa = (await screen.findByRole('radio', { name: /Visa/ })) as HTMLInputElement;
    await waitFor(() => expect(visa.checked).toBe(true));
    const methodsAsked = () => sentRequests().filter((r) => r.path === routes.paymentMethods.list.path).length;
    const asked = methodsAsked();
    fireEvent.click(payButton());
    const error = await within(screen.getByRole('group', { name: 'Pay with' })).findByText(words);
    expect(screen.getByRole('group', { name: 'Pay with' }).getAttribute('aria-describedby')).toContain(error.id);
    // Not in the summary's problem area; the cards and bank accounts are asked again.
    expect(within(screen.getByRole('complementary', { name: 'Summary' })).queryByRole('alert')).toBeNull();
    await waitFor(() => expect(methodsAsked()).toBeGreaterThan(asked));
    expect(calls).toHaveLength(1);
  });

  it('PARTIAL_PAYMENT_NOT_ALLOWED shows its own message at the invoices', async () => {
    serve({
      unpaid: [invoice(1)],
      answers: [() => json(400, { detail: 'Partial payment not allowed.', code: PARTIAL_PAYMENT_NOT_ALLOWED })],
    });
    renderPage(withIds(1));
    await waitFor(() => expect((screen.getByRole('radio', { name: /Visa/ }) as HTMLInputElement).checked).toBe(true));
    typeInto(amountOf('INV-200001'), '50');
    fireEvent.click(payButton());
    const message = await screen.findByText(BILLING_TEXTS.partialNotAllowed);
    expect(message.closest('[role="alert"]')).toBeTruthy();
  });

  it('the server’s field errors go next to their fields', async () => {
    serve({
      unpaid: [invoice(1), invoice(2)],
      answers: [
        () =>
          json(400, {
            validation: [
              { field: 'invoices.1.paymentAmount', messages: [BILLING_TEXTS.amountOverPayoff] },
              { field: 'expectedTotal', messages: ['Too small'] },
            ],
          }),
      ],
    });
    renderPage(withIds(1, 2));
    await waitFor(() => expect((screen.getByRole('radio', { name: /Visa/ }) as HTMLInputElement).checked).toBe(true));
    fireEvent.click(payButton());
    const error = await screen.findByText(BILLING_TEXTS.amountOverPayoff);
    expect(amountOf('INV-200002').getAttribute('aria-describedby')).toContain(error.id);
    expect(screen.getByText('expectedTotal: Too small')).toBeTruthy();
  });

  it('a ledger changed since (409) says so and shows the invoices as they are now', async () => {
    const { ledger } = serve({
      unpaid: [invoice(1, { discount: true })],
      answers: [() => json(409, { detail: BILLING_TEXTS.changedSinceShown, code: REFUSAL_CODES.CHANGED_SINCE_SHOWN })],
    });
    renderPage(withIds(1));
    await waitFor(() => expect(amountOf('INV-200001').value).toBe('98.00'));
    await waitFor(() => expect((screen.getByRole('radio', { name: /Visa/ }) as HTMLInputElement).checked).toBe(true));
    // The discount's window closed meanwhile.
    ledger.unpaid = [invoice(1)];
    fireEvent.click(payButton());
    expect(await screen.findByText(BILLING_TEXTS.changedSinceShown)).toBeTruthy();
    await waitFor(() => expect(amountOf('INV-200001').value).toBe('100.00'));
    expect(summary()).toBe('Invoices (1)$100.00Credit applied$0.00To charge$100.00');
  });
});
