import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, messages, PERMISSION_GROUPS, type BodyOf } from '@portal/contracts';
import { ACCOUNT_TEXTS } from '@portal/contracts/accounts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { signedInAs, unchecked, type TestClient } from '../../../test/client.ts';
import { idOf, userByEmail } from '../../../test/builders.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const patch = (c: TestClient, id: string, body: BodyOf<typeof endpoints.accounts.updateUser> | undefined) =>
  c.call(endpoints.accounts.updateUser, { params: { id }, body });

describe('GET /api/user/{id} (spec 01 §7)', () => {
  it('answers the signed-in user with the fields of spec 01 §3', async () => {
    const c = await signedInAs(t.app, 'owner@demo.test');
    const id = await idOf(t.db, 'owner@demo.test');
    const res = await c.call(endpoints.accounts.getUser, { params: { id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id,
      sub: id,
      email: 'owner@demo.test',
      first_name: 'Gary',
      last_name: 'Lindqvist',
      image: null,
      is_retired: false,
      access_type: null,
      user_type: [{ type: 'dealer', is_owner: true }],
      permissionGroups: [PERMISSION_GROUPS.dealerPrimary],
      dealer_id: expect.any(String),
      installer: { is_owner: true, is_purchaser: false },
      phone_number: null,
      subscriber_id: null,
      email_verified: true,
      // spec 01 §3 auth user: the payouts (Stripe onboarding) fields; nothing set up in the seed.
      stripe_onboarding_complete: false,
      stripe_onboarding_url: null,
      stripe_onboarding_url_expires_at: null,
      stripe_login_link: null,
    });
  });

  it('the payouts fields are GET /api/payouts’ for oneself; an admin reading another user sees no links of theirs', async () => {
    const c = await signedInAs(t.app, 'purchaser@demo.test');
    const id = await idOf(t.db, 'purchaser@demo.test');
    const link = (await c.call(endpoints.rewards.onboardingLink)).json();
    expect(link.stripe_onboarding_url).toBeTruthy();
    const own = (await c.call(endpoints.accounts.getUser, { params: { id } })).json();
    expect(own).toMatchObject(link);
    const admin = await signedInAs(t.app, 'admin@demo.test');
    expect((await admin.call(endpoints.accounts.getUser, { params: { id } })).json()).toMatchObject({
      stripe_onboarding_complete: false,
      stripe_onboarding_url: null,
      stripe_onboarding_url_expires_at: null,
      stripe_login_link: null,
    });
  });

  it("another user's id is forbidden, whether or not it exists; an admin may read anyone", async () => {
    const installer = await signedInAs(t.app, 'installer@demo.test');
    const ownerId = await idOf(t.db, 'owner@demo.test');
    for (const id of [ownerId, 'no-such-user']) {
      const res = await installer.call(endpoints.accounts.getUser, { params: { id } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: ACCOUNT_TEXTS.forbidden });
    }
    const admin = await signedInAs(t.app, 'admin@demo.test');
    expect((await admin.call(endpoints.accounts.getUser, { params: { id: ownerId } })).json()).toMatchObject({
      email: 'owner@demo.test',
    });
    const missing = await admin.call(endpoints.accounts.getUser, { params: { id: 'no-such-user' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: messages.userNotFound });
  });

  it('needs a session, and an id', async () => {
    const anonymous = await signedInAs(t.app, null);
    const res = await anonymous.call(endpoints.accounts.getUser, {
      params: { id: await idOf(t.db, 'owner@demo.test') },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: messages.signInRequired });
    for (const url of ['/api/user', '/api/user/']) {
      const noId = await anonymous.call('GET', url);
      expect(noId.statusCode).toBe(400);
      expect(noId.json()).toEqual({ detail: messages.userIdRequired });
    }
  });
});

describe('PATCH /api/user/{id} with updates (spec 01 §7)', () => {
  it('changes the names and the phone, and answers the updated user', async () => {
    const c = await signedInAs(t.app, 'purchaser@demo.test');
    const id = await idOf(t.db, 'purchaser@demo.test');
    const res = await patch(c, id, {
      updates: { first_name: ' Danielle ', last_name: 'Kowalska-Ruiz', phone_number: '(555) 010 - 2233' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      first_name: 'Danielle',
      last_name: 'Kowalska-Ruiz',
      phone_number: '5550102233',
    });
    const row = await userByEmail(t.db, 'purchaser@demo.test');
    expect(row).toMatchObject({ name: 'Danielle Kowalska-Ruiz', phoneNumber: '5550102233' });
    expect(((await c.call(endpoints.session.get)).json() as { user: { first_name: string } }).user.first_name).toBe(
      'Danielle',
    );

    const cleared = await patch(c, id, { updates: { phone_number: null } });
    expect(cleared.json()).toMatchObject({ first_name: 'Danielle', phone_number: null });
  });

  it.each([
    ['no body', undefined],
    ['no updates', {}],
    ['empty updates', { updates: {} }],
    ['updates null', { updates: null }],
    ['updates a list', { updates: [{ first_name: 'A' }] }],
    ['updates a string', { updates: 'first_name=A' }],
  ])('%s: "Updates object is required"', async (_, body) => {
    const c = await signedInAs(t.app, 'installer@demo.test');
    const res = await patch(c, await idOf(t.db, 'installer@demo.test'), unchecked(body));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: messages.updatesRequired });
  });

  it('without an id: "User id is a required field"', async () => {
    const c = await signedInAs(t.app, 'installer@demo.test');
    for (const url of ['/api/user', '/api/user/']) {
      const res = await c.call('PATCH', url, { updates: { first_name: 'A' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: messages.userIdRequired });
    }
  });

  it.each([
    [{ first_name: 'M4rcus' }, 'updates.first_name', messages.personNameChars],
    [{ last_name: '' }, 'updates.last_name', messages.requiredField],
    [{ last_name: 'x'.repeat(51) }, 'updates.last_name', messages.maxChars(51)],
    [{ phone_number: '555-0100' }, 'updates.phone_number', messages.phoneInvalid],
    [{ email: 'me@example.test' }, 'updates', ACCOUNT_TEXTS.notUpdatable],
    [{ first_name: 'Marco', is_retired: true }, 'updates', ACCOUNT_TEXTS.notUpdatable],
  ])('refuses %j as a field error', async (updates, field, message) => {
    const c = await signedInAs(t.app, 'installer@demo.test');
    const id = await idOf(t.db, 'installer@demo.test');
    const res = await patch(c, id, { updates: unchecked(updates) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ validation: [{ field, messages: [message] }] });
    expect((await userByEmail(t.db, 'installer@demo.test'))!.firstName).toBe('Marcus');
  });

  it('another user is forbidden; an admin may update anyone', async () => {
    const ownerId = await idOf(t.db, 'owner@demo.test');
    const installer = await signedInAs(t.app, 'installer@demo.test');
    const refused = await patch(installer, ownerId, { updates: { first_name: 'Mallory' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: ACCOUNT_TEXTS.forbidden });
    const admin = await signedInAs(t.app, 'admin@demo.test');
    expect((await patch(admin, ownerId, { updates: { last_name: 'Lindqvist' } })).statusCode).toBe(200);
    expect((await patch(await signedInAs(t.app, null), ownerId, { updates: { first_name: 'X' } })).statusCode).toBe(
      401,
    );
  });

  it('the phone of text-message sign-in is changed only through two-step verification', async () => {
    const smsId = await idOf(t.db, 'sms@demo.test');
    const admin = await signedInAs(t.app, 'admin@demo.test');
    const res = await patch(admin, smsId, { updates: { phone_number: '5559990000' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: ACCOUNT_TEXTS.smsPhoneLocked });
    expect((await patch(admin, smsId, { updates: { phone_number: null } })).statusCode).toBe(409);
    // The same phone, or other fields, are fine.
    const named = await patch(admin, smsId, { updates: { first_name: 'Kayla', phone_number: '(555) 010 - 0001' } });
    expect(named.statusCode).toBe(200);
    expect(named.json()).toMatchObject({ phone_number: '5550100001' });
  });
});

describe('GET /api/get-user-drone-profile (spec 01 §3, §7)', () => {
  it.each([
    ['owner@demo.test', [PERMISSION_GROUPS.dealerPrimary]],
    ['outsiderep@demo.test', [PERMISSION_GROUPS.outsideSalesRep]],
    ['consumer@demo.test', []],
  ])('%s: the drone user id and the permission groups', async (email, groups) => {
    const c = await signedInAs(t.app, email);
    const res = await c.call(endpoints.accounts.droneProfile);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      droneProfile: { droneUserId: await idOf(t.db, email) },
      permissionGroups: groups.map((name) => ({ name })),
    });
  });

  it('needs a session', async () => {
    const res = await (await signedInAs(t.app, null)).call(endpoints.accounts.droneProfile);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: messages.signInRequired });
  });
});
