import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  endpoints,
  DEALER_REQUEST_TEXTS,
  messages,
  PERMISSION_GROUPS,
  type BodyOf,
  type DealerRequest,
  type DealerRequestInput,
  type DealerRequestList,
} from '@portal/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { mailsTo } from '../../../test/builders.ts';
import { signedInAs, testClient, unchecked } from '../../../test/client.ts';
import { users } from '../users/schema.ts';
import {
  businessPartnerAddresses,
  businessPartnerApprovedBrands,
  businessPartners,
} from '../business-partners/schema.ts';
import { brands } from '../catalog/schema.ts';
import { dealers, installers } from '../dealers/schema.ts';
import { DEALER_REQUEST_RATE_LIMITS } from './service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const client = () => testClient(t.app);
let serial = 0;
const application = (overrides: Partial<DealerRequestInput> = {}): DealerRequestInput => ({
  companyName: 'Riverbend Remote Start',
  firstName: 'Noor',
  lastName: "O'Hara-Smith",
  email: `Applicant-${++serial}@Example.com`,
  phoneCountry: 'USCA',
  phone: '(614) 555 - 0199',
  website: 'https://riverbend.example',
  streetAddress1: '12 Main St',
  streetAddress2: '',
  city: 'San Juan',
  country: 'US',
  countryArea: 'PR',
  postalCode: '00901',
  yearsInBusiness: '7',
  installerCount: 3,
  brandsOfInterest: ['northwind', 'arcticstart'],
  message: 'We install 40 remote starts a month.',
  ...overrides,
});

async function submit(body: DealerRequestInput, c = client()) {
  return c.call(endpoints.dealerRequests.submit, { body });
}
const signedIn = (email: string) => signedInAs(t.app, email);
const mailTo = (to: string) => mailsTo(t.db, to);

describe('POST /api/dealer-requests (public)', () => {
  it('stores the request and mails the sales inbox and the applicant', async () => {
    const body = application();
    const res = await submit(body);
    expect(res.statusCode).toBe(201);
    const { id, status } = res.json() as { id: string; status: string };
    expect(status).toBe('pending');
    const email = body.email.toLowerCase();
    const [toApplicant] = await mailTo(email);
    expect(toApplicant!.subject).toBe('We received your dealer request');
    expect(toApplicant!.text).toContain(id.slice(0, 8).toUpperCase());
    const [toSales] = (await mailTo(t.config.SALES_INBOX)).filter((m) => m.text.includes(id));
    expect(toSales!.replyTo).toBe(email);
    expect(toSales!.text).toContain('Phone: +1 (614) 555 - 0199');
    expect(toSales!.text).toContain('Brands of interest: northwind, arcticstart');
  });

  it('answers the spec messages word for word, per field', async () => {
    const res = await submit({
      ...application(),
      companyName: '  ',
      firstName: 'N00r',
      email: 'not-an-email',
      phone: '555-01',
      website: 'www.riverbend.example',
      yearsInBusiness: 'seven',
      installerCount: 2.5,
    });
    expect(res.statusCode).toBe(400);
    const fields = Object.fromEntries(
      (res.json() as { validation: { field: string; messages: string[] }[] }).validation.map((v) => [
        v.field,
        v.messages,
      ]),
    );
    expect(fields).toEqual({
      companyName: [messages.requiredField],
      firstName: [messages.personNameChars],
      email: [messages.emailInvalid],
      phone: [messages.phoneInvalid],
      website: [messages.urlInvalid],
      yearsInBusiness: [messages.mustBeNumber],
      installerCount: [messages.mustBeWholeNumber],
    });
  });

  it('requires the fields and checks region, postal code, numbers and brands', async () => {
    const empty = await submit(unchecked({}));
    const fields = (empty.json() as { validation: { field: string }[] }).validation.map((v) => v.field);
    expect(fields).toEqual(
      expect.arrayContaining(['companyName', 'firstName', 'email', 'phone', 'country', 'brandsOfInterest']),
    );
    const region = await submit(application({ country: 'CA', countryArea: 'PR', postalCode: 'K1A0B1' }));
    expect(region.json()).toEqual({
      validation: [{ field: 'countryArea', messages: [DEALER_REQUEST_TEXTS.regionInvalid] }],
    });
    const postal = await submit(application({ country: 'AU', countryArea: 'NSW', postalCode: '20000' }));
    expect(postal.json()).toEqual({
      validation: [{ field: 'postalCode', messages: [DEALER_REQUEST_TEXTS.postalCodeInvalid] }],
    });
    const tooMany = await submit(application({ installerCount: '1000', yearsInBusiness: '-1' }));
    expect(tooMany.json()).toEqual({
      validation: [
        { field: 'yearsInBusiness', messages: [messages.mustBeWholeNumber] },
        { field: 'installerCount', messages: [messages.lessThan(1000)] },
      ],
    });
    const noBrands = await submit(application({ brandsOfInterest: [] }));
    expect(noBrands.json()).toEqual({
      validation: [{ field: 'brandsOfInterest', messages: [DEALER_REQUEST_TEXTS.chooseBrand] }],
    });
    const unknownBrand = await submit(application({ brandsOfInterest: ['northwind', 'no-such-brand'] }));
    expect(unknownBrand.statusCode).toBe(400);
    expect(unknownBrand.json()).toEqual({ detail: DEALER_REQUEST_TEXTS.unknownBrand });
    const phoneCountry = await submit(application({ phoneCountry: 'UK' as 'AU' }));
    expect(phoneCountry.statusCode).toBe(400);
  });

  it('accepts Canadian, Mexican and Australian addresses and the +61/+52 phone codes', async () => {
    const ca = await submit(
      application({ country: 'CA', countryArea: 'ON', postalCode: 'k1a 0b1', phoneCountry: 'CA' }),
    );
    expect(ca.statusCode).toBe(201);
    const mx = await submit(
      application({ country: 'MX', countryArea: 'NLE', postalCode: '64000', phoneCountry: 'MX' }),
    );
    expect(mx.statusCode).toBe(201);
    const au = await submit(
      application({ country: 'AU', countryArea: 'VIC', postalCode: '3000', phoneCountry: 'AU', website: '' }),
    );
    expect(au.statusCode).toBe(201);
    const [toSales] = (await mailTo(t.config.SALES_INBOX)).filter((m) =>
      m.text.includes((au.json() as { id: string }).id),
    );
    expect(toSales!.text).toContain('Phone: +61 (614) 555 - 0199');
  });

  it('refuses a second pending request for the same e-mail with a clear 409', async () => {
    const body = application();
    expect((await submit(body)).statusCode).toBe(201);
    const again = await submit({ ...body, email: body.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: DEALER_REQUEST_TEXTS.duplicatePending });
  });

  it('limits submissions per address', async () => {
    const c = client();
    const { limit } = DEALER_REQUEST_RATE_LIMITS.submitPerIp;
    for (let i = 0; i < limit; i++) expect((await submit(application(), c)).statusCode).toBe(201);
    const over = await submit(application(), c);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ detail: messages.attemptLimitForgot });
    expect((await submit(application(), client())).statusCode).toBe(201); // another address
  });
});

describe('admin review', () => {
  it('visitors get 401, everyone but admins 403', async () => {
    const visitor = client();
    expect((await visitor.call(endpoints.dealerRequests.list)).statusCode).toBe(401);
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await visitor.call(endpoints.dealerRequests.get, { params: { id } })).statusCode).toBe(401);
    expect(
      (
        await visitor.call(endpoints.dealerRequests.approve, {
          params: { id },
          body: {
            sapBpCode: 'C123456',
            channel: 'dealer',
          },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await visitor.call(endpoints.dealerRequests.decline, { params: { id }, body: { note: 'x' } })).statusCode,
    ).toBe(401);
    for (const email of ['owner@demo.test', 'insiderep@demo.test', 'installer@demo.test']) {
      const c = await signedIn(email);
      const res = await c.call(endpoints.dealerRequests.list);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: DEALER_REQUEST_TEXTS.notAllowed });
      expect(
        (
          await c.call(endpoints.dealerRequests.approve, {
            params: { id },
            body: { sapBpCode: 'C123456', channel: 'dealer' },
          })
        ).statusCode,
      ).toBe(403);
      expect((await c.call(endpoints.dealerRequests.decline, { params: { id }, body: { note: 'x' } })).statusCode).toBe(
        403,
      );
      expect((await c.call(endpoints.dealerRequests.get, { params: { id } })).statusCode).toBe(403);
    }
  });

  it('lists by status with counts, pages and channels; detail and 404', async () => {
    const body = application({ companyName: 'Listing Check Audio' });
    const { id } = (await submit(body)).json() as { id: string };
    const admin = await signedIn('admin@demo.test');
    const list = (
      await admin.call(endpoints.dealerRequests.list, { query: { status: 'pending', pageSize: 100 } })
    ).json() as DealerRequestList;
    expect(list.results.map((r) => r.id)).toContain(id);
    expect(list.counts.pending).toBe(list.totalCount);
    expect(list.channels.map((c) => c.slug)).toEqual(expect.arrayContaining(['msrp', 'dealer']));
    const firstPage = (
      await admin.call(endpoints.dealerRequests.list, { query: { pageSize: 10, page: 1 } })
    ).json() as DealerRequestList;
    expect(firstPage.results.length).toBeLessThanOrEqual(10);
    expect(
      (await admin.call(endpoints.dealerRequests.list, { query: unchecked({ status: 'maybe' }) })).statusCode,
    ).toBe(400);
    expect((await admin.call(endpoints.dealerRequests.list, { query: { pageSize: 7 } })).statusCode).toBe(400);
    expect((await admin.call(endpoints.dealerRequests.list, { query: { page: '0' } })).statusCode).toBe(400);

    const detail = (await admin.call(endpoints.dealerRequests.get, { params: { id } })).json() as DealerRequest;
    expect(detail).toMatchObject({
      companyName: 'Listing Check Audio',
      email: body.email.toLowerCase(),
      phone: '6145550199',
      countryArea: 'PR',
      yearsInBusiness: 7,
      installerCount: 3,
      status: 'pending',
      hasAccount: false,
      businessPartner: null,
    });
    expect(
      (await admin.call(endpoints.dealerRequests.get, { params: { id: '00000000-0000-4000-8000-000000000000' } }))
        .statusCode,
    ).toBe(404);
    expect((await admin.call(endpoints.dealerRequests.get, { params: { id: 'not-a-uuid' } })).statusCode).toBe(400);
  });

  it('approve creates partner, dealer and owner in one go and mails the invitation; twice is 409', async () => {
    const body = application({
      companyName: 'Approved Audio Works',
      country: 'US',
      countryArea: 'OH',
      postalCode: '43004',
    });
    const { id } = (await submit(body)).json() as { id: string };
    const email = body.email.toLowerCase();
    const admin = await signedIn('admin@demo.test');

    const approve = (body: BodyOf<typeof endpoints.dealerRequests.approve>) =>
      admin.call(endpoints.dealerRequests.approve, { params: { id }, body });
    expect((await approve({ sapBpCode: 'X123456', channel: 'dealer' })).json()).toEqual({
      validation: [{ field: 'sapBpCode', messages: [DEALER_REQUEST_TEXTS.sapBpCodeInvalid] }],
    });
    expect((await approve({ sapBpCode: '', channel: '' })).statusCode).toBe(400);
    const canadian = await approve({ sapBpCode: 'N654321', channel: 'dealer' });
    expect(canadian.json()).toEqual({ detail: DEALER_REQUEST_TEXTS.sapBpCodeCountry('US') });
    const channel = await approve({ sapBpCode: 'C654321', channel: 'gold' });
    expect(channel.json()).toEqual({ detail: DEALER_REQUEST_TEXTS.unknownChannel });
    const taken = await approve({ sapBpCode: 'c100234', channel: 'dealer' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ detail: DEALER_REQUEST_TEXTS.sapBpCodeTaken('C100234') });
    // Nothing of the refused attempts stayed behind.
    expect((await admin.call(endpoints.dealerRequests.get, { params: { id } })).json()).toMatchObject({
      status: 'pending',
    });

    const res = await approve({ sapBpCode: 'c654321', channel: 'dealer' });
    expect(res.statusCode).toBe(200);
    const approved = res.json() as { businessPartner: { id: string; sapBpCode: string }; dealerId: string };
    expect(res.json()).toMatchObject({
      request: { status: 'approved', reviewedBy: 'Alex Chen', businessPartner: { sapBpCode: 'C654321' } },
      businessPartner: { sapBpCode: 'C654321', companyName: 'Approved Audio Works' },
      invitationSentTo: email,
    });

    const [partner] = await t.db.select().from(businessPartners).where(eq(businessPartners.sapBpCode, 'C654321'));
    expect(partner).toMatchObject({ companyName: 'Approved Audio Works', channelSlug: 'dealer', country: 'US' });
    const addresses = await t.db
      .select()
      .from(businessPartnerAddresses)
      .where(eq(businessPartnerAddresses.businessPartnerId, partner!.id));
    expect(addresses.map((a) => [a.type, a.isDefaultShipping, a.isDefaultBilling, a.countryArea]).sort()).toEqual([
      ['BILLING', false, true, 'OH'],
      ['SHIPPING', true, false, 'OH'],
    ]);
    const approvedBrands = await t.db
      .select({ slug: brands.slug })
      .from(businessPartnerApprovedBrands)
      .innerJoin(brands, eq(brands.id, businessPartnerApprovedBrands.brandId))
      .where(eq(businessPartnerApprovedBrands.businessPartnerId, partner!.id));
    expect(approvedBrands.map((b) => b.slug).sort()).toEqual(['arcticstart', 'northwind']);
    const [dealer] = await t.db.select().from(dealers).where(eq(dealers.businessPartnerId, partner!.id));
    expect(dealer).toMatchObject({ id: approved.dealerId, contactEmail: email });
    expect(dealer!.profile).toMatchObject({
      displayName: 'Approved Audio Works',
      phone: '6145550199',
      city: 'San Juan',
    });
    const [owner] = await t.db.select().from(users).where(eq(users.email, email));
    expect(partner!.dealerPrimaryUserId).toBe(owner!.id);
    const [staff] = await t.db
      .select()
      .from(installers)
      .where(and(eq(installers.userId, owner!.id), eq(installers.dealerId, dealer!.id)));
    expect(staff!.isOwner).toBe(true);

    // Twice: 409, never a second business.
    const again = await approve({ sapBpCode: 'C654322', channel: 'dealer' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: DEALER_REQUEST_TEXTS.alreadyReviewed('approved') });
    expect(await t.db.select().from(businessPartners).where(eq(businessPartners.sapBpCode, 'C654322'))).toEqual([]);
    expect(
      (await admin.call(endpoints.dealerRequests.decline, { params: { id }, body: { note: 'late' } })).statusCode,
    ).toBe(409);

    // The invitation: a complete_registration link; the owner sets a password and signs in as Dealer Primary.
    const [mail] = await mailTo(email);
    expect(mail!.subject).toBe('Your dealer account for Approved Audio Works is approved');
    const token = mail!.text.match(/set-password\?token=([\w.-]+)/)![1]!;
    const visitor = client();
    expect((await visitor.call(endpoints.invitations.tokenInfo, { query: { token } })).json()).toMatchObject({
      token_type: 'complete_registration',
      email,
    });
    const password = 'Harness#Pro88';
    expect(
      (
        await visitor.call(endpoints.invitations.setPassword, {
          query: { token },
          body: { password, confirm_password: password },
        })
      ).statusCode,
    ).toBe(200);
    const newOwner = client();
    expect((await newOwner.signIn(email, password)).json()).toEqual({ status: 'signed-in' });
    const session = await newOwner.session();
    expect(session.user).toMatchObject({ permissionGroups: [PERMISSION_GROUPS.dealerPrimary], dealer_id: dealer!.id });
  });

  it('refuses approval when the e-mail already has an account, and Canadian codes need N', async () => {
    const existing = application({ email: 'installer@demo.test' });
    const { id } = (await submit(existing)).json() as { id: string };
    const admin = await signedIn('admin@demo.test');
    expect((await admin.call(endpoints.dealerRequests.get, { params: { id } })).json()).toMatchObject({
      hasAccount: true,
    });
    const res = await admin.call(endpoints.dealerRequests.approve, {
      params: { id },
      body: {
        sapBpCode: 'C777001',
        channel: 'dealer',
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: DEALER_REQUEST_TEXTS.accountExists });
    expect(await t.db.select().from(businessPartners).where(eq(businessPartners.sapBpCode, 'C777001'))).toEqual([]);

    const ca = application({ country: 'CA', countryArea: 'BC', postalCode: 'V6B 1A1' });
    const caId = ((await submit(ca)).json() as { id: string }).id;
    const wrong = await admin.call(endpoints.dealerRequests.approve, {
      params: { id: caId },
      body: {
        sapBpCode: 'C777002',
        channel: 'msrp',
      },
    });
    expect(wrong.json()).toEqual({ detail: DEALER_REQUEST_TEXTS.sapBpCodeCountry('CA') });
    const ok = await admin.call(endpoints.dealerRequests.approve, {
      params: { id: caId },
      body: {
        sapBpCode: 'N777002',
        channel: 'msrp',
      },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('concurrent approvals create one business', async () => {
    const { id } = (await submit(application({ companyName: 'Race Condition Car Audio' }))).json() as { id: string };
    const admin = await signedIn('admin@demo.test');
    const approve = (body: BodyOf<typeof endpoints.dealerRequests.approve>) =>
      admin.call(endpoints.dealerRequests.approve, { params: { id }, body });
    const answers = await Promise.all([
      approve({ sapBpCode: 'C888001', channel: 'dealer' }),
      approve({ sapBpCode: 'C888002', channel: 'dealer' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const made = await t.db
      .select()
      .from(businessPartners)
      .where(eq(businessPartners.companyName, 'Race Condition Car Audio'));
    expect(made).toHaveLength(1);
  });

  it('decline needs a note, stores it and tells the applicant; a declined e-mail may apply again', async () => {
    const body = application();
    const { id } = (await submit(body)).json() as { id: string };
    const admin = await signedIn('admin@demo.test');
    const decline = (note: string) => admin.call(endpoints.dealerRequests.decline, { params: { id }, body: { note } });
    expect((await decline('  ')).json()).toEqual({
      validation: [{ field: 'note', messages: [messages.requiredField] }],
    });
    const res = await decline('Outside our sales regions.');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'declined',
      reviewNote: 'Outside our sales regions.',
      reviewedBy: 'Alex Chen',
    });
    const [mail] = await mailTo(body.email.toLowerCase());
    expect(mail!.subject).toBe('Your dealer request');
    expect(mail!.text).not.toContain('Outside our sales regions.');
    expect((await decline('again')).statusCode).toBe(409);
    const declined = (
      await admin.call(endpoints.dealerRequests.list, { query: { status: 'declined', pageSize: 100 } })
    ).json() as DealerRequestList;
    expect(declined.results.map((r) => r.id)).toContain(id);
    expect((await submit(body)).statusCode).toBe(201);
  });
});
