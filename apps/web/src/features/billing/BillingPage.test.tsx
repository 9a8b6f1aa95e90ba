import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { endpoints } from '@portal/contracts/endpoints/index';
import type { PortalUser } from '@portal/contracts/permissions';
import { PAYMENT_METHOD_TEXTS, cardExpiryYears } from '@portal/contracts/payment-methods';
import { messages } from '@portal/contracts/messages';
import { REFUSAL_CODES } from '@portal/contracts/refusals';
import type { PaymentCard } from '@portal/contracts';
import { accountant, billingSummary, owner, purchaser, savedBankAccount, savedCard } from '../../test/fixtures.ts';
import { answer, outage, refused, signedInAs } from '../../test/handlers.ts';
import { renderRoutes } from '../../test/render.tsx';
import { sentRequests, server } from '../../test/server.ts';
import { choose, typeInto } from '../../test/events.ts';
import { alerts, alertStore } from '../../components/alerts.ts';
import BillingPage from './BillingPage.tsx';

const year = cardExpiryYears()[3]!;
const yy = String(year % 100).padStart(2, '0');

const visa = savedCard({ id: 'card-1', is_main: true, expiration_date: `12/${yy}` });
const bank = savedBankAccount({
  id: 'bank-1',
  name: 'Northside Auto Sound LLC',
  createdAt: '2026-01-03T00:00:00.000Z',
});
const mastercard = savedCard({
  id: 'card-2',
  number: '**** 4444',
  brand: 'mastercard',
  last4: '4444',
  name: 'Gary Lindqvist',
});

/** The server with these methods saved; returns the list it answers, which a test may change. */
function serve(user: PortalUser, saved: PaymentCard[] = [visa, bank]) {
  const list = { methods: saved };
  server.use(
    signedInAs(user),
    answer(endpoints.paymentMethods.list, () => list.methods),
    answer(endpoints.billing.summary, billingSummary),
  );
  return list;
}

const renderPage = () => renderRoutes([{ path: '/billing', Component: BillingPage }], '/billing');

const row = async (name: string) => (await screen.findByRole('heading', { level: 3, name })).closest('li')!;
const dialog = () => screen.findByRole('dialog', { hidden: true });
const press = (scope: HTMLElement, name: string) =>
  fireEvent.click(within(scope).getByRole('button', { name, hidden: true }));
const sent = (method: string, path: string) =>
  sentRequests().find((request) => request.method === method && request.path === path);
const alertTexts = () => alertStore.get().flatMap((alert) => alert.content);

afterEach(() => alerts.clear());

describe('/billing: who may see it (spec 01 §6)', () => {
  it('an installer is told, and the page never asks for cards', async () => {
    serve(purchaser);
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: /Billing is for the business’s owner/ })).toBeTruthy();
    expect(sentRequests().map((request) => request.path)).toEqual(['/api/session']);
  });

  it('the accountant sees the cards and bank accounts', async () => {
    serve(accountant);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing' })).toBeTruthy();
    expect(await row('Visa **** 4242')).toBeTruthy();
  });
});

describe('/billing: the account from the ledger (issue 19 item 4)', () => {
  it('shows the balance, credit limit and what is left, past due (marked), open, counts, credit and discount', async () => {
    serve(accountant);
    renderPage();
    const account = await screen.findByRole('region', { name: 'Account' });
    await within(account).findByText('$4,520.00');
    const figures = [...account.querySelectorAll('.billing-figure')].map((figure) => figure.textContent);
    expect(figures).toEqual([
      'Account balance$4,520.00What the business owes on its invoices',
      'Credit limit$10,000.00$5,480.00 left to buy on terms',
      'Past due$1,200.002 invoices past due',
      'Open, not yet due$3,320.003 open invoices',
      'Invoices9All invoices',
      'Credit memos left$150.001 open credit memo',
      'Discount available now$44.00On 2 invoices paid in full early',
    ]);
    expect(account.querySelector('.billing-figure.is-alert')!.textContent).toContain('Past due');
    expect(within(account).getByRole('link', { name: '2 invoices past due' }).getAttribute('href')).toBe(
      '/invoice?status=pastDue',
    );
    expect(within(account).getByRole('link', { name: 'Pay invoices' }).getAttribute('href')).toBe('/invoice-payment');
    expect(within(account).getByRole('link', { name: 'Invoices' }).getAttribute('href')).toBe('/invoice');
    expect(within(account).getByRole('link', { name: 'Credit memos' }).getAttribute('href')).toBe('/credit-memo');
    // The cards are still below it.
    expect(await row('Visa **** 4242')).toBeTruthy();
  });

  it('nothing past due is not marked', async () => {
    serve(owner);
    server.use(answer(endpoints.billing.summary, { ...billingSummary, pastDue: { amount: { amount: 0 }, count: 0 } }));
    renderPage();
    const account = await screen.findByRole('region', { name: 'Account' });
    expect(await within(account).findByText('Nothing past due')).toBeTruthy();
    expect(account.querySelector('.billing-figure.is-alert')).toBeNull();
  });

  it('a failed summary says so and asks again on Try again', async () => {
    serve(owner);
    let calls = 0;
    server.use(answer(endpoints.billing.summary, () => (++calls === 1 ? outage(500) : billingSummary)));
    renderPage();
    const account = await screen.findByRole('region', { name: 'Account' });
    fireEvent.click(await within(account).findByRole('button', { name: 'Try again' }));
    expect(await within(account).findByText('$4,520.00')).toBeTruthy();
  });
});

describe('/billing: the cards and bank accounts (spec 02 §3, §4)', () => {
  it('shows each one with its badges and only the actions it allows', async () => {
    serve(owner);
    renderPage();
    const card = within(await row('Visa **** 4242'));
    expect(card.getByText('Main')).toBeTruthy();
    expect(card.getByText(`Expires 12/${yy} · Dana Whitfield`)).toBeTruthy();
    expect(card.queryByRole('button', { name: 'Make main: Visa **** 4242' })).toBeNull();
    expect(card.getByRole('button', { name: 'Edit Visa **** 4242' })).toBeTruthy();
    expect(card.getByRole('button', { name: 'Remove Visa **** 4242' })).toBeTruthy();

    const account = within(await row('Bank account **** 6789'));
    expect(account.getByText('Unverified')).toBeTruthy();
    expect(account.getByText('JPMorgan Chase Bank · Checking · Northside Auto Sound LLC')).toBeTruthy();
    expect(account.getByRole('button', { name: 'Verify Bank account **** 6789' })).toBeTruthy();
    // spec 02 §4: not usable, so not main, until verified.
    expect(account.queryByRole('button', { name: /^Make / })).toBeNull();
  });

  it('says so when there are none, with the add buttons', async () => {
    serve(owner, []);
    renderPage();
    expect(
      await screen.findByText('No cards or bank accounts yet. Add a card to pay for orders and invoices.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add a card' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add a bank account' })).toBeTruthy();
  });

  it('makes another card main through PATCH card/{id}', async () => {
    const list = serve(owner, [visa, mastercard]);
    server.use(
      answer(endpoints.paymentMethods.update, () => {
        list.methods = [
          { ...mastercard, is_main: true },
          { ...visa, is_main: false },
        ];
        return list.methods[0]!;
      }),
    );
    renderPage();
    fireEvent.click(
      within(await row('Mastercard **** 4444')).getByRole('button', { name: 'Make main: Mastercard **** 4444' }),
    );
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
        'Mastercard **** 4444',
        'Visa **** 4242',
      ]),
    );
    expect(within(screen.getAllByRole('listitem')[0]!).getByText('Main')).toBeTruthy();
    expect(within(screen.getAllByRole('listitem')[1]!).queryByText('Main')).toBeNull();
    expect(sent('PATCH', '/api/card/card-2')?.body).toEqual({ updates: { is_main: true } });
    expect(alertTexts()).toContain('Mastercard **** 4444 is now your main payment method.');
  });
});

describe('/billing: adding a card (spec 02 §3 card create payload, §5)', () => {
  it('checks the fields with the contract’s schema before sending anything', async () => {
    serve(owner);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a card' }));
    const form = within(await dialog());
    press(await dialog(), 'Save card');
    expect(await form.findByText(PAYMENT_METHOD_TEXTS.cardNumber)).toBeTruthy();
    expect(form.getByText(PAYMENT_METHOD_TEXTS.expiryMonth)).toBeTruthy();
    expect(form.getByText(PAYMENT_METHOD_TEXTS.cvv)).toBeTruthy();
    expect(form.getAllByText(messages.requiredField).length).toBeGreaterThan(0);
    expect(sent('POST', '/api/card')).toBeUndefined();
  });

  it('sends the card create payload, shows the new card and forgets the number', async () => {
    const list = serve(owner);
    server.use(
      answer(endpoints.paymentMethods.create, () => {
        list.methods = [...list.methods, mastercard];
        return mastercard;
      }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a card' }));
    const modal = await dialog();
    const form = within(modal);
    const number = form.getByLabelText('Card number');
    expect(number.getAttribute('autocomplete')).toBe('cc-number');
    expect(number.getAttribute('inputmode')).toBe('numeric');
    typeInto(number, '5555 5555 5555 4444');
    choose(form.getByLabelText('Expiry month'), '08');
    choose(form.getByLabelText('Expiry year'), String(year));
    expect(form.getByLabelText('Expiry year').querySelectorAll('option')).toHaveLength(26 + 1);
    typeInto(form.getByLabelText(/Security code/), '123');
    typeInto(form.getByLabelText('Name on card'), 'Gary Lindqvist');
    typeInto(form.getByLabelText('Street address'), '1450 Commerce Ave');
    typeInto(form.getByLabelText('City'), 'Columbus');
    choose(form.getByLabelText('State or province'), 'OH');
    typeInto(form.getByLabelText('ZIP or postal code'), '43215');
    fireEvent.click(form.getByLabelText('Make this my main card'));
    press(modal, 'Save card');

    expect(await row('Mastercard **** 4444')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
    expect(sent('POST', '/api/card')?.body).toEqual({
      isDefault: true,
      number: '5555555555554444',
      expMonth: 8,
      expYear: year,
      cvv: '123',
      name: 'Gary Lindqvist',
      streetAddress1: '1450 Commerce Ave',
      streetAddress2: '',
      city: 'Columbus',
      state: 'OH',
      postalCode: '43215',
      countryCode: 'US',
    });
    expect(alertTexts()).toContain('Mastercard **** 4444 is saved.');
    expect(JSON.stringify(window.localStorage)).not.toContain('4444');
  });

  it('puts the server’s field errors under the fields and its detail in the dialog', async () => {
    serve(owner);
    // Field errors as the server's schema words them; then the processor's refusal, one message.
    let reply = refused({ validation: [{ field: 'number', messages: [PAYMENT_METHOD_TEXTS.cardNumber] }] });
    server.use(answer(endpoints.paymentMethods.create, () => reply));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a card' }));
    const modal = await dialog();
    const form = within(modal);
    typeInto(form.getByLabelText('Card number'), '4242424242424241');
    choose(form.getByLabelText('Expiry month'), '12');
    choose(form.getByLabelText('Expiry year'), String(year));
    typeInto(form.getByLabelText(/Security code/), '123');
    typeInto(form.getByLabelText('Name on card'), 'Gary Lindqvist');
    typeInto(form.getByLabelText('Street address'), '1450 Commerce Ave');
    typeInto(form.getByLabelText('City'), 'Toronto');
    choose(form.getByLabelText('Country'), 'CA');
    // The provinces replace the states once the country is chosen.
    await form.findByRole('option', { name: 'Ontario', hidden: true });
    choose(form.getByLabelText('State or province'), 'ON');
    typeInto(form.getByLabelText('ZIP or postal code'), 'm5v 2t6');
    expect((form.getByLabelText('ZIP or postal code') as HTMLInputElement).value).toBe('M5V 2T6');
    press(modal, 'Save card');
    const error = await form.findByText(PAYMENT_METHOD_TEXTS.cardNumber);
    expect(error.id).toBe(form.getByLabelText('Card number').getAttribute('aria-describedby'));

    reply = refused(400, { detail: "Your card's security code is incorrect." });
    press(modal, 'Save card');
    expect((await form.findByRole('alert', { hidden: true })).textContent).toBe(
      "Your card's security code is incorrect.",
    );
  });
});

describe('/billing: bank accounts (spec 02 §3, §4)', () => {
  it('adds one with its type and owner', async () => {
    const list = serve(owner, [visa]);
    server.use(
      answer(endpoints.paymentMethods.createBankAccount, () => {
        list.methods = [visa, bank];
        return bank;
      }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a bank account' }));
    const modal = await dialog();
    const form = within(modal);
    typeInto(form.getByLabelText('Account holder’s name'), 'Northside Auto Sound LLC');
    choose(form.getByLabelText('Account type'), 'SAVINGS');
    typeInto(form.getByLabelText(/Routing number/), '110000000');
    typeInto(form.getByLabelText(/Account number/), '000123456789');
    press(modal, 'Save bank account');
    expect(await row('Bank account **** 6789')).toBeTruthy();
    expect(sent('POST', '/api/create-bank-account')?.body).toEqual({
      isDefault: false,
      accountHolderName: 'Northside Auto Sound LLC',
      accountType: 'SAVINGS',
      ownerType: 'COMPANY',
      routingNumber: '110000000',
      accountNumber: '000123456789',
    });
  });

  it('verifies with the two deposits; a wrong pair says how many tries are left', async () => {
    const list = serve(owner);
    server.use(
      answer(endpoints.paymentMethods.verifyBankAccount, ({ body: { amounts } }) => {
        if (amounts[0] !== 32 || amounts[1] !== 45)
          return refused(400, { detail: PAYMENT_METHOD_TEXTS.verificationRefused(2) });
        list.methods = [visa, { ...bank, status: 'verified' }];
        return list.methods[1]!;
      }),
    );
    renderPage();
    fireEvent.click(within(await row('Bank account **** 6789')).getByRole('button', { name: /^Verify/ }));
    const modal = await dialog();
    const form = within(modal);
    expect(form.getByText('Enter the two deposit amounts, in cents, from your bank statement.')).toBeTruthy();
    press(modal, 'Verify');
    expect((await form.findAllByText(PAYMENT_METHOD_TEXTS.depositAmount)).length).toBe(2);

    typeInto(form.getByLabelText('First deposit (cents)'), '12');
    typeInto(form.getByLabelText('Second deposit (cents)'), '34');
    press(modal, 'Verify');
    expect((await form.findByRole('alert', { hidden: true })).textContent).toBe(
      PAYMENT_METHOD_TEXTS.verificationRefused(2),
    );

    typeInto(form.getByLabelText('First deposit (cents)'), '32');
    typeInto(form.getByLabelText('Second deposit (cents)'), '45');
    press(modal, 'Verify');
    const account = within(await row('Bank account **** 6789'));
    expect(await account.findByText('Verified')).toBeTruthy();
    expect(account.queryByText('Unverified')).toBeNull();
    expect(account.getByRole('button', { name: 'Make main: Bank account **** 6789' })).toBeTruthy();
    expect(sent('POST', '/api/verify-bank-account')?.body).toEqual({ id: 'bank-1', amounts: [12, 34] });
    expect(alertTexts()).toContain('Bank account **** 6789 is verified.');
  });

  it('a locked one says so and offers no Verify', async () => {
    serve(owner, [visa, { ...bank, status: 'locked' }]);
    renderPage();
    const account = within(await row('Bank account **** 6789'));
    expect(account.getByText('Locked')).toBeTruthy();
    expect(account.queryByRole('button', { name: /^Verify/ })).toBeNull();
    expect(account.queryByRole('button', { name: /^Make / })).toBeNull();
  });
});

describe('/billing: editing and removing', () => {
  it('edits a card’s name, expiry and billing address through PATCH card/{id}', async () => {
    serve(owner);
    server.use(answer(endpoints.paymentMethods.update, visa));
    renderPage();
    fireEvent.click(within(await row('Visa **** 4242')).getByRole('button', { name: 'Edit Visa **** 4242' }));
    const modal = await dialog();
    const form = within(modal);
    expect((form.getByLabelText('Expiry year') as HTMLSelectElement).value).toBe(String(year));
    typeInto(form.getByLabelText('Name on card'), 'Dana W. Whitfield');
    choose(form.getByLabelText('Expiry month'), '01');
    typeInto(form.getByLabelText('ZIP or postal code'), '4321');
    press(modal, 'Save changes');
    expect(await form.findByText(PAYMENT_METHOD_TEXTS.postalCode)).toBeTruthy();
    typeInto(form.getByLabelText('ZIP or postal code'), '43216');
    press(modal, 'Save changes');
    await waitFor(() => expect(sent('PATCH', '/api/card/card-1')?.body).toBeTruthy());
    expect(sent('PATCH', '/api/card/card-1')?.body).toEqual({
      updates: {
        name: 'Dana W. Whitfield',
        expMonth: 1,
        expYear: year,
        billing_info: { Address1: '1450 Commerce Ave', Address2: '', City: 'Columbus', State: 'OH', Zip5: '43216' },
      },
    });
  });

  it('renames a bank account’s holder through PATCH /api/update-bank-account', async () => {
    serve(owner);
    server.use(answer(endpoints.paymentMethods.updateBankAccount, () => bank));
    renderPage();
    fireEvent.click(within(await row('Bank account **** 6789')).getByRole('button', { name: /^Edit/ }));
    const modal = await dialog();
    typeInto(within(modal).getByLabelText('Account holder’s name'), 'Northside Audio LLC');
    press(modal, 'Save changes');
    await waitFor(() =>
      expect(sent('PATCH', '/api/update-bank-account')?.body).toEqual({
        id: 'bank-1',
        updates: { accountHolderName: 'Northside Audio LLC' },
      }),
    );
  });

  it('asks before removing; a card goes through DELETE card/{id}, a bank account through delete-bank-account', async () => {
    const list = serve(owner);
    server.use(
      answer(endpoints.paymentMethods.remove, () => {
        list.methods = [bank];
        return { id: 'card-1', deleted: true };
      }),
      answer(
        endpoints.paymentMethods.deleteBankAccount,
        refused(404, { detail: PAYMENT_METHOD_TEXTS.notFound, code: REFUSAL_CODES.PAYMENT_METHOD_NOT_FOUND }),
      ),
    );
    renderPage();
    fireEvent.click(within(await row('Visa **** 4242')).getByRole('button', { name: 'Remove Visa **** 4242' }));
    let modal = await dialog();
    expect(within(modal).getByRole('heading', { name: 'Remove this card?', hidden: true })).toBeTruthy();
    press(modal, 'Cancel');
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
    expect(sent('DELETE', '/api/card/card-1')).toBeUndefined();

    fireEvent.click(within(await row('Visa **** 4242')).getByRole('button', { name: 'Remove Visa **** 4242' }));
    press(await dialog(), 'Remove');
    await waitFor(() => expect(screen.queryByRole('heading', { level: 3, name: 'Visa **** 4242' })).toBeNull());
    expect(alertTexts()).toContain('Visa **** 4242 is removed.');

    fireEvent.click(within(await row('Bank account **** 6789')).getByRole('button', { name: /^Remove/ }));
    modal = await dialog();
    press(modal, 'Remove');
    expect((await within(modal).findByRole('alert', { hidden: true })).textContent).toBe(PAYMENT_METHOD_TEXTS.notFound);
    expect(sent('DELETE', '/api/delete-bank-account')?.body).toEqual({ id: 'bank-1' });
  });
});
