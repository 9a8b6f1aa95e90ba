import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { BillingSummary, CreditMemoConnection, Invoice, InvoiceConnection } from '@portal/contracts/billing';
import { formatMoney } from '@portal/contracts/format';
import { openProfileMenu, signInAs } from './auth-helpers.ts';
import { expectAccessible } from './a11y.ts';
import { apiAs } from './ledger.ts';

/** The business's unpaid invoices and open credit memos as the ledger answers them (DEMO-DATA: Northside). */
async function ledgerOf(page: Page) {
  const invoices = (await (
    await page.request.post('/api/invoices', { data: { unpaid: true } })
  ).json()) as InvoiceConnection;
  const memos = (await (
    await page.request.post('/api/credit-memos', { data: { open: true } })
  ).json()) as CreditMemoConnection;
  const summary = (await (await page.request.get('/api/billing-summary')).json()) as BillingSummary;
  return { invoices: invoices.edges.map((e) => e.node), memos: memos.edges.map((e) => e.node), summary };
}

const inWindow = (invoice: Invoice) => invoice.payoffAmount.amount < invoice.open_amount.amount;

test.describe('invoices and invoice payment (issue 19)', () => {
  test.describe.configure({ mode: 'serial' });

  test('the accountant pays two invoices with a credit memo and the early-pay discount, and sees the receipt and the new balance', async ({
    page,
  }) => {
    await signInAs(page, 'accountant@demo.test', '/billing');
    const account = page.getByRole('region', { name: 'Account', exact: true });
    await expect(account).toBeVisible();
    const before = await ledgerOf(page);
    await expect(account).toContainText(formatMoney(before.summary.accountBalance.amount));
    // DEMO-DATA: open invoices, one or more inside their early-pay window, and a credit memo with credit left.
    const discounted = before.invoices.find(inWindow)!;
    const full = before.invoices.find((invoice) => !inWindow(invoice) && invoice.id !== discounted.id)!;
    const memo = before.memos[0]!;
    expect(discounted && full && memo).toBeTruthy();

    await page.getByRole('link', { name: 'Invoices', exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
    await expectAccessible(page);

    await page.goto('/invoice-payment');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('checkbox', { name: `Pay ${discounted.number}` }).check();
    await page.getByRole('checkbox', { name: `Pay ${full.number}` }).check();
    await page.getByRole('checkbox', { name: new RegExp(`Apply ${memo.number}`) }).check();
    const summary = page.getByRole('complementary', { name: 'Summary' });
    await expect(summary).toContainText('Early-pay discount taken');
    const invoicesCents = discounted.payoffAmount.amount + full.payoffAmount.amount;
    const creditCents = Math.min(memo.amount_left.amount, invoicesCents);
    await expect(summary).toContainText(formatMoney(invoicesCents));
    await expect(summary).toContainText(`−${formatMoney(creditCents)}`);
    await page.getByRole('radio', { name: /^Visa \*\*\*\* 4242/ }).check();
    // A typo is no amount (issue 27 §6): no total and no sum on Pay until it is one; then as before.
    const amounts = [discounted, full].map((i) => page.getByLabel(`Amount to pay on ${i.number}`));
    const amount = (await amounts[0]!.isEditable()) ? amounts[0]! : amounts[1]!;
    await expect(amount).toBeEditable();
    const typed = await amount.inputValue();
    await amount.fill(`${typed}5`);
    await expect(summary).toContainText('Correct the amounts above to see what will be charged.');
    await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeVisible();
    await amount.fill(typed);
    await expectAccessible(page);
    await page.getByRole('button', { name: `Pay ${formatMoney(invoicesCents - creditCents)}` }).click();

    await expect(page).toHaveURL('/invoice-payment/complete');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Complete' })).toBeVisible();
    const paid = page.getByRole('region', { name: 'Invoices paid' });
    await expect(paid).toContainText(discounted.number);
    await expect(paid).toContainText(full.number);
    const after = await ledgerOf(page);
    // The balance shown is the ledger's: both invoices settled in full, the discount included.
    expect(after.summary.accountBalance.amount).toBe(
      before.summary.accountBalance.amount - discounted.open_amount.amount - full.open_amount.amount,
    );
    await expect(page.getByText(formatMoney(after.summary.accountBalance.amount)).first()).toBeVisible();
    await expectAccessible(page);
    // A reload still shows the receipt (kept in this browser).
    await page.reload();
    await expect(page.getByRole('region', { name: 'Invoices paid' })).toContainText(discounted.number);
    expect(after.invoices.map((invoice) => invoice.id)).not.toContain(discounted.id);
    expect(after.invoices.map((invoice) => invoice.id)).not.toContain(full.id);
  });

  test('a declined card changes nothing', async ({ page, baseURL }) => {
    // A card the test processor declines (…0002), saved for the business by its owner.
    const owner = await apiAs(baseURL!, 'owner@demo.test');
    const added = await owner.post('/api/card', {
      data: {
        number: '4000000000000002',
        expMonth: '11',
        expYear: String(new Date().getUTCFullYear() + 3),
        cvv: '123',
        name: 'Declined Card',
        streetAddress1: '1450 Commerce Ave',
        city: 'Columbus',
        state: 'OH',
        postalCode: '43215',
        countryCode: 'US',
      },
    });
    expect(added.status(), await added.text()).toBe(201);
    await owner.dispose();

    await signInAs(page, 'accountant@demo.test', '/invoice-payment');
    const before = await ledgerOf(page);
    const invoice = before.invoices[0]!;
    await page.getByRole('checkbox', { name: `Pay ${invoice.number}` }).check();
    await page.getByRole('radio', { name: /^Visa \*\*\*\* 0002/ }).check();
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'This transaction has been declined.' })).toBeVisible();
    await expect(page).toHaveURL(/\/invoice-payment(\?|$)/);
    const after = await ledgerOf(page);
    expect(after.summary.accountBalance).toEqual(before.summary.accountBalance);
    const same = after.invoices.find((i) => i.id === invoice.id)!;
    expect(same.paid_against_invoice).toEqual(invoice.paid_against_invoice);
    expect(same.attemptedPaymentAmount).toEqual(invoice.payoffAmount);
  });

  test('the owner exports the invoices as CSV', async ({ page }) => {
    await signInAs(page, 'owner@demo.test', '/invoice');
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
    const all = (await (await page.request.post('/api/invoices', { data: {} })).json()) as InvoiceConnection;
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^invoices-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split(/\r\n/);
    expect(lines[0]).toBe('Number,Date,Due date,Status,Total,Paid,Open,Payoff');
    expect(lines).toHaveLength(all.totalCount + 1);
    for (const { node } of all.edges) expect(lines.some((line) => line.startsWith(`${node.number},`))).toBe(true);
  });

  test('a printed invoice names the seller and where it is billed and shipped (issue 27 §11)', async ({ page }) => {
    await signInAs(page, 'owner@demo.test', '/invoice');
    const all = (await (await page.request.post('/api/invoices', { data: {} })).json()) as InvoiceConnection;
    const withOrder = all.edges.map((e) => e.node).find((i) => i.order)!;
    await page.goto(`/invoice/${withOrder.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Invoice ${withOrder.number}` })).toBeVisible();
    const letterhead = page.locator('.print-letterhead');
    await expect(letterhead).toBeHidden(); // on screen the top bar says who we are
    await page.emulateMedia({ media: 'print' });
    await expect(letterhead).toBeVisible();
    await expect(letterhead).toContainText('Northwind Vehicle Systems, Inc.');
    await expect(letterhead).toContainText('Boise, ID 83705');
    await expect(page.getByText('Bill to')).toBeVisible();
    await expect(page.getByText('Ship to')).toBeVisible();
  });

  test('the owner exports the credit memos as CSV (issue 27 §11)', async ({ page }) => {
    await signInAs(page, 'owner@demo.test', '/credit-memo');
    await expect(page.getByRole('heading', { level: 1, name: 'Credit Memos' })).toBeVisible();
    const all = (await (await page.request.post('/api/credit-memos', { data: {} })).json()) as {
      totalCount: number;
      edges: { node: { number: string } }[];
    };
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^credit-memos-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split(/\r\n/);
    expect(lines[0]).toBe('Number,Date,Amount,Left,Reason,Invoice,Order');
    expect(lines).toHaveLength(all.totalCount + 1);
    for (const { node } of all.edges) expect(lines.some((line) => line.startsWith(`${node.number},`))).toBe(true);
  });

  test('an installer has no Billing and the calls refuse him', async ({ page }) => {
    await signInAs(page, 'installer@demo.test', '/billing');
    await expect(page.getByRole('heading', { level: 2, name: /Billing is for/ })).toBeVisible();
    const menu = await openProfileMenu(page, 'Marcus');
    await expect(menu.getByRole('link', { name: 'My Profile' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Billing', exact: true })).toHaveCount(0);
    for (const [method, url] of [
      ['GET', '/api/billing-summary'],
      ['POST', '/api/invoices'],
      ['POST', '/api/credit-memos'],
      ['POST', '/api/pay-invoice'],
    ] as const) {
      const response = await page.request.fetch(url, {
        method,
        data:
          url === '/api/pay-invoice'
            ? { invoices: [{ id: '00000000-0000-4000-8000-000000000000', paymentAmount: 100 }] }
            : method === 'POST'
              ? {}
              : undefined,
        headers: { 'idempotency-key': 'e2e-installer-key' },
      });
      expect(response.status(), `${method} ${url}`).toBe(403);
    }
  });
});
