import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import {
  endpoints,
  DEALER_TEXTS,
  INVITATION_TEXTS,
  messages,
  profileMenuFor,
  type Dealer,
  type DealerList,
  type Installer,
  type InstallerList,
  type Invitation,
  type Session,
  type UserInfo,
  type BodyOf,
} from '@portal/contracts';
import type { DescribedActivityList } from '@portal/contracts/activity';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { signedInAs, testClient, unchecked, type TestClient } from '../../../test/client.ts';
import { unusedTotp } from '../../../test/totp.ts';
import { DEMO_TOTP_SECRET } from '../../seed/people.ts';
import { businessPartners } from '../business-partners/schema.ts';
import { mailOutbox } from '../../adapters/outbox-schema.ts';
import { users } from '../users/schema.ts';
import { dealers, installers } from './schema.ts';

let t: TestContext;
let northside: string; // dealer ids
let lakeside: string;
/** totp@demo.test, owner of Lakeside: signed in once (a TOTP code is good for one sign-in). */
let lakesideOwner: TestClient;
const userIdByEmail = new Map<string, string>();
const installerIdByEmail = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db
    .select({ dealerId: dealers.id, code: businessPartners.sapBpCode })
    .from(dealers)
    .innerJoin(businessPartners, eq(businessPartners.id, dealers.businessPartnerId));
  northside = rows.find((r) => r.code === 'C100234')!.dealerId;
  lakeside = rows.find((r) => r.code === 'C100310')!.dealerId;
  const staff = await t.db
    .select({ email: users.email, userId: users.id, installerId: installers.id })
    .from(installers)
    .innerJoin(users, eq(users.id, installers.userId));
  for (const s of staff) {
    userIdByEmail.set(s.email, s.userId);
    installerIdByEmail.set(s.email, s.installerId);
  }
  lakesideOwner = testClient(t.app);
  await lakesideOwner.signIn('totp@demo.test');
  expect((await lakesideOwner.secondFactor(await unusedTotp(DEMO_TOTP_SECRET))).json()).toEqual({
    status: 'signed-in',
  });
});
afterAll(() => t.close());

const signedIn = (email: string) => signedInAs(t.app, email);
const withBusiness = (email: string, sapBpCode = 'C100234') => signedInAs(t.app, email, { sapBpCode });
const validationFields = (body: unknown) =>
  ((body as { validation?: { field: string }[] }).validation ?? []).map((v) => v.field);

describe('GET /api/dealers, /api/dealers/{id} (spec 02 §7)', () => {
  it('answers the dealer the session acts for, per role', async () => {
    const cases: [string, () => Promise<TestClient>, string | null][] = [
      ['owner', () => signedIn('owner@demo.test'), northside],
      ['installer', () => signedIn('installer@demo.test'), northside],
      ['purchaser', () => signedIn('purchaser@demo.test'), northside],
      ['accountant', () => signedIn('accountant@demo.test'), northside],
      ['insiderep without business', () => signedIn('insiderep@demo.test'), null],
      ['insiderep with C100234', () => withBusiness('insiderep@demo.test'), northside],
      ['outsiderep with C100234', () => withBusiness('outsiderep@demo.test'), northside],
      ['outsiderep with C100977 (no dealer)', () => withBusiness('outsiderep@demo.test', 'C100977'), null],
      ['admin', () => signedIn('admin@demo.test'), null],
      ['consumer', () => signedIn('consumer@demo.test'), null],
      ['lakeside owner', async () => lakesideOwner, lakeside],
    ];
    for (const [who, open, expected] of cases) {
      const c = await open();
      const list = (await c.call(endpoints.dealers.list)).json() as DealerList;
      expect(
        list.results.map((d) => d.id),
        who,
      ).toEqual(expected ? [expected] : []);
      expect(list.count).toBe(expected ? 1 : 0);
      if (expected) {
        const one = await c.call(endpoints.dealers.get, { params: { id: expected } });
        expect(one.statusCode, who).toBe(200);
        expect((one.json() as Dealer).dealer_id).toBe(expected);
      }
      const other = expected === lakeside ? northside : lakeside;
      const res = await c.call(endpoints.dealers.get, { params: { id: other } });
      expect(res.statusCode, who).toBe(404);
    }
    const anonymous = await testClient(t.app).call(endpoints.dealers.list);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: messages.signInRequired });
  });

  it('the dealer has its profile, public flag and contact e-mail', async () => {
    const dealer = (
      await (await signedIn('owner@demo.test')).call(endpoints.dealers.get, { params: { id: northside } })
    ).json() as Dealer;
    expect(dealer).toMatchObject({
      business_partner: { sapBpCode: 'C100234', companyName: 'Northside Auto Sound' },
      is_public_profile: true,
      contact_email: 'owner@demo.test',
      dealer_profile: { displayName: 'Northside Auto Sound', phoneCountry: 'USCA', city: 'Columbus' },
    });
  });

  it('unknown or malformed ids', async () => {
    const owner = await signedIn('owner@demo.test');
    const unknown = await owner.call(endpoints.dealers.get, { params: { id: '00000000-0000-4000-8000-000000000000' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: DEALER_TEXTS.dealerNotFound });
    const bad = await owner.call(endpoints.dealers.get, { params: { id: 'nope' } });
    expect(bad.statusCode).toBe(400);
    expect(validationFields(bad.json())).toEqual(['id']);
  });
});

describe('GET /api/dealers/{id}/installers (spec 02 §7, §9)', () => {
  it('lists the staff with owner, retired and purchaser flags, owners first', async () => {
    const owner = await signedIn('owner@demo.test');
    const list = (
      await owner.call(endpoints.dealers.listInstallers, { params: { id: northside } })
    ).json() as InstallerList;
    expect(list.count).toBe(5);
    expect(list.next).toBeNull();
    expect(list.results[0]).toMatchObject({ email: 'owner@demo.test', is_owner: true, dealer_id: northside });
    const byEmail = Object.fromEntries(list.results.map((i) => [i.email, i]));
    expect(byEmail['retired@demo.test']).toMatchObject({ is_retired: true, is_purchaser: true });
    expect(byEmail['purchaser@demo.test']).toMatchObject({ is_retired: false, is_purchaser: true });
    expect(byEmail['installer@demo.test']).toMatchObject({ is_purchaser: false, first_name: 'Marcus' });

    const first = (
      await owner.call(endpoints.dealers.listInstallers, { params: { id: northside }, query: { limit: 2 } })
    ).json() as InstallerList;
    expect(first).toMatchObject({ count: 5, next: 2, previous: null });
    const last = (
      await owner.call(endpoints.dealers.listInstallers, { params: { id: northside }, query: { limit: 2, offset: 4 } })
    ).json() as InstallerList;
    expect(last).toMatchObject({ count: 5, next: null, previous: 2 });
    expect(last.results).toHaveLength(1);
  });

  it('only those who see My Business list the staff (issue 14); other staff and outside reps 403', async () => {
    const cases: [string, () => Promise<TestClient>, number][] = [
      ['owner', () => signedIn('owner@demo.test'), 200],
      ['insiderep with C100234', () => withBusiness('insiderep@demo.test'), 200],
      ['installer', () => signedIn('installer@demo.test'), 403],
      ['purchaser', () => signedIn('purchaser@demo.test'), 403],
      ['accountant', () => signedIn('accountant@demo.test'), 403],
      ['retired', () => signedIn('retired@demo.test'), 403],
      ['outsiderep with C100234', () => withBusiness('outsiderep@demo.test'), 403],
    ];
    for (const [who, open, status] of cases) {
      const c = await open();
      // The server asks the question the web's profile menu asks (spec 01 §6).
      const session = (await c.call(endpoints.session.get)).json() as Session;
      expect(profileMenuFor(session.user!, session.selectedBusiness !== null).myBusiness, who).toBe(status === 200);
      const res = await c.call(endpoints.dealers.listInstallers, { params: { id: northside } });
      expect(res.statusCode, who).toBe(status);
      if (status === 403) {
        expect(res.json(), who).toEqual({ detail: messages.staffOwnersOnly });
        // Their own record and their dealer stay readable.
        expect((await c.call(endpoints.dealers.get, { params: { id: northside } })).statusCode, who).toBe(200);
        expect((await c.call(endpoints.accounts.getUser, { params: { id: session.user!.id } })).statusCode, who).toBe(
          200,
        );
      }
    }
  });

  it('another dealer’s installers are 404, for staff and reps alike', async () => {
    for (const c of [
      await signedIn('owner@demo.test'),
      await signedIn('installer@demo.test'),
      await withBusiness('insiderep@demo.test'),
      await signedIn('insiderep@demo.test'),
      await signedIn('admin@demo.test'),
    ]) {
      expect((await c.call(endpoints.dealers.listInstallers, { params: { id: lakeside } })).statusCode).toBe(404);
    }
    expect((await lakesideOwner.call(endpoints.dealers.listInstallers, { params: { id: northside } })).statusCode).toBe(
      404,
    );
    expect((await lakesideOwner.call(endpoints.dealers.listInstallers, { params: { id: lakeside } })).statusCode).toBe(
      200,
    );
  });

  it('bad paging: 400 with field errors', async () => {
    const owner = await signedIn('owner@demo.test');
    for (const query of [{ limit: 81 }, { limit: 0 }, { limit: 'ten' }, { offset: -1 }, { offset: 1.5 }]) {
      const res = await owner.call(endpoints.dealers.listInstallers, {
        params: { id: northside },
        query: unchecked(query),
      });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(validationFields(res.json())).toEqual(Object.keys(query));
    }
  });
});

describe('PATCH /api/installer/{id} (spec 02 §3, §7)', () => {
  const patch = (c: TestClient, email: string, body: BodyOf<typeof endpoints.dealers.updateInstaller>) =>
    c.call(endpoints.dealers.updateInstaller, { params: { id: installerIdByEmail.get(email)! }, body });

  it('the owner grants purchasing rights; the installer can then purchase', async () => {
    const owner = await signedIn('owner@demo.test');
    const res = await patch(owner, 'installer@demo.test', { is_purchaser: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'installer@demo.test', is_purchaser: true } satisfies Partial<Installer>);
    const installer = await signedIn('installer@demo.test');
    expect((await installer.session()).user).toMatchObject({ installer: { is_purchaser: true } });
    expect((await patch(owner, 'installer@demo.test', { is_purchaser: false })).json()).toMatchObject({
      is_purchaser: false,
    });
  });

  it('retiring changes the installer record and the user together', async () => {
    const owner = await signedIn('owner@demo.test');
    expect((await patch(owner, 'purchaser@demo.test', { is_retired: true })).json()).toMatchObject({
      is_retired: true,
    });
    const [user] = await t.db.select().from(users).where(eq(users.email, 'purchaser@demo.test'));
    expect(user!.isRetired).toBe(true);
    await patch(owner, 'purchaser@demo.test', { is_retired: false });
    const [again] = await t.db.select().from(users).where(eq(users.email, 'purchaser@demo.test'));
    expect(again!.isRetired).toBe(false);
  });

  it('the owner can not retire or demote themself', async () => {
    const owner = await signedIn('owner@demo.test');
    const retire = await patch(owner, 'owner@demo.test', { is_retired: true });
    expect(retire.statusCode).toBe(400);
    expect(retire.json()).toEqual({ detail: DEALER_TEXTS.ownerCannotRetire });
    const demote = await patch(owner, 'owner@demo.test', { is_purchaser: false });
    expect(demote.json()).toEqual({ detail: DEALER_TEXTS.ownerKeepsPurchasing });
    expect((await patch(owner, 'owner@demo.test', { is_retired: false })).statusCode).toBe(200);
  });

  it('only the owner (or a rep impersonating them) changes installers', async () => {
    for (const email of ['installer@demo.test', 'purchaser@demo.test', 'accountant@demo.test']) {
      const res = await patch(await signedIn(email), 'installer@demo.test', { is_purchaser: true });
      expect(res.statusCode, email).toBe(403);
      expect(res.json()).toEqual({ detail: DEALER_TEXTS.ownersOnly });
    }
    expect(
      (await patch(await withBusiness('outsiderep@demo.test'), 'installer@demo.test', { is_purchaser: true }))
        .statusCode,
    ).toBe(403);
    const rep = await withBusiness('insiderep@demo.test');
    expect((await patch(rep, 'installer@demo.test', { is_purchaser: false })).statusCode).toBe(200);
  });

  it('another dealer’s installer is 404', async () => {
    const res = await patch(await signedIn('owner@demo.test'), 'sms@demo.test', { is_purchaser: true });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: DEALER_TEXTS.installerNotFound });
    expect((await patch(lakesideOwner, 'installer@demo.test', { is_retired: true })).statusCode).toBe(404);
    expect(
      (await patch(await signedIn('insiderep@demo.test'), 'installer@demo.test', { is_retired: true })).statusCode,
    ).toBe(404);
    const [installer] = await t.db
      .select()
      .from(installers)
      .where(eq(installers.id, installerIdByEmail.get('installer@demo.test')!));
    expect(installer!.isRetired).toBe(false);
  });

  it('bad input: 400 with the spec’s messages; unknown ids 404; anonymous 401', async () => {
    const owner = await signedIn('owner@demo.test');
    for (const body of [{}, { is_purchaser: 'yes' }, { is_owner: true }, { is_retired: null }]) {
      const res = await patch(owner, 'installer@demo.test', unchecked(body));
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toHaveProperty('validation');
    }
    expect((await patch(owner, 'installer@demo.test', {})).json()).toEqual({
      validation: [{ field: 'body', messages: [messages.updatesRequired] }],
    });
    expect(
      (
        await owner.call(endpoints.dealers.updateInstaller, {
          params: { id: '00000000-0000-4000-8000-000000000000' },
          body: { is_purchaser: true },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await owner.call(endpoints.dealers.updateInstaller, { params: { id: '12' }, body: { is_purchaser: true } }))
        .statusCode,
    ).toBe(400);
    expect((await patch(testClient(t.app), 'installer@demo.test', { is_purchaser: true })).statusCode).toBe(401);
  });
});

describe('PATCH /api/dealer/{id} (spec 02 §3, §5)', () => {
  it('the owner updates the profile: e-mail lowercased, phone digits, AU country, roles', async () => {
    const owner = await signedIn('owner@demo.test');
    const res = await owner.call(endpoints.dealers.updateDealer, {
      params: { id: northside },
      body: {
        is_public_profile: false,
        contact_email: '  Sales@Northside.Example ',
        dealer_profile: {
          phone: '(614) 555 - 0199',
          phoneCountry: 'AU',
          website: 'https://northside.example',
          contactRoles: ['owner', 'purchaser', 'owner'],
        },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      is_public_profile: false,
      contact_email: 'sales@northside.example',
      dealer_profile: {
        displayName: 'Northside Auto Sound', // untouched fields stay
        phone: '6145550199',
        phoneCountry: 'AU',
        website: 'https://northside.example',
        contactRoles: ['owner', 'purchaser'],
        city: 'Columbus',
      },
    });
    // A rep impersonating the owner may too; an empty phone clears it.
    const rep = await withBusiness('insiderep@demo.test');
    const cleared = await rep.call(endpoints.dealers.updateDealer, {
      params: { id: northside },
      body: {
        dealer_profile: { phone: '', city: 'Dublin' },
      },
    });
    expect(cleared.json()).toMatchObject({ dealer_profile: { phone: '', city: 'Dublin', phoneCountry: 'AU' } });
  });

  it('bad input: field errors with the spec’s messages', async () => {
    const owner = await signedIn('owner@demo.test');
    const cases: [object, string, string][] = [
      [{ contact_email: 'nope' }, 'contact_email', messages.emailInvalid],
      [{ dealer_profile: { website: 'ftp://northside.example' } }, 'dealer_profile.website', messages.urlInvalid],
      [{ dealer_profile: { phone: '555-01' } }, 'dealer_profile.phone', messages.phoneInvalid],
      [{ dealer_profile: { phoneCountry: 'US' } }, 'dealer_profile.phoneCountry', messages.requiredField],
      [
        { dealer_profile: { contactRoles: ['boss'] } },
        'dealer_profile.contactRoles.0',
        DEALER_TEXTS.unknownContactRole,
      ],
      [{ dealer_profile: { displayName: '  ' } }, 'dealer_profile.displayName', messages.requiredField],
      [{}, 'body', messages.updatesRequired],
    ];
    for (const [body, field, message] of cases) {
      const res = await owner.call(endpoints.dealers.updateDealer, { params: { id: northside }, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ validation: [{ field, messages: [message] }] });
    }
    expect(
      (
        await owner.call(endpoints.dealers.updateDealer, {
          params: { id: northside },
          body: unchecked({ dealer_id: lakeside }),
        })
      ).statusCode,
    ).toBe(400);
    // NUL and other control characters never reach the database (it refuses them: a 500).
    const nul = await owner.call(endpoints.dealers.updateDealer, {
      params: { id: northside },
      body: {
        dealer_profile: { displayName: 'North\u0000side', city: '\u0000', website: 'https://a\u0000b.example' },
      },
    });
    expect(nul.statusCode).toBe(400);
    expect(validationFields(nul.json())).toEqual(['dealer_profile.website']);
    const cleaned = await owner.call(endpoints.dealers.updateDealer, {
      params: { id: northside },
      body: {
        dealer_profile: { displayName: 'North\u0000side Auto Sound', countryArea: 'O\u0007H' },
      },
    });
    expect(cleaned.json()).toMatchObject({
      dealer_profile: { displayName: 'Northside Auto Sound', countryArea: 'OH' },
    });
  });

  it('only the acting dealer’s owner: others 403, other dealers 404', async () => {
    for (const email of ['installer@demo.test', 'accountant@demo.test']) {
      const res = await (
        await signedIn(email)
      ).call(endpoints.dealers.updateDealer, { params: { id: northside }, body: { is_public_profile: true } });
      expect(res.statusCode, email).toBe(403);
    }
    expect(
      (
        await (
          await withBusiness('outsiderep@demo.test')
        ).call(endpoints.dealers.updateDealer, { params: { id: northside }, body: { is_public_profile: true } })
      ).statusCode,
    ).toBe(403);
    const cross = await lakesideOwner.call(endpoints.dealers.updateDealer, {
      params: { id: northside },
      body: { is_public_profile: true },
    });
    expect(cross.statusCode).toBe(404);
    expect(cross.json()).toEqual({ detail: DEALER_TEXTS.dealerNotFound });
    expect(
      (
        await (
          await signedIn('owner@demo.test')
        ).call(endpoints.dealers.updateDealer, { params: { id: lakeside }, body: { is_public_profile: false } })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await (
          await signedIn('admin@demo.test')
        ).call(endpoints.dealers.updateDealer, { params: { id: northside }, body: { is_public_profile: false } })
      ).statusCode,
    ).toBe(404);
    const [row] = await t.db.select().from(dealers).where(eq(dealers.id, lakeside));
    expect(row!.isPublicProfile).toBe(true);
  });
});

describe('POST /api/update-user-permissions (spec 02 §4, §7)', () => {
  const update = (c: TestClient, addUsersId: string[], removeUsersId: string[] = []) =>
    c.call(endpoints.dealers.updateUserPermissions, { body: { addUsersId, removeUsersId } });
  const purchasers = (info: UserInfo) =>
    info.employees
      .filter((e) => e.isProductPurchaser)
      .map((e) => e.email)
      .sort();

  it('grants and removes in one call and answers the refreshed user info', async () => {
    const owner = await signedIn('owner@demo.test');
    const installer = userIdByEmail.get('installer@demo.test')!;
    const purchaser = userIdByEmail.get('purchaser@demo.test')!;
    const res = await update(owner, [installer], [purchaser]);
    expect(res.statusCode).toBe(200);
    expect(purchasers(res.json() as UserInfo)).toEqual(['installer@demo.test', 'owner@demo.test']);
    const back = await update(owner, [purchaser], [installer]);
    expect(purchasers(back.json() as UserInfo)).toEqual(['owner@demo.test', 'purchaser@demo.test']);
  });

  it('an inside rep acting for the business may; staff, outside reps and reps without a business may not', async () => {
    const installer = userIdByEmail.get('installer@demo.test')!;
    const rep = await withBusiness('insiderep@demo.test');
    expect((await update(rep, [], [installer])).statusCode).toBe(200);
    for (const [who, c, status] of [
      ['installer', await signedIn('installer@demo.test'), 403],
      ['accountant', await signedIn('accountant@demo.test'), 403],
      ['outsiderep', await withBusiness('outsiderep@demo.test'), 403],
      ['insiderep without business', await signedIn('insiderep@demo.test'), 404],
      ['admin', await signedIn('admin@demo.test'), 404],
      ['consumer', await signedIn('consumer@demo.test'), 404],
    ] as const) {
      expect((await update(c, [installer])).statusCode, who).toBe(status);
    }
    expect((await update(testClient(t.app), [installer])).statusCode).toBe(401);
  });

  it('ids of other dealers or unknown users are 404 and nothing changes; the owner keeps the rights', async () => {
    const owner = await signedIn('owner@demo.test');
    const installer = userIdByEmail.get('installer@demo.test')!;
    const res = await update(owner, [installer, userIdByEmail.get('sms@demo.test')!]);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: DEALER_TEXTS.installerNotFound });
    expect((await update(owner, ['no-such-user'])).statusCode).toBe(404);
    const [row] = await t.db.select().from(installers).where(eq(installers.userId, installer));
    expect(row!.isPurchaser).toBe(false);
    expect((await update(lakesideOwner, [installer])).statusCode).toBe(404);
    const demote = await update(owner, [], [userIdByEmail.get('owner@demo.test')!]);
    expect(demote.statusCode).toBe(400);
    expect(demote.json()).toEqual({ detail: DEALER_TEXTS.ownerKeepsPurchasing });
  });

  it('bad input: 400 with field errors', async () => {
    const owner = await signedIn('owner@demo.test');
    const id = userIdByEmail.get('installer@demo.test')!;
    for (const [body, field] of [
      [{}, 'addUsersId'],
      [{ addUsersId: [], removeUsersId: [] }, 'addUsersId'],
      [{ addUsersId: [id], removeUsersId: [id] }, 'addUsersId'],
      [{ addUsersId: 'x' }, 'addUsersId'],
      [{ addUsersId: [5] }, 'addUsersId.0'],
      [{ removeUsersId: [''] }, 'removeUsersId.0'],
      [{ addUsersId: ['a\u0000'] }, 'addUsersId.0'],
    ] as const) {
      const res = await owner.call(endpoints.dealers.updateUserPermissions, { body: unchecked(body) });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(validationFields(res.json()), JSON.stringify(body)).toEqual([field]);
    }
  });
});

describe('invitations of the acting dealer (/my-business)', () => {
  const invite = (c: TestClient, email: string) =>
    c.call(endpoints.invitations.invite, { body: { email, user_type: 'installer' } });
  const pending = async (c: TestClient) =>
    (await c.call(endpoints.invitations.listPending)).json().results.map((i) => i.email);
  const lastLink = async (to: string) => {
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    return mail!.text.match(/accept-invite\?token=([\w.-]+)/)![1]!;
  };

  it('resend sends a new link (the old one dies); revoke ends the invitation', async () => {
    const owner = await signedIn('owner@demo.test');
    const created = (await invite(owner, 'New.Tech@Example.com')).json() as Invitation;
    expect(created.email).toBe('new.tech@example.com');
    expect(await pending(owner)).toContain('new.tech@example.com');
    const first = await lastLink('new.tech@example.com');

    const resent = await owner.call(endpoints.invitations.resend, { params: { id: created.id } });
    expect(resent.statusCode).toBe(200);
    const second = await lastLink('new.tech@example.com');
    expect(second).not.toBe(first);
    const anonymous = testClient(t.app);
    expect((await anonymous.call(endpoints.invitations.tokenInfo, { query: { token: first } })).json()).toEqual({
      detail: messages.invalidJwt,
    });
    expect((await anonymous.call(endpoints.invitations.tokenInfo, { query: { token: second } })).statusCode).toBe(200);

    const revoked = await owner.call(endpoints.invitations.revoke, { params: { id: created.id } });
    expect(revoked.json()).toMatchObject({ status: 'revoked' });
    expect(await pending(owner)).not.toContain('new.tech@example.com');
    expect((await anonymous.call(endpoints.invitations.tokenInfo, { query: { token: second } })).json()).toEqual({
      detail: messages.invalidJwt,
    });
    expect((await owner.call(endpoints.invitations.revoke, { params: { id: created.id } })).statusCode).toBe(404);
    expect((await owner.call(endpoints.invitations.resend, { params: { id: created.id } })).statusCode).toBe(404);
  });

  it('a rep impersonating the owner invites and sees the pending list; other dealers see nothing', async () => {
    const rep = await withBusiness('insiderep@demo.test');
    const res = await invite(rep, 'rep.invited@example.com');
    expect(res.statusCode).toBe(201);
    const invitation = res.json() as Invitation;
    expect(invitation.dealer_id).toBe(northside);
    expect(await pending(rep)).toContain('rep.invited@example.com');

    expect(await pending(lakesideOwner)).not.toContain('rep.invited@example.com');
    const other = await lakesideOwner.call(endpoints.invitations.listPending, { query: { dealer_id: northside } });
    expect(other.statusCode).toBe(404);
    expect((await lakesideOwner.call(endpoints.invitations.resend, { params: { id: invitation.id } })).statusCode).toBe(
      404,
    );
    expect((await lakesideOwner.call(endpoints.invitations.revoke, { params: { id: invitation.id } })).statusCode).toBe(
      404,
    );
    for (const c of [
      await signedIn('installer@demo.test'),
      await withBusiness('outsiderep@demo.test'),
      await signedIn('insiderep@demo.test'),
    ]) {
      const denied = await c.call(endpoints.invitations.revoke, { params: { id: invitation.id } });
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toEqual({ detail: INVITATION_TEXTS.notAllowed });
    }
    expect((await rep.call(endpoints.invitations.revoke, { params: { id: 'not-a-uuid' } })).statusCode).toBe(400);
    expect((await rep.call(endpoints.invitations.revoke, { params: { id: invitation.id } })).statusCode).toBe(200);
  });
});

describe('GET /api/my-business/activity (issue 5)', () => {
  it('the owner sees what a rep did while impersonating, newest first, with names', async () => {
    const rep = await withBusiness('insiderep@demo.test');
    await rep.call(endpoints.dealers.updateInstaller, {
      params: { id: installerIdByEmail.get('installer@demo.test')! },
      body: { is_purchaser: false },
    });
    // The audit is written after the answer; give it a moment.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const owner = await signedIn('owner@demo.test');
    const res = await owner.call(endpoints.dealers.activity, { query: { limit: 100 } });
    expect(res.statusCode).toBe(200);
    const list = res.json() as DescribedActivityList;
    expect(list.count).toBeGreaterThanOrEqual(2);
    const request = list.results.find((e) => e.kind === 'request' && e.path?.startsWith('/api/installer/'));
    expect(request).toMatchObject({
      method: 'PATCH',
      status: 200,
      // What happened in words, never the raw call (issue 15 §13).
      description: 'Changed an installer’s purchasing rights or retirement',
      actor: { email: 'insiderep@demo.test', first_name: 'Tessa' },
      impersonated: { email: 'owner@demo.test' },
    });
    expect(list.results.find((e) => e.kind === 'business-selected')).toMatchObject({
      description: 'Started acting for the business',
    });
    for (const event of list.results) expect(event.description, event.path ?? event.kind).not.toMatch(/\/api\//);

    const times = list.results.map((e) => e.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    // The rep acting for the business sees the same list.
    expect(
      ((await rep.call(endpoints.dealers.activity, { query: { limit: 100 } })).json() as DescribedActivityList).count,
    ).toBe(list.count);
    const paged = (
      await owner.call(endpoints.dealers.activity, { query: { limit: 1, offset: 1 } })
    ).json() as DescribedActivityList;
    expect(paged).toMatchObject({ count: list.count, previous: 0 });
    expect(paged.results[0]!.id).toBe(list.results[1]!.id);
  });

  it('says in words what each call did, what was refused, and a plain line for any other call (issue 15 §13)', async () => {
    const rep = await withBusiness('insiderep@demo.test');
    const found = (await rep.call(endpoints.catalog.searchProducts, { body: { limit: 40 } })).json() as {
      results: { id: string; isAvailableForPurchase: boolean }[];
    };
    const product = found.results.find((p) => p.isAvailableForPurchase)!;
    const cart = await rep.call(endpoints.cart.create, {
      body: {
        lines: [{ variantId: product.id, quantity: 2 }],
      },
    });
    expect(cart.statusCode).toBe(200);
    const owner = installerIdByEmail.get('owner@demo.test')!;
    expect(
      (await rep.call(endpoints.dealers.updateInstaller, { params: { id: owner }, body: { is_retired: true } }))
        .statusCode,
    ).toBe(400);
    await rep.call(endpoints.accounts.resendSignUpEmail, { body: { email: 'nobody@example.test' } });
    const described = async () =>
      (
        (await rep.call(endpoints.dealers.activity, { query: { limit: 10 } })).json() as DescribedActivityList
      ).results.map((e) => e.description);
    await expect
      .poll(described)
      .toEqual(
        expect.arrayContaining([
          'Added 2 items to the cart',
          'Tried to change an installer’s purchasing rights or retirement; it was refused',
          'Made a change for the business',
        ]),
      );
  });

  it('other dealers see only their own; staff without ownership 403; bad paging 400', async () => {
    const lakesideList = (await lakesideOwner.call(endpoints.dealers.activity)).json() as DescribedActivityList;
    const [bp] = await t.db.select().from(businessPartners).where(eq(businessPartners.sapBpCode, 'C100234'));
    expect(lakesideList.results.every((e) => e.path === null || !e.path.includes(bp!.id))).toBe(true);
    expect(lakesideList.results.some((e) => e.actor.email === 'insiderep@demo.test')).toBe(false);
    for (const email of ['installer@demo.test', 'accountant@demo.test']) {
      expect((await (await signedIn(email)).call(endpoints.dealers.activity)).statusCode, email).toBe(403);
    }
    expect((await (await signedIn('admin@demo.test')).call(endpoints.dealers.activity)).statusCode).toBe(404);
    expect((await testClient(t.app).call(endpoints.dealers.activity)).statusCode).toBe(401);
    const owner = await signedIn('owner@demo.test');
    for (const query of [{ limit: 0 }, { limit: 101 }, { offset: -1 }, { limit: 'x' }]) {
      const res = await owner.call(endpoints.dealers.activity, { query: unchecked(query) });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
    // and the lakeside owner's activity is about Lakeside only
    const [lake] = await t.db
      .select()
      .from(businessPartners)
      .where(and(eq(businessPartners.sapBpCode, 'C100310')));
    expect(lake).toBeDefined();
  });
});
