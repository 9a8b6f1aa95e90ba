import type { Db } from '../db/client.ts';
import { createTestProcessor } from '../adapters/payments/test-processor.ts';
import { paymentMethods } from '../modules/payment-methods/schema.ts';

/**
 * DEMO-DATA.md: Northside Auto Sound has a main card and an unverified bank account; Lakeside a main
 * card. Made through the test processor, as the billing screen makes them, so the processor knows
 * their tokens (the bank account verifies with 32 and 45 cents).
 */
export async function seedPaymentMethods(db: Db, bpIdByCode: Map<string, string>) {
  const processor = createTestProcessor(db);
  const expYear = new Date().getUTCFullYear() + 3;
  const card = async (
    sapBpCode: string,
    name: string,
    address: { street: string; city: string; state: string; zip: string },
  ) => {
    const tokenized = await processor.tokenizeCard({
      number: '4242424242424242',
      expMonth: 12,
      expYear,
      cvv: '123',
      name,
      postalCode: address.zip,
      country: 'US',
    });
    await db.insert(paymentMethods).values({
      businessPartnerId: bpIdByCode.get(sapBpCode)!,
      type: 'CARD',
      processorToken: tokenized.token,
      brand: tokenized.brand,
      last4: tokenized.last4,
      expMonth: tokenized.expMonth,
      expYear: tokenized.expYear,
      name,
      streetAddress1: address.street,
      streetAddress2: '',
      city: address.city,
      state: address.state,
      postalCode: address.zip,
      country: 'US',
      isMain: true,
      status: 'verified',
    });
  };
  await card('C100234', 'Dana Whitfield', { street: '1450 Commerce Ave', city: 'Columbus', state: 'OH', zip: '43215' });
  await card('C100310', 'Lakeside Remote Start', {
    street: '88 Shoreline Dr',
    city: 'Madison',
    state: 'WI',
    zip: '53703',
  });
  const bank = await processor.createBankAccount({
    accountHolderName: 'Northside Auto Sound LLC',
    accountType: 'CHECKING',
    ownerType: 'COMPANY',
    routingNumber: '110000000',
    accountNumber: '000123456789',
  });
  await db.insert(paymentMethods).values({
    businessPartnerId: bpIdByCode.get('C100234')!,
    type: 'BANK_ACCOUNT',
    processorToken: bank.token,
    brand: 'bank_account',
    last4: bank.last4,
    name: 'Northside Auto Sound LLC',
    country: 'US',
    status: 'unverified',
    bankName: bank.bankName,
    accountType: 'CHECKING',
    ownerType: 'COMPANY',
  });
}
