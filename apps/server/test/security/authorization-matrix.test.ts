import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Response as InjectResponse } from 'light-my-request';
import {
  CONTACT_SUBJECTS,
  endpointList,
  type Checkout,
  type Endpoint,
  type MfaStatus,
  type SearchProductsResponse,
  type VehicleInfo,
} from '@portal/contracts';
import { createTestApp, type TestContext } from '../helpers.ts';
import { testClient, type TestClient } from '../client.ts';
import { totp } from '../totp.ts';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../../src/seed/people.ts';
import { DEMO_VEHICLES } from '../../src/seed/vehicle-demo.ts';
import { SESSION_COOKIE_PREFIX } from '../../src/modules/auth/auth.ts';
import { businessPartners } from '../../src/modules/business-partners/schema.ts';
import { dealers, installers } from '../../src/modules/dealers/schema.ts';
import { users } from '../../src/modules/users/schema.ts';
import { orders } from '../../src/modules/orders/schema.ts';
import { creditMemos, invoices } from '../../src/modules/billing/schema.ts';
import { deviceRewards } from '../../src/modules/rewards/schema.ts';
import {
  AUTHORIZATION_TABLE,
  expectedOf,
  ROLES,
  type Answer,
  type Role,
  type RouteKey,
  type Row,
} from './authorization-table.ts';

/**
 * The authorization matrix (issue 14): every route of the app × every role (authorization-table.ts),
 * through HTTP on the test database. The route list comes from the app's own route table, so a new
 * route fails here until its row is written. Each role signs in once and its cookies are reused; the
 * cells of a route run side by side, each with a valid request that changes nothing it gets through
 * (a wrong current password, a name the user already has, a thing made for that cell alone). A call
 * that ends or changes its session makes the role sign in again before its next use, so no cell
 * depends on the order of the others. A cell refused with 401 or 403 is also asked with requests that
 * break the route's schemas (its body, query, path): they must get the very same answer.
 */

// ---- The routes of the app ------------------------------------------------------------------------

/**
 * Every route Fastify registered, as `METHOD /path`, read from its route tree (`printRoutes`): the
 * OpenAPI document leaves out hidden routes (health, metrics, the docs' own files), this does not. A
 * HEAD route Fastify adds beside a GET is the GET's. An unreadable line fails rather than hides a route.
 */
function routesOf(app: FastifyInstance): string[] {
  const byPath = new Map<string, Set<string>>();
  const pathAtDepth: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    if (!line.trim()) continue;
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) throw new Error(`printRoutes gave a line this test can not read: ${JSON.stringify(line)}`);
    const depth = match[1]!.length / 4;
    const path = (depth ? pathAtDepth[depth - 1]! : '') + match[2]!;
    pathAtDepth.length = depth;
    pathAtDepth.push(path);
    for (const method of match[3]?.split(', ') ?? []) {
      byPath.set(path, (byPath.get(path) ?? new Set()).add(method));
    }
  }
  return [...byPath].flatMap(([path, methods]) =>
    [...methods].filter((m) => !(m === 'HEAD' && methods.has('GET'))).map((m) => `${m} ${path}`),
  );
}

// ---- Who asks ---------------------------------------------------------------------------------------

const LAKESIDE_OWNER = 'totp@demo.test';
const ACCOUNTS: Record<Role, { email: string; select?: string } | null> = {
  anonymous: null,
  installer: { email: 'installer@demo.test' },
  purchaser: { email: 'purchaser@demo.test' },
  owner: { email: 'owner@demo.test' },
  accountant: { email: 'accountant@demo.test' },
  retired: { email: 'retired@demo.test' },
  insiderep: { email: 'insiderep@demo.test' },
  'insiderep+NS': { email: 'insiderep@demo.test', select: 'C100234' },
  outsiderep: { email: 'outsiderep@demo.test' },
  'outsiderep+NS': { email: 'outsiderep@demo.test', select: 'C100234' },
  admin: { email: 'admin@demo.test' },
  consumer: { email: 'consumer@demo.test' },
  'LS-owner': { email: LAKESIDE_OWNER },
};

/** The dealer (or B2C business) a caller belongs to or acts for. */
type Home = 'NS' | 'LS' | 'B2C' | null;
const HOME: Record<Role, Home> = {
  anonymous: null,
  installer: 'NS',
  purchaser: 'NS',
  owner: 'NS',
  accountant: 'NS',
  retired: 'NS',
  insiderep: null,
  'insiderep+NS': 'NS',
  outsiderep: null,
  'outsiderep+NS': 'NS',
  admin: null,
  consumer: 'B2C',
  'LS-owner': 'LS',
};
/** The other dealer: Lakeside, or Northside for Lakeside's owner. */
const otherOf = (role: Role): 'NS' | 'LS' => (HOME[role] === 'LS' ? 'NS' : 'LS');
/** canPurchase(user) and a business to buy for (spec 01 §6): the callers who have a cart of their own. */
const BUYERS: ReadonlySet<Role> = new Set<Role>(['purchaser', 'owner', 'insiderep+NS', 'outsiderep+NS', 'LS-owner']);

const TRUST_COOKIE = `${SESSION_COOKIE_PREFIX}.trust_device`;

/**
 * One signed-in client per role, made on first use and kept (a call of the matrix never stores the
 * cookies it gets back, so it can not change them). Lakeside's owner signs in with an authenticator
 * code once and remembers the device; later sign-ins show the remembered device instead of a new code.
 */
function createSessions(app: FastifyInstance) {
  const shared = new Map<Role, Promise<TestClient>>();
  let trustCookie: string | null = null;
  let lakesideSignIns = Promise.resolve<unknown>(null);

  async function signIn(role: Role): Promise<TestClient> {
    const account = ACCOUNTS[role];
    const client = testClient(app);
    if (!account) return client;
    const remembered = account.email === LAKESIDE_OWNER;
    if (remembered && trustCookie)
      client.jar.store({ headers: { 'set-cookie': trustCookie } } as unknown as Parameters<typeof client.jar.store>[0]);
    const res = await client.signIn(account.email);
    if (res.statusCode !== 200) throw new Error(`${role}: sign-in answered ${res.statusCode} ${res.body}`);
    if ((res.json() as { status: string }).status === 'second-factor') await secondFactor(client, role);
    if (remembered) trustCookie = cookieOf(client, TRUST_COOKIE) ?? trustCookie;
    if (account.select) {
      const selected = await client.call('POST', '/api/select-business', { sapBpCode: account.select });
      if (selected.statusCode !== 200) throw new Error(`${role}: select-business answered ${selected.statusCode}`);
    }
    return client;
  }

  /** An authenticator code (one sign-in per code: the next 30-second window's, or the last's, if taken). */
  async function secondFactor(client: TestClient, role: Role) {
    for (const at of [Date.now(), Date.now() + 30_000, Date.now() - 30_000]) {
      const res = await client.secondFactor(totp(DEMO_TOTP_SECRET, at), true);
      if (res.statusCode === 200) return;
    }
    throw new Error(`${role}: no authenticator code was accepted`);
  }

  /** Lakeside's owner signs in one at a time: each remembered-device sign-in renews the device cookie. */
  function signInOneAtATime(role: Role) {
    if (ACCOUNTS[role]?.email !== LAKESIDE_OWNER) return signIn(role);
    const next = lakesideSignIns.then(() => signIn(role));
    lakesideSignIns = next.catch(() => null);
    return next;
  }

  return {
    client(role: Role) {
      let client = shared.get(role);
      if (!client) shared.set(role, (client = signInOneAtATime(role)));
      return client;
    },
    /** After a call ended or changed the role's session: the next use signs in again. */
    forget: (role: Role) => shared.delete(role),
    /** After a call ended every session of a user: each of its roles signs in again. */
    forgetUser(role: Role) {
      for (const other of ROLES) if (ACCOUNTS[other]?.email === ACCOUNTS[role]?.email) shared.delete(other);
    },
  };
}

function cookieOf(client: TestClient, name: string): string | null {
  const pair = client.jar
    .header()
    .split('; ')
    .find((p) => p.startsWith(`${name}=`));
  return pair ?? null;
}

// ---- How each route is asked ----------------------------------------------------------------------

/** The kinds of id a route names; each role has its own (maybe none) and the other dealer's. */
type IdKind =
  | 'dealer'
  | 'business'
  | 'user'
  | 'installer'
  | 'staff'
  | 'invitation'
  | 'cart'
  | 'device'
  | 'serial'
  | 'deviceJob'
  | 'activation'
  | 'card'
  | 'bank'
  | 'order'
  | 'invoice'
  | 'creditMemo';
type Target = 'own' | 'other';
interface Ref {
  id: string;
  /** A line of the cart (cart targets). */
  lineId?: string;
  /** The address the cart ships to (cart targets). */
  addressId?: string;
}
interface CellContext {
  role: Role;
  target: Target | null;
  ref: Ref;
  /** A number of its own, for e-mails that must not repeat. */
  n: number;
}
interface Call {
  url?: string;
  payload?: object;
  headers?: Record<string, string>;
}
interface How {
  ids?: IdKind;
  /**
   * What the call does to the caller's session, so that no later cell depends on it: 'ends' it (the
   * role signs in again when next needed), or 'ends-all' sessions of the user (cells one after another,
   * each user's roles signing in again). Signing in costs a password hash, so these routes run last.
   */
  session?: 'ends' | 'ends-all';
  /** The call may change what the session acts for: the role signs in again when this says so. */
  changesSession?: (role: Role, status: number) => boolean;
  /**
   * Its 403 comes after the service looks up what the request names (another dealer's is 404 first):
   * it can not come before the request is read, so its 403 cells are not asked with malformed requests.
   */
  refusedAfterLookup?: true;
  /** The answer is a stream that does not end (server-sent events): asked for its status and headers only. */
  stream?: true;
  call: (cell: CellContext) => Call;
}

const NEW_PASSWORD = 'Matrix!Grid2027';
const WRONG_PASSWORD = 'Not-the-password-1!';
const NOT_A_TOKEN = 'not-a-token';
const WRONG_CODE = '000000';

let t: TestContext;
let sessions: ReturnType<typeof createSessions>;
let serial = 0;
const fx = {
  dealer: {} as Record<'NS' | 'LS', string>,
  partner: {} as Record<'NS' | 'LS' | 'B2C', string>,
  userIdByEmail: new Map<string, string>(),
  firstNameById: new Map<string, string>(),
  installerIdByEmail: new Map<string, string>(),
  product: { id: '', sku: '' },
  vehicle: {
    key: { year: 2019, makeId: 'toyota', modelId: 'toyota-camry' },
    id: '',
    wiringCategoryId: '',
    instructionCategoryId: '',
    documentId: '',
    harnessSku: '',
    moduleSku: '',
  },
  folderSlug: '',
  dealerRequestId: '',
  /** A seeded order of each dealer (DEMO-DATA.md "Orders and billing"). */
  order: {} as Record<'NS' | 'LS', string>,
  /** An unpaid invoice and a credit memo of each dealer (DEMO-DATA.md; Lakeside's memo made here). */
  invoice: {} as Record<'NS' | 'LS', string>,
  creditMemo: {} as Record<'NS' | 'LS', string>,
  /** A seeded reward of installer@demo.test (Northside; DEMO-DATA.md "never empty for the demo"). */
  rewardId: '',
};
/** Staff members (not owners) whose rights a manager may change: installer@ at Northside, sms@ at Lakeside. */
const STAFF_OF = { NS: 'installer@demo.test', LS: 'sms@demo.test' } as const;
const OWNER_OF = { NS: 'owner', LS: 'LS-owner' } as const satisfies Record<'NS' | 'LS', Role>;
/** DEMO-DATA "Devices": the device installed for each dealer, and who installed it (seed/devices.ts). */
const DEVICE_OF = { NS: '10230000240', LS: '10230000280' } as const;
const INSTALLED_BY = { NS: 'purchaser@demo.test', LS: 'sms@demo.test' } as const;

const HOW: Record<string, How> = {
  // Identity, public
  // A right password ends the session the caller's browser held (ASVS 7.2.4): the role signs in again after.
  'POST /api/auth/sign-in': {
    session: 'ends',
    call: () => ({ payload: { email: 'consumer@demo.test', password: DEMO_PASSWORD } }),
  },
  'POST /api/auth/second-factor': { call: () => ({ payload: { code: WRONG_CODE } }) },
  'POST /api/auth/second-factor/resend': { call: () => ({}) },
  'POST /api/auth/forgot-password': { call: ({ n }) => ({ payload: { email: `nobody-${n}@example.com` } }) },
  'POST /api/auth/reset-password': {
    call: ({ n }) => ({
      payload: {
        email: `nobody-${n}@example.com`,
        code: WRONG_CODE,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      },
    }),
  },
  'GET /api/auth/verify-email': { call: () => ({ url: `/api/auth/verify-email?token=${NOT_A_TOKEN}` }) },
  'POST /api/auth/sign-out': { session: 'ends', call: () => ({}) },
  'POST /api/user/register': {
    // An e-mail that has an account: the same answer as a new one, and nothing is created.
    call: () => ({
      payload: {
        first_name: 'Matrix',
        last_name: 'Tester',
        email: 'consumer@demo.test',
        password: NEW_PASSWORD,
        confirm_password: NEW_PASSWORD,
      },
    }),
  },
  'POST /api/user/email-resend': { call: ({ n }) => ({ payload: { email: `nobody-${n}@example.com` } }) },
  'POST /api/user/change-email/accept': { call: () => ({ payload: { token: NOT_A_TOKEN } }) },
  'POST /api/user/change-email/decline': { call: () => ({ payload: { token: NOT_A_TOKEN } }) },
  'GET /api/user/token-info': { call: () => ({ url: `/api/user/token-info?token=${NOT_A_TOKEN}` }) },
  'POST /api/user/set-password': {
    call: () => ({
      url: `/api/user/set-password?token=${NOT_A_TOKEN}`,
      payload: { password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
    }),
  },
  'DELETE /api/user/invite/decline': { call: () => ({ url: `/api/user/invite/decline?token=${NOT_A_TOKEN}` }) },
  'DELETE /api/user/invite/decline/': { call: () => ({ url: `/api/user/invite/decline/?token=${NOT_A_TOKEN}` }) },

  // One's own account: wrong passwords and codes get past the session check and change nothing.
  'POST /api/auth/sign-out-everywhere': { session: 'ends-all', call: () => ({}) },
  'POST /api/change-password': {
    call: () => ({
      payload: { password: WRONG_PASSWORD, new_password: NEW_PASSWORD, confirm_new_password: NEW_PASSWORD },
    }),
  },
  'POST /api/user/change-email': {
    call: ({ n }) => ({ payload: { new_email: `moved-${n}@example.com`, password: WRONG_PASSWORD } }),
  },
  'GET /api/get-user-drone-profile': { call: () => ({}) },
  'GET /api/mfa': { call: () => ({}) },
  'POST /api/mfa/totp/enable': { call: () => ({ payload: { password: WRONG_PASSWORD } }) },
  'POST /api/mfa/totp/confirm': { call: () => ({ payload: { code: WRONG_CODE } }) },
  'POST /api/mfa/sms/enable': { call: () => ({ payload: { password: WRONG_PASSWORD, phone: '5550109999' } }) },
  'POST /api/mfa/sms/confirm': { call: () => ({ payload: { code: WRONG_CODE } }) },
  'POST /api/mfa/disable/send-code': { call: () => ({}) },
  'POST /api/mfa/disable': { call: () => ({ payload: { password: WRONG_PASSWORD, code: WRONG_CODE } }) },
  'DELETE /api/mfa/devices/:id': { ids: 'device', call: ({ ref }) => ({ url: `/api/mfa/devices/${ref.id}` }) },
  'GET /api/sessions': { call: () => ({}) },
  'DELETE /api/sessions/:id': { call: () => ({ url: '/api/sessions/no-such-session' }) },
  'GET /api/admin/users/:userId/sessions': {
    call: () => ({ url: `/api/admin/users/${fx.userIdByEmail.get('purchaser@demo.test')}/sessions` }),
  },
  'DELETE /api/admin/users/:userId/sessions/:id': {
    call: () => ({ url: `/api/admin/users/${fx.userIdByEmail.get('purchaser@demo.test')}/sessions/no-such-session` }),
  },
  'GET /api/user/:id': { ids: 'user', call: ({ ref }) => ({ url: `/api/user/${ref.id}` }) },
  'PATCH /api/user/:id': {
    ids: 'user',
    // The name the user already has: a write that gets through changes nothing.
    call: ({ ref }) => ({
      url: `/api/user/${ref.id}`,
      payload: { updates: { first_name: fx.firstNameById.get(ref.id) } },
    }),
  },
  'GET /api/user': { call: () => ({}) },
  'PATCH /api/user': { call: () => ({ payload: { updates: { first_name: 'Matrix' } } }) },
  'GET /api/user/': { call: () => ({}) },
  'PATCH /api/user/': { call: () => ({ payload: { updates: { first_name: 'Matrix' } } }) },

  // Session
  'GET /api/session': { call: () => ({}) },
  // Selecting Northside again leaves a '+NS' session as it was; any other selection or clearing changes it.
  'POST /api/select-business': {
    // A selection gives the session a new token (ASVS 7.2.4), even of the business already selected.
    changesSession: (_role, status) => status < 300,
    call: () => ({ payload: { sapBpCode: 'C100234' } }),
  },
  'DELETE /api/select-business': {
    changesSession: (_role, status) => status < 300,
    call: () => ({}),
  },
  'PUT /api/preferences': { call: () => ({ payload: {} }) },

  // Catalog, deals, content
  'GET /api/catalog/menu': { call: () => ({}) },
  'POST /api/search-products': { call: () => ({ payload: { limit: 8 } }) },
  'POST /api/search-products/cursor': { call: () => ({ payload: { limit: 8, page: 2 } }) },
  'GET /api/product-by-sku/:sku': { call: () => ({ url: `/api/product-by-sku/${fx.product.sku}` }) },
  'POST /api/products-by-ids': { call: () => ({ payload: { ids: [fx.product.id] } }) },
  'POST /api/vehicle-saleor-products': { call: () => ({ payload: { skus: [fx.product.sku] } }) },
  'POST /api/condensed-products-by-ids': { call: () => ({ payload: { ids: [fx.product.id] } }) },
  'GET /api/popular-products': { call: () => ({}) },
  'GET /api/product-images/:sku/:file': { call: () => ({ url: `/api/product-images/${fx.product.sku}/1.svg` }) },
  'GET /api/get-coupons': { call: () => ({}) },
  'GET /api/get-discounted-products': { call: () => ({}) },
  'GET /api/content/home-carousel': { call: () => ({}) },
  'POST /api/contact-us': {
    call: () => ({
      payload: { name: 'Lee Matrix', email: 'lee@example.com', subject: CONTACT_SUBJECTS[0], message: 'Matrix test' },
    }),
  },
  'POST /api/dealer-requests': { call: () => ({ payload: application('matrix-applicant@example.com') }) },
  'GET /api/dev/outbox': { call: () => ({}) },

  // Vehicles and wiring
  'POST /api/year-make-model': { call: () => ({ payload: { year: 2019 } }) },
  'POST /api/dot-vehicle-by-vin': { call: () => ({ payload: { VIN: DEMO_VEHICLES[0]!.vin } }) },
  'POST /api/vehicle-info': { call: () => ({ payload: fx.vehicle.key }) },
  'POST /api/internal-vehicle-wiring': { call: () => ({ payload: fx.vehicle.key }) },
  'POST /api/external-vehicle-wiring': { call: () => ({ payload: fx.vehicle.key }) },
  'POST /api/wiring-by-category': {
    call: () => ({ payload: { vehicleId: fx.vehicle.id, categoryId: fx.vehicle.wiringCategoryId } }),
  },
  'POST /api/instructions-by-category': {
    call: () => ({ payload: { vehicleId: fx.vehicle.id, categoryId: fx.vehicle.instructionCategoryId } }),
  },
  'POST /api/guides-by-vehicle-ids': { call: () => ({ payload: { vehicleIds: [fx.vehicle.id] } }) },
  'POST /api/vehicle-saleor-accessory-products': { call: () => ({ payload: { vehicleId: fx.vehicle.id } }) },
  'POST /api/t-harness-by-sku': { call: () => ({ payload: { items: [{ sku: fx.vehicle.harnessSku }] } }) },
  'POST /api/product-features': { call: () => ({ payload: { productId: fx.vehicle.moduleSku } }) },
  'GET /api/folder': { call: () => ({}) },
  'GET /api/folder/:slug': { call: () => ({ url: `/api/folder/${fx.folderSlug}` }) },
  'GET /api/documents/:id': { call: () => ({ url: `/api/documents/${fx.vehicle.documentId}` }) },
  'GET /api/vehicle-images/:file': { call: () => ({ url: '/api/vehicle-images/sedan.svg' }) },

  // Business partners and dealers
  'POST /api/business-partners': { call: () => ({ payload: {} }) },
  'GET /api/business-partners/:id': {
    ids: 'business',
    call: ({ ref }) => ({ url: `/api/business-partners/${ref.id}` }),
  },
  'GET /api/users-info-saleor': {
    ids: 'business',
    call: ({ ref }) => ({ url: `/api/users-info-saleor?bpId=${ref.id}` }),
  },
  'GET /api/dealers': { call: () => ({}) },
  'GET /api/dealers/:id': { ids: 'dealer', call: ({ ref }) => ({ url: `/api/dealers/${ref.id}` }) },

  // My Business: writes that change nothing when they get through (the flags the staff member already has).
  // Rewards (issue 30 §4): the caller's own installer id at its dealer, or every installer's for who has none.
  'GET /api/dealers/:id/device-rewards': {
    ids: 'dealer',
    call: ({ role, ref }) => {
      const email = ACCOUNTS[role]?.email;
      const installerId = (email && fx.installerIdByEmail.get(email)) || 'all';
      return { url: `/api/dealers/${ref.id}/device-rewards?installer_id=${installerId}` };
    },
  },
  'GET /api/rewards/:id': { call: () => ({ url: `/api/rewards/${fx.rewardId}` }) },
  'GET /api/payouts': { call: () => ({}) },
  'POST /api/payouts/onboarding-link': { call: () => ({}) },
  'GET /api/payouts/test-onboarding/:token': {
    call: () => ({ url: '/api/payouts/test-onboarding/matrix-unknown-link-token' }),
  },
  'POST /api/payouts/test-onboarding/:token': {
    call: () => ({ url: '/api/payouts/test-onboarding/matrix-unknown-link-token' }),
  },
  'GET /api/dealers/:id/installers': {
    ids: 'dealer',
    call: ({ ref }) => ({ url: `/api/dealers/${ref.id}/installers` }),
  },
  'PATCH /api/installer/:id': {
    ids: 'installer',
    refusedAfterLookup: true,
    call: ({ ref }) => ({ url: `/api/installer/${ref.id}`, payload: { is_purchaser: false } }),
  },
  'PATCH /api/dealer/:id': {
    ids: 'dealer',
    call: ({ ref }) => ({ url: `/api/dealer/${ref.id}`, payload: { is_public_profile: true } }),
  },
  'POST /api/update-user-permissions': {
    ids: 'staff',
    call: ({ ref }) => ({ payload: { removeUsersId: [ref.id], addUsersId: [] } }),
  },
  // A member of the inviter's own staff: refused (409) past the check of who invites; nothing is made or sent.
  'POST /api/user/invite': {
    call: ({ role }) => ({ payload: { email: STAFF_OF[HOME[role] === 'LS' ? 'LS' : 'NS'], user_type: 'installer' } }),
  },
  'GET /api/user/token': { ids: 'dealer', call: ({ ref }) => ({ url: `/api/user/token?dealer_id=${ref.id}` }) },
  'POST /api/user/invite/:id/resend': {
    ids: 'invitation',
    call: ({ ref }) => ({ url: `/api/user/invite/${ref.id}/resend` }),
  },
  'DELETE /api/user/invite/:id': { ids: 'invitation', call: ({ ref }) => ({ url: `/api/user/invite/${ref.id}` }) },
  'GET /api/my-business/activity': { call: () => ({}) },

  // Admin review: a taken SAP code makes an approval refuse (409) in its transaction.
  'GET /api/admin/dealer-requests': { call: () => ({}) },
  'GET /api/admin/dealer-requests/:id': { call: () => ({ url: `/api/admin/dealer-requests/${fx.dealerRequestId}` }) },
  'POST /api/admin/dealer-requests/:id/approve': {
    call: () => ({
      url: `/api/admin/dealer-requests/${fx.dealerRequestId}/approve`,
      payload: { sapBpCode: 'C100234', channel: 'dealer' },
    }),
  },
  'POST /api/admin/dealer-requests/:id/decline': {
    call: () => ({ url: `/api/admin/dealer-requests/${fx.dealerRequestId}/decline`, payload: { note: 'Matrix test' } }),
  },

  // Cart: each cell's carts are made (or found) right before it, with a line.
  'GET /api/products-checkout/last-b2b-token': { call: () => ({}) },
  'POST /api/products-checkout/create-b2b': { call: () => ({ payload: { lines: [] } }) },
  'GET /api/products-checkout/:token': {
    ids: 'cart',
    call: ({ ref }) => ({ url: `/api/products-checkout/${ref.id}` }),
  },
  'POST /api/products-checkout/:token/add-lines': {
    ids: 'cart',
    call: ({ ref }) => ({
      url: `/api/products-checkout/${ref.id}/add-lines`,
      payload: { lines: [{ variantId: fx.product.id, quantity: 1 }] },
    }),
  },
  'POST /api/products-checkout/:token/update-lines': {
    ids: 'cart',
    call: ({ ref }) => ({
      url: `/api/products-checkout/${ref.id}/update-lines`,
      payload: { lines: [{ lineId: ref.lineId, quantity: 1 }] },
    }),
  },
  'POST /api/products-checkout/:token/delete-lines': {
    ids: 'cart',
    call: ({ ref }) => ({ url: `/api/products-checkout/${ref.id}/delete-lines`, payload: { lineId: ref.lineId } }),
  },

  'POST /api/quick-order/match': { call: () => ({ payload: { lines: [{ sku: fx.product.sku, quantity: 1 }] } }) },
  'POST /api/quick-order/add-to-cart': {
    call: ({ n }) => ({
      payload: { lines: [{ sku: fx.product.sku, quantity: 1 }] },
      headers: { 'idempotency-key': `matrix-paste-${n}-${Date.now()}` },
    }),
  },

  // Cards and bank accounts: each cell gets a card or bank account of its own, made by the dealer's owner.
  'GET /api/card': { call: () => ({}) },
  'POST /api/card': { call: () => ({ payload: CARD }) },
  'GET /api/card/:id': { ids: 'card', call: ({ ref }) => ({ url: `/api/card/${ref.id}` }) },
  'PATCH /api/card/:id': {
    ids: 'card',
    call: ({ ref }) => ({ url: `/api/card/${ref.id}`, payload: { updates: { name: 'Matrix Card' } } }),
  },
  'DELETE /api/card/:id': { ids: 'card', call: ({ ref }) => ({ url: `/api/card/${ref.id}` }) },
  'POST /api/users-payment-methods': { call: () => ({ payload: {} }) },
  'POST /api/create-credit-card': { call: () => ({ payload: CARD }) },
  'PATCH /api/update-credit-card': {
    ids: 'card',
    call: ({ ref }) => ({ payload: { id: ref.id, updates: { name: 'Matrix Card' } } }),
  },
  'DELETE /api/delete-credit-card': { ids: 'card', call: ({ ref }) => ({ payload: { id: ref.id } }) },
  'POST /api/create-bank-account': { call: () => ({ payload: BANK_ACCOUNT }) },
  'PATCH /api/update-bank-account': {
    ids: 'bank',
    call: ({ ref }) => ({ payload: { id: ref.id, updates: { accountHolderName: 'Matrix Holder' } } }),
  },
  'DELETE /api/delete-bank-account': { ids: 'bank', call: ({ ref }) => ({ payload: { id: ref.id } }) },
  'POST /api/verify-bank-account': { ids: 'bank', call: ({ ref }) => ({ payload: { id: ref.id, amounts: [32, 45] } }) },

  // Checkout: each cell's cart is its own (made right before it); completing it places a COD order.
  'POST /api/products-checkout/:token/update-b2b-shipping-address': {
    ids: 'cart',
    call: ({ ref }) => ({
      url: `/api/products-checkout/${ref.id}/update-b2b-shipping-address`,
      payload: { addressId: ref.addressId },
    }),
  },
  'POST /api/products-checkout/:token/update-b2b-billing-address': {
    ids: 'cart',
    call: ({ ref }) => ({
      url: `/api/products-checkout/${ref.id}/update-b2b-billing-address`,
      payload: { addressId: ref.addressId },
    }),
  },
  'POST /api/products-checkout/:token/update-shipping-method': {
    ids: 'cart',
    call: ({ ref }) => ({
      url: `/api/products-checkout/${ref.id}/update-shipping-method`,
      payload: { shippingMethodId: 'b2b-ups-ground' },
    }),
  },
  'POST /api/products-checkout/:token/set-b2b-po-number': {
    ids: 'cart',
    call: ({ ref }) => ({
      url: `/api/products-checkout/${ref.id}/set-b2b-po-number`,
      payload: { poNumber: 'MATRIX-1' },
    }),
  },
  'POST /api/products-checkout/:token/set-b2b-payment': {
    ids: 'cart',
    // A partial amount: refused past the checks of who asks (PARTIAL_PAYMENT_NOT_ALLOWED), nothing is set.
    call: ({ ref }) => ({
      url: `/api/products-checkout/${ref.id}/set-b2b-payment`,
      payload: { gateway: 'COD', amount: 1 },
    }),
  },
  'POST /api/products-checkout/:token/complete-b2b-checkout': {
    ids: 'cart',
    call: ({ ref, n }) => ({
      url: `/api/products-checkout/${ref.id}/complete-b2b-checkout`,
      payload: { selectedPayment: 'COD' },
      headers: { 'idempotency-key': `matrix-${n}-${Date.now()}` },
    }),
  },

  // My Orders (reorder adds the order's lines to the caller's own cart: nothing another cell reads)
  'POST /api/order-transactions': { call: () => ({ payload: { first: 5 } }) },
  'POST /api/order-transaction': { ids: 'order', call: ({ ref }) => ({ payload: { id: ref.id } }) },
  'POST /api/order-transaction/reorder': { ids: 'order', call: ({ ref }) => ({ payload: { id: ref.id } }) },
  'GET /api/last-three-order-product-ids': { call: () => ({}) },

  // Billing: reads, and a payment whose expectedTotal differs from the charge: refused (409) past the checks
  // of who pays and whose invoice it is, before anything is written or charged.
  'GET /api/billing-summary': { call: () => ({}) },
  'POST /api/invoices': { call: () => ({ payload: { first: 5 } }) },
  'POST /api/invoice': { ids: 'invoice', call: ({ ref }) => ({ payload: { id: ref.id } }) },
  'POST /api/credit-memos': { call: () => ({ payload: { first: 5 } }) },
  'POST /api/credit-memo': { ids: 'creditMemo', call: ({ ref }) => ({ payload: { id: ref.id } }) },
  'POST /api/pay-invoice': {
    ids: 'invoice',
    call: ({ ref, n }) => ({
      payload: { invoices: [{ id: ref.id, paymentAmount: 1 }], expectedTotal: 0 },
      headers: { 'idempotency-key': `matrix-${n}-${Date.now()}` },
    }),
  },

  // Activations (issue 29 §3): a plan purchase of each dealer's installed device (no service mode needed); an activation started by the
  // role itself ("own") or by the other dealer's owner ("other"). A stale version or a closed activation is refused past the owner check (409).
  'POST /api/activations': {
    ids: 'serial',
    call: ({ ref }) => ({ payload: { device_key: ref.id, activation_type: 'purchase-subscription' } }),
  },
  'GET /api/activations': { call: () => ({}) },
  'GET /api/activations/:id': { ids: 'activation', call: ({ ref }) => ({ url: `/api/activations/${ref.id}` }) },
  'PATCH /api/activations/:id': {
    ids: 'activation',
    call: ({ ref }) => ({ url: `/api/activations/${ref.id}`, payload: { version: 0, current_step: 'purchase-plan' } }),
  },
  'POST /api/activations/:id/restart': {
    ids: 'activation',
    call: ({ ref }) => ({ url: `/api/activations/${ref.id}/restart`, payload: { version: 0 } }),
  },
  // A version the activation never had: refused (409) past the owner check, before anything is sent to the unit.
  'POST /api/activations/:id/complete': {
    ids: 'activation',
    call: ({ ref }) => ({
      url: `/api/activations/${ref.id}/complete`,
      payload: { version: 100_000, exit_service_mode: false },
    }),
  },
  'DELETE /api/activations/:id': { ids: 'activation', call: ({ ref }) => ({ url: `/api/activations/${ref.id}` }) },
  'GET /api/device/:key/activations': {
    ids: 'serial',
    call: ({ ref }) => ({ url: `/api/device/${ref.id}/activations` }),
  },

  // Devices (issue 28): each dealer's installed demo device; requests that change nothing that matters (a status
  // query, an activation or installation it already has, a swap with itself refused, settings its model lacks: 422).
  // Plans and subscription lines (issue 30): a plan line for each dealer's installed demo device (put again, it replaces).
  'GET /api/plans': { call: () => ({}) },
  'GET /api/plan/:id': { call: () => ({ url: '/api/plan/premium' }) },
  'GET /api/plans/upgrade': { ids: 'serial', call: ({ ref }) => ({ url: `/api/plans/upgrade?device_key=${ref.id}` }) },
  'PUT /api/cart/subscription-lines': {
    ids: 'serial',
    call: ({ ref }) => ({ payload: { device_key: ref.id, plan_id: 'premium', newPricingPlan: '2_year' } }),
  },
  'DELETE /api/cart/subscription-lines/:device_key': {
    call: () => ({ url: '/api/cart/subscription-lines/10230009999' }),
  },
  // The plan purchase's mock run (nothing charged or changed); a receipt nobody has; the plan sales report.
  'POST /api/payments': {
    ids: 'serial',
    call: ({ ref }) => ({
      payload: { validate: true, line_items: [{ device_key: ref.id, plan_id: 'premium', newPricingPlan: '2_year' }] },
    }),
  },
  'GET /api/payments/:uuid': { call: () => ({ url: '/api/payments/00000000-0000-4000-8000-000000000000' }) },
  'GET /api/plan-sales': { call: () => ({ url: '/api/plan-sales' }) },

  'POST /api/iot/device-check': { ids: 'serial', call: ({ ref }) => ({ payload: { device_key: ref.id } }) },
  'POST /api/iot/device-purchasing-check': { ids: 'serial', call: ({ ref }) => ({ payload: { device_key: ref.id } }) },
  'POST /api/iot/send-command': {
    ids: 'serial',
    call: ({ ref }) => ({ payload: { device_key: ref.id, command: 'query_status', wait_ms: 0 } }),
  },
  'GET /api/iot/jobs/:id': { ids: 'deviceJob', call: ({ ref }) => ({ url: `/api/iot/jobs/${ref.id}` }) },
  'GET /api/iot/logs': { ids: 'serial', call: ({ ref }) => ({ url: `/api/iot/logs?device_key=${ref.id}&limit=5` }) },
  'PATCH /api/device/swap': {
    ids: 'serial',
    call: ({ ref }) => ({ payload: { old_device_key: ref.id, new_device_key: ref.id } }),
  },
  'PATCH /api/device/activate': { ids: 'serial', call: ({ ref }) => ({ payload: { device_key: ref.id } }) },
  'PATCH /api/device/install': {
    ids: 'serial',
    call: ({ ref }) => ({ payload: { device_key: ref.id, exit_service_mode: false } }),
  },
  'POST /api/device/welcome': {
    ids: 'serial',
    call: ({ ref, n }) => ({
      payload: { device_key: ref.id, email: `welcome-${n}@example.com`, name: 'Matrix Owner' },
    }),
  },
  'PATCH /api/device/hardwired-mode': {
    ids: 'serial',
    call: ({ ref }) => ({ payload: { device_key: ref.id, hardwired_input: 'None', hardwired_output: 'None' } }),
  },
  'GET /api/device/:key/check-firmware-update': {
    ids: 'serial',
    call: ({ ref }) => ({ url: `/api/device/${ref.id}/check-firmware-update` }),
  },
  'POST /api/device/:key/firmware-update': {
    ids: 'serial',
    call: ({ ref }) => ({ url: `/api/device/${ref.id}/firmware-update`, payload: { target: 'kl1' } }),
  },
  'PATCH /api/device/:key/pin': {
    ids: 'serial',
    call: ({ ref }) => ({ url: `/api/device/${ref.id}/pin`, payload: { pin: '1234', is_secondary_pin: true } }),
  },
  'DELETE /api/device/:key/pin': {
    ids: 'serial',
    call: ({ ref }) => ({ url: `/api/device/${ref.id}/pin?master_pin=1234` }),
  },
  'GET /api/device/:key/option-tables': {
    ids: 'serial',
    call: ({ ref }) => ({ url: `/api/device/${ref.id}/option-tables?skip_query=true` }),
  },
  'PATCH /api/device/:key/option-tables': {
    ids: 'serial',
    call: ({ ref }) => ({ url: `/api/device/${ref.id}/option-tables`, payload: { values: {} } }),
  },
  'GET /api/device/:key/special-option-tables': {
    ids: 'serial',
    call: ({ ref }) => ({ url: `/api/device/${ref.id}/special-option-tables` }),
  },
  'PATCH /api/device/:key/special-option-tables': {
    ids: 'serial',
    call: ({ ref }) => ({ url: `/api/device/${ref.id}/special-option-tables`, payload: { values: {} } }),
  },
  'GET /api/device/:key/features': { ids: 'serial', call: ({ ref }) => ({ url: `/api/device/${ref.id}/features` }) },
  'PATCH /api/device/:key/features': {
    ids: 'serial',
    call: ({ ref }) => ({ url: `/api/device/${ref.id}/features`, payload: {} }),
  },
  'PATCH /api/device/:key/keylocker-mode': {
    ids: 'serial',
    call: ({ ref }) => ({ url: `/api/device/${ref.id}/keylocker-mode`, payload: { mode: 'standalone' } }),
  },
  // The installer already linked (the seed's): linking again changes nothing.
  'POST /api/device/link-installer/:key': {
    ids: 'serial',
    call: ({ ref }) => ({
      url: `/api/device/link-installer/${ref.id}`,
      payload: { user_id: fx.userIdByEmail.get(INSTALLED_BY[ref.id === DEVICE_OF.LS ? 'LS' : 'NS'])! },
    }),
  },
  'GET /api/device/:key/history': { ids: 'serial', call: ({ ref }) => ({ url: `/api/device/${ref.id}/history` }) },
  // The business acted for's devices: no id to name, the session decides whose.
  'GET /api/devices': { call: () => ({}) },
  // The event stream (its own module file): who may watch is asked in its handler, after the path is read.
  'GET /api/device/:key/events': {
    ids: 'serial',
    stream: true,
    refusedAfterLookup: true,
    call: ({ ref }) => ({ url: `/api/device/${ref.id}/events` }),
  },

  // Operations and documentation
  'GET /healthz': { call: () => ({}) },
  'GET /readyz': { call: () => ({}) },
  'GET /metrics': { call: () => ({}) },
  'GET /api/docs': { call: () => ({}) },
  'GET /api/docs/': { call: () => ({}) },
  'GET /api/docs/json': { call: () => ({}) },
  'GET /api/docs/yaml': { call: () => ({}) },
  'GET /api/docs/static/index.html': { call: () => ({}) },
  'GET /api/docs/static/swagger-initializer.js': { call: () => ({}) },
  'GET /api/docs/*': { call: () => ({ url: '/api/docs/static/swagger-ui.css' }) },
};

function application(email: string) {
  return {
    companyName: 'Matrix Remote Start',
    firstName: 'Noor',
    lastName: 'Matrix',
    email,
    phoneCountry: 'USCA',
    phone: '(614) 555 - 0199',
    website: 'https://matrix.example',
    streetAddress1: '12 Main St',
    streetAddress2: '',
    city: 'Columbus',
    country: 'US',
    countryArea: 'OH',
    postalCode: '43004',
    yearsInBusiness: '7',
    installerCount: 3,
    brandsOfInterest: ['northwind'],
    message: '',
  };
}

/** The caller's own thing of a kind, and the other dealer's; undefined when there is none to try. */
function targetsOf(kind: IdKind, role: Role): Record<Target, (() => Promise<Ref>) | undefined> {
  const home = HOME[role];
  const dealerHome = home === 'NS' || home === 'LS' ? home : null;
  const other = otherOf(role);
  const ref = (id: string | undefined) => async () => {
    if (!id) throw new Error(`no ${kind} id in the fixtures`);
    return { id };
  };
  switch (kind) {
    case 'dealer':
      return { own: dealerHome ? ref(fx.dealer[dealerHome]) : undefined, other: ref(fx.dealer[other]) };
    case 'business':
      return { own: home ? ref(fx.partner[home]) : undefined, other: ref(fx.partner[other]) };
    case 'user': {
      const account = ACCOUNTS[role];
      const otherOwner = ACCOUNTS[OWNER_OF[other]]!.email;
      return {
        own: account ? ref(fx.userIdByEmail.get(account.email)) : undefined,
        other: ref(fx.userIdByEmail.get(otherOwner)),
      };
    }
    case 'installer':
      return {
        own: dealerHome ? ref(fx.installerIdByEmail.get(STAFF_OF[dealerHome])) : undefined,
        other: ref(fx.installerIdByEmail.get(STAFF_OF[other])),
      };
    case 'staff':
      return {
        own: dealerHome ? ref(fx.userIdByEmail.get(STAFF_OF[dealerHome])) : undefined,
        other: ref(fx.userIdByEmail.get(STAFF_OF[other])),
      };
    case 'invitation':
      return {
        own: dealerHome ? () => pendingInvitation(dealerHome) : undefined,
        other: () => pendingInvitation(other),
      };
    case 'cart':
      return {
        own: BUYERS.has(role) ? () => cartWithLine(role) : undefined,
        other: () => cartWithLine(OWNER_OF[other]),
      };
    case 'card':
    case 'bank':
      return {
        own: dealerHome ? () => paymentMethodOf(dealerHome, kind) : undefined,
        other: () => paymentMethodOf(other, kind),
      };
    case 'order':
      return { own: dealerHome ? ref(fx.order[dealerHome]) : undefined, other: ref(fx.order[other]) };
    case 'invoice':
      return { own: dealerHome ? ref(fx.invoice[dealerHome]) : undefined, other: ref(fx.invoice[other]) };
    case 'creditMemo':
      return { own: dealerHome ? ref(fx.creditMemo[dealerHome]) : undefined, other: ref(fx.creditMemo[other]) };
    case 'serial':
      return { own: dealerHome ? ref(DEVICE_OF[dealerHome]) : undefined, other: ref(DEVICE_OF[other]) };
    case 'deviceJob':
      return { own: dealerHome ? () => deviceJobOf(dealerHome) : undefined, other: () => deviceJobOf(other) };
    case 'activation':
      return {
        own: dealerHome && role !== 'retired' ? () => activationOf(role, dealerHome) : undefined,
        other: () => activationOf(OWNER_OF[other], other),
      };
    case 'device':
      // Only Lakeside's owner has a remembered device; nobody else's to try for them.
      return { own: undefined, other: role === 'LS-owner' ? undefined : rememberedDevice };
  }
}

/** A new pending invitation of a dealer, sent by its owner. */
async function pendingInvitation(dealer: 'NS' | 'LS'): Promise<Ref> {
  const owner = await sessions.client(OWNER_OF[dealer]);
  const res = await owner.call('POST', '/api/user/invite', {
    email: `invitee-${++serial}@example.com`,
    user_type: 'installer',
  });
  if (res.statusCode !== 201) throw new Error(`inviting for ${dealer} answered ${res.statusCode} ${res.body}`);
  return { id: (res.json() as { id: string }).id };
}

const CARD = {
  number: '4242424242424242',
  expMonth: '12',
  expYear: String(new Date().getUTCFullYear() + 2),
  cvv: '123',
  name: 'Matrix Card',
  streetAddress1: '1 Grid St',
  city: 'Columbus',
  state: 'OH',
  postalCode: '43215',
  countryCode: 'US',
};
const BANK_ACCOUNT = {
  accountHolderName: 'Matrix Holder',
  accountType: 'CHECKING',
  ownerType: 'COMPANY',
  routingNumber: '110000000',
  accountNumber: '000123456789',
};

/** A new card or bank account of a dealer's business, added by its owner. */
async function paymentMethodOf(dealer: 'NS' | 'LS', kind: 'card' | 'bank'): Promise<Ref> {
  const owner = await sessions.client(OWNER_OF[dealer]);
  const res =
    kind === 'card'
      ? await owner.call('POST', '/api/card', CARD)
      : await owner.call('POST', '/api/create-bank-account', BANK_ACCOUNT);
  if (res.statusCode !== 201) throw new Error(`a ${kind} for ${dealer} answered ${res.statusCode} ${res.body}`);
  return { id: (res.json() as { id: string }).id };
}

/** The open cart of a buyer, with a line of the fixture product. */
async function cartWithLine(buyer: Role): Promise<Ref> {
  const client = await sessions.client(buyer);
  const res = await client.call('POST', '/api/products-checkout/create-b2b', {
    lines: [{ variantId: fx.product.id, quantity: 1 }],
  });
  if (res.statusCode !== 200) throw new Error(`${buyer}'s cart answered ${res.statusCode} ${res.body}`);
  const cart = res.json() as Checkout;
  const line = cart.lines.find((l) => l.product.id === fx.product.id);
  if (!line) throw new Error(`${buyer}'s cart has no line of ${fx.product.sku}`);
  return { id: cart.token, lineId: line.id, addressId: cart.shippingAddress?.id };
}

/** Lakeside's owner's remembered device (its id changes with every remembered sign-in). */
async function rememberedDevice(): Promise<Ref> {
  const client = await sessions.client('LS-owner');
  const status = (await client.call('GET', '/api/mfa')).json() as MfaStatus;
  const device = status.devices[0];
  if (!device) throw new Error('LS-owner has no remembered device');
  return { id: device.id };
}

/** A job of a dealer's installed device, sent by its owner (one per dealer, made on first use). */
const deviceJobs = new Map<'NS' | 'LS', Promise<Ref>>();
function deviceJobOf(dealer: 'NS' | 'LS'): Promise<Ref> {
  let job = deviceJobs.get(dealer);
  if (!job)
    deviceJobs.set(
      dealer,
      (job = (async () => {
        const owner = await sessions.client(OWNER_OF[dealer]);
        const res = await owner.call('POST', '/api/iot/send-command', {
          device_key: DEVICE_OF[dealer],
          command: 'query_status',
          wait_ms: 0,
        });
        if (res.statusCode !== 200) throw new Error(`a job for ${dealer} answered ${res.statusCode} ${res.body}`);
        return { id: (res.json() as { job_id: string }).job_id };
      })()),
    );
  return job;
}

/** An activation a role started (a plan purchase of its dealer's installed device), one per role, made on first use. */
const activationsByRole = new Map<Role, Promise<Ref>>();
function activationOf(role: Role, dealer: 'NS' | 'LS'): Promise<Ref> {
  let activation = activationsByRole.get(role);
  if (!activation)
    activationsByRole.set(
      role,
      (activation = (async () => {
        const client = await sessions.client(role);
        const res = await client.call('POST', '/api/activations', {
          device_key: DEVICE_OF[dealer],
          activation_type: 'purchase-subscription',
        });
        if (res.statusCode !== 201) throw new Error(`${role}'s activation answered ${res.statusCode} ${res.body}`);
        return { id: (res.json() as { activation: { id: string } }).activation.id };
      })()),
    );
  return activation;
}

// ---- The same refusal, whatever was sent ---------------------------------------------------------

/** The contracts' endpoint of each route of the table (the documentation and metrics have none). */
const ENDPOINT_OF = new Map<string, Endpoint>(
  endpointList().flatMap(({ endpoint }) =>
    [endpoint.path, ...(endpoint.aliases ?? [])].map((path) => [`${endpoint.method} ${path}`, endpoint] as const),
  ),
);

interface Malformed {
  /** What is wrong with it, for the report. */
  what: string;
  url: string;
  /** Sent as it is, as application/json. */
  payload?: string;
}

/** Values of the wrong kind; a part is broken with the first one its schema refuses. */
const WRONG_BODIES: unknown[] = [[], { __: 1 }, 'x'];
const WRONG_VALUES = ['x', '-1', '', 'x'.repeat(300)];
/** In a path: not empty (another route) nor past Fastify's maxParamLength (414, before any route is known). */
const WRONG_SEGMENTS = ['x', '-1'];
const JSON_TYPE = { 'content-type': 'application/json' };

/**
 * Requests to `route` that break what it was sent in `call`, one for each part the endpoint has a
 * schema for: the body (and one that is not JSON at all), a query value, and a path parameter unless
 * `pathNamesTarget` (the row answers the role's own and another dealer's differently: the path says
 * which, so another path may rightly be answered otherwise). Each is checked against the schema here,
 * so a cell can not pass by sending something the route accepts.
 */
function malformedOf(route: RouteKey, call: Call, pathNamesTarget: boolean): Malformed[] {
  const endpoint = ENDPOINT_OF.get(route);
  if (!endpoint) return [];
  const [, pattern] = route.split(' ') as [string, string];
  const url = new URL(call.url ?? pattern, 'http://matrix.test');
  const refuses = (schema: NonNullable<Endpoint['body']>, value: unknown) => !schema.safeParse(value).success;
  const found: Malformed[] = [];

  if (endpoint.body) {
    const body = WRONG_BODIES.find((value) => refuses(endpoint.body!, value));
    if (body !== undefined)
      found.push({ what: `body ${JSON.stringify(body)}`, url: call.url ?? pattern, payload: JSON.stringify(body) });
    found.push({ what: 'a body that is not JSON', url: call.url ?? pattern, payload: '{' });
  }
  if (endpoint.query) {
    const query = Object.fromEntries(url.searchParams);
    const keys = new Set([...Object.keys(query), ...Object.keys((endpoint.query as { shape?: object }).shape ?? {})]);
    const broken = [...keys]
      .flatMap((key) => WRONG_VALUES.map((value) => ({ key, value })))
      .find(({ key, value }) => refuses(endpoint.query!, { ...query, [key]: value }));
    if (broken)
      found.push({
        what: `query ${broken.key}=${broken.value.slice(0, 20)}`,
        url: `${url.pathname}?${new URLSearchParams({ ...query, [broken.key]: broken.value })}`,
      });
  }
  if (endpoint.params && !pathNamesTarget) {
    const names = pattern.split('/');
    const segments = url.pathname.split('/');
    const params = Object.fromEntries(
      names.flatMap((name, at) => (name.startsWith(':') ? [[name.slice(1), decodeURIComponent(segments[at]!)]] : [])),
    );
    const broken = Object.keys(params)
      .flatMap((name) => WRONG_SEGMENTS.map((value) => ({ name, value })))
      .find(({ name, value }) => refuses(endpoint.params!, { ...params, [name]: value }));
    if (broken) {
      const path = names
        .map((name, at) => (name === `:${broken.name}` ? encodeURIComponent(broken.value) : segments[at]))
        .join('/');
      found.push({ what: `path parameter ${broken.name}=${broken.value}`, url: path + url.search });
    }
  }
  return found;
}

// ---- Answers -------------------------------------------------------------------------------------

function matches(expected: Answer, status: number): boolean {
  switch (expected) {
    case 'ok':
      return (status >= 200 && status < 400) || status === 400 || status === 409 || status === 422;
    case 'deny':
      return status === 403 || status === 404;
    case '-':
      return false;
    default:
      return status === Number(expected);
  }
}
const ANSWER_TEXT: Record<Answer, string> = {
  ok: 'ok (2xx/3xx, or 400/409/422 past authorization)',
  '400': '400',
  '401': '401',
  '403': '403',
  '404': '404 (hidden)',
  deny: 'deny (403 or 404)',
  '-': 'not asked',
};

interface Difference {
  route: string;
  role: Role;
  target: Target | null;
  expected: Answer;
  /** A malformed request (what was wrong with it): its answer must be the valid request's. */
  sent?: string;
  got: string;
}
const differences: Difference[] = [];
const describeDifference = (d: Difference) =>
  `${d.route} × ${d.role}${d.target ? ` × ${d.target}` : ''}: ` +
  (d.sent
    ? `sent ${d.sent}, expected the ${d.expected} of the valid request, got ${d.got}`
    : `expected ${ANSWER_TEXT[d.expected]}, got ${d.got}`);

/** What a cell reads of an answer (an event stream's: its status and headers only). */
type Answered = Pick<InjectResponse, 'statusCode' | 'headers' | 'body' | 'json'>;

/** Asks one route as one role: each of its targets (or once without), and compares with the table. */
async function askAs(route: RouteKey, row: Row, how: How, role: Role): Promise<Difference[]> {
  const [method, path] = route.split(' ') as [string, string];
  const expected = expectedOf(row, role);
  const found: Difference[] = [];
  const targets = how.ids ? targetsOf(how.ids, role) : null;
  const asked: (Target | null)[] = targets ? (['own', 'other'] as const).filter((k) => targets[k]) : [null];
  if (targets && expected.split && !targets.own)
    throw new Error(`${route} × ${role}: the table splits own/other, but ${role} has no own ${how.ids}`);
  if (!how.ids && expected.split) throw new Error(`${route}: the table splits own/other, but the route names no id`);
  if (asked.length === 0 && expected.own !== '-')
    throw new Error(`${route} × ${role}: nothing to ask (no own or other ${how.ids}); the table must say '-'`);

  for (const target of asked) {
    const want = target === 'own' ? expected.own : expected.other;
    let got: string;
    try {
      const ref = target ? await targets![target]!() : { id: '' };
      const call = how.call({ role, target, ref, n: ++serial });
      const client = await sessions.client(role);
      const ask = async (url: string, payload?: object | string): Promise<Answered> => {
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          payload,
          remoteAddress: client.remoteAddress,
          headers: { ...call.headers, ...(typeof payload === 'string' && JSON_TYPE), cookie: client.jar.header() },
          ...(how.stream && { payloadAsStream: true }),
        });
        if (!how.stream) return res;
        // A refusal ends; an open stream is read no further and let go (its status and headers are the answer).
        const stream = res.stream();
        let body = '';
        if (res.headers['content-type']?.toString().includes('event-stream')) stream.destroy();
        else for await (const chunk of stream) body += String(chunk);
        return { statusCode: res.statusCode, headers: res.headers, body, json: <T>() => JSON.parse(body) as T };
      };
      // Who may not use the route is refused the same way whatever they send (docs/decisions.md
      // "403 before 400"): malformed requests go beside the valid one, and change nothing either way.
      const refused = want === '401' || (want === '403' && !how.refusedAfterLookup);
      const malformed = refused ? malformedOf(route, call, expected.split) : [];
      const [res, ...refusals] = await Promise.all([
        ask(call.url ?? path, call.payload),
        ...malformed.map((m) => ask(m.url, m.payload)),
      ]);
      if (how.session === 'ends') sessions.forget(role);
      if (how.session === 'ends-all') sessions.forgetUser(role);
      if (how.changesSession?.(role, res.statusCode)) sessions.forget(role);
      const body: unknown = res.headers['content-type']?.toString().includes('json') ? res.json() : undefined;
      // A field error means the request never reached the route's checks: the request is wrong, not the route.
      const invalid = typeof body === 'object' && body !== null && 'validation' in body;
      refusals.forEach((refusal, at) => {
        if (refusal.statusCode === res.statusCode && refusal.body === res.body) return;
        const answerOf = (r: Answered) => `${r.statusCode} ${r.body.slice(0, 160)}`;
        const answered = `${answerOf(refusal)}, not ${answerOf(res)}`;
        found.push({ route, role, target, expected: want, sent: malformed[at]!.what, got: answered });
      });
      if (!invalid && matches(want, res.statusCode)) continue;
      got = `${res.statusCode}${body === undefined ? '' : ` ${JSON.stringify(body).slice(0, 160)}`}`;
      if (invalid) got += ' (the request of this test fails validation: fix it in HOW)';
    } catch (error) {
      got = `an error: ${(error as Error).message}`;
    }
    found.push({ route, role, target, expected: want, got });
  }
  return found;
}

// ---- The tests -----------------------------------------------------------------------------------

beforeAll(async () => {
  // Every role's cells command the same two demo devices within a minute (issue 28 §5 limits them per device).
  t = await createTestApp({ DEVICE_COMMANDS_PER_MINUTE: '100000' });
  sessions = createSessions(t.app);

  const dealerRows = await t.db
    .select({ id: dealers.id, code: businessPartners.sapBpCode })
    .from(dealers)
    .innerJoin(businessPartners, eq(businessPartners.id, dealers.businessPartnerId));
  const partnerRows = await t.db
    .select({ id: businessPartners.id, code: businessPartners.sapBpCode })
    .from(businessPartners);
  const codes = { NS: 'C100234', LS: 'C100310', B2C: 'B2C-000001' } as const;
  for (const home of ['NS', 'LS'] as const) fx.dealer[home] = dealerRows.find((r) => r.code === codes[home])!.id;
  for (const home of ['NS', 'LS', 'B2C'] as const)
    fx.partner[home] = partnerRows.find((r) => r.code === codes[home])!.id;
  for (const home of ['NS', 'LS'] as const) {
    const [order] = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.businessPartnerId, fx.partner[home]))
      .limit(1);
    if (!order) throw new Error(`no seeded order of ${codes[home]}`);
    fx.order[home] = order.id;
    const [invoice] = await t.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(
        and(
          eq(invoices.businessPartnerId, fx.partner[home]),
          sql`${invoices.paidCents} + ${invoices.discountTakenCents} < ${invoices.totalCents}`,
        ),
      )
      .limit(1);
    if (!invoice) throw new Error(`no seeded unpaid invoice of ${codes[home]}`);
    fx.invoice[home] = invoice.id;
    const [memo] = await t.db
      .select({ id: creditMemos.id })
      .from(creditMemos)
      .where(eq(creditMemos.businessPartnerId, fx.partner[home]))
      .limit(1);
    fx.creditMemo[home] =
      memo?.id ??
      (
        await t.db
          .insert(creditMemos)
          .values({
            businessPartnerId: fx.partner[home],
            createDate: new Date().toISOString().slice(0, 10),
            amountCents: 1_000,
            reason: 'Matrix credit',
          })
          .returning({ id: creditMemos.id })
      )[0]!.id;
  }
  for (const u of await t.db.select({ id: users.id, email: users.email, firstName: users.firstName }).from(users)) {
    fx.userIdByEmail.set(u.email, u.id);
    fx.firstNameById.set(u.id, u.firstName);
  }
  for (const s of await t.db
    .select({ email: users.email, id: installers.id })
    .from(installers)
    .innerJoin(users, eq(users.id, installers.userId)))
    fx.installerIdByEmail.set(s.email, s.id);
  fx.rewardId = (
    await t.db
      .select({ id: deviceRewards.id })
      .from(deviceRewards)
      .where(eq(deviceRewards.installerId, fx.installerIdByEmail.get('installer@demo.test')!))
  )[0]!.id;

  // Both owners sign in first (Lakeside's with its authenticator code, remembering the device).
  const [northside, lakeside] = await Promise.all([sessions.client('owner'), sessions.client('LS-owner')]);

  // A product both dealers may buy, so each one's cart can hold it.
  const sellable = async (c: TestClient) => {
    const res = await c.call('POST', '/api/search-products', { limit: 100 });
    return (res.json() as SearchProductsResponse).results.filter((p) => p.isAvailableForPurchase);
  };
  const [forNorthside, forLakeside] = await Promise.all([sellable(northside), sellable(lakeside)]);
  const product = forNorthside.find((p) => forLakeside.some((q) => q.id === p.id));
  if (!product) throw new Error('no product is for sale to both Northside and Lakeside');
  fx.product = { id: product.id, sku: product.sku };

  const vehicle = (await northside.call('POST', '/api/vehicle-info', fx.vehicle.key)).json() as VehicleInfo;
  fx.vehicle.id = vehicle.id;
  fx.vehicle.wiringCategoryId = vehicle.wiring_categories[0]!.id;
  fx.vehicle.instructionCategoryId = vehicle.instruction_categories[0]!.id;
  fx.vehicle.documentId = vehicle.vehicle_documents[0]!.id;
  fx.vehicle.harnessSku = vehicle.t_harnesses[0]!.sku;
  fx.vehicle.moduleSku = vehicle.productSkus[0]!;
  fx.folderSlug = (
    (await northside.call('GET', '/api/folder')).json() as { results: { slug: string }[] }
  ).results[0]!.slug;

  const applied = await testClient(t.app).call(
    'POST',
    '/api/dealer-requests',
    application('matrix-fixture@example.com'),
  );
  if (applied.statusCode !== 201) throw new Error(`dealer request answered ${applied.statusCode} ${applied.body}`);
  fx.dealerRequestId = (applied.json() as { id: string }).id;
});

afterAll(async () => {
  if (differences.length)
    console.log(
      `Authorization matrix: ${differences.length} cells differ from authorization-table.ts:\n` +
        differences.map((d) => `  ${describeDifference(d)}`).join('\n'),
    );
  await t?.close();
});

describe('authorization matrix (issue 14)', () => {
  it('names every route of the app, and only those', () => {
    const app = new Set(routesOf(t.app));
    const table = new Set(AUTHORIZATION_TABLE.map(([route]) => route as string));
    expect(
      {
        'routes of the app missing from authorization-table.ts': [...app].filter((r) => !table.has(r)).sort(),
        'rows of authorization-table.ts for routes that no longer exist': [...table].filter((r) => !app.has(r)).sort(),
        'rows without a request in this test (HOW)': [...table].filter((r) => !HOW[r]).sort(),
        'requests in this test (HOW) without a row': Object.keys(HOW)
          .filter((r) => !table.has(r))
          .sort(),
      },
      'Every route needs a row in authorization-table.ts (and a request here); a row of a removed route goes.',
    ).toEqual({
      'routes of the app missing from authorization-table.ts': [],
      'rows of authorization-table.ts for routes that no longer exist': [],
      'rows without a request in this test (HOW)': [],
      'requests in this test (HOW) without a row': [],
    });
  });

  // Routes that end sessions run last: after them every role would have to sign in again.
  const endsSessions = (row: Row) => (HOW[row[0]]?.session ? 1 : 0);
  const rows = [...AUTHORIZATION_TABLE].sort((a, b) => endsSessions(a) - endsSessions(b));

  it.each(rows.map((row) => [row[0], row] as const))('%s', async (route, row) => {
    const how = HOW[route];
    if (!how) throw new Error(`${route}: no request in HOW`);
    let found: Difference[];
    if (how.session === 'ends-all') {
      // One role at a time: a call ends the sessions of the user's other role too.
      found = [];
      for (const role of ROLES) found.push(...(await askAs(route, row, how, role)));
    } else {
      found = (await Promise.all(ROLES.map((role) => askAs(route, row, how, role)))).flat();
    }
    differences.push(...found);
    expect(found.map(describeDifference), `${route}: cells that differ from the table`).toEqual([]);
  });
});
