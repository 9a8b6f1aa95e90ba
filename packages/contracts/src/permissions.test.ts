import { describe, expect, it } from 'vitest';
import {
  ADMIN_ACCESS_TYPE,
  PERMISSION_GROUPS as G,
  canPurchase,
  canBuyPlans,
  isConsumer,
  fetchesPartnerLimited,
  isAdmin,
  isDealerAccountant,
  isDealerPrimary,
  isNonInstaller,
  isOutsideRep,
  isOwner,
  isSalesRep,
  profileMenuFor,
  roleLabel,
  type PortalUser,
  type ProfileMenu,
  type RoleLabel,
} from './permissions.ts';

/**
 * Every demo account of DEMO-DATA.md as a PortalUser, mirroring apps/server/src/seed/people.ts:
 * user_type entries, permission groups, is_retired, access_type and the installer (staff) record.
 */
function user(email: string, over: Partial<PortalUser>): PortalUser {
  return {
    id: `id-${email}`,
    email,
    first_name: 'First',
    last_name: 'Last',
    image: null,
    is_retired: false,
    access_type: null,
    user_type: [],
    permissionGroups: [],
    dealer_id: null,
    installer: null,
    ...over,
  };
}

const NORTHSIDE_DEALER = 'dealer-C100234';
const LAKESIDE_DEALER = 'dealer-C100310';
const staff = (is_owner = false, is_purchaser = false) => ({ is_owner, is_purchaser });

const DEMO = {
  installer: user('installer@demo.test', {
    user_type: [{ type: 'installer', is_owner: false }],
    permissionGroups: [G.installer],
    dealer_id: NORTHSIDE_DEALER,
    installer: staff(),
  }),
  purchaser: user('purchaser@demo.test', {
    user_type: [{ type: 'installer', is_owner: false }],
    permissionGroups: [G.installer],
    dealer_id: NORTHSIDE_DEALER,
    installer: staff(false, true),
  }),
  owner: user('owner@demo.test', {
    user_type: [{ type: 'dealer', is_owner: true }],
    permissionGroups: [G.dealerPrimary],
    dealer_id: NORTHSIDE_DEALER,
    installer: staff(true, false),
  }),
  accountant: user('accountant@demo.test', {
    user_type: [{ type: 'dealer_accounting', is_owner: false }],
    permissionGroups: [G.dealerAccounting],
    dealer_id: NORTHSIDE_DEALER,
    installer: staff(),
  }),
  retired: user('retired@demo.test', {
    user_type: [{ type: 'installer', is_owner: false }],
    permissionGroups: [G.installer],
    is_retired: true,
    dealer_id: NORTHSIDE_DEALER,
    installer: staff(false, true),
  }),
  insiderep: user('insiderep@demo.test', {
    user_type: [{ type: 'sales_rep', is_owner: false }],
    permissionGroups: [G.insideSalesRep],
  }),
  outsiderep: user('outsiderep@demo.test', {
    user_type: [{ type: 'sales_rep', is_owner: false }],
    permissionGroups: [G.outsideSalesRep],
  }),
  admin: user('admin@demo.test', {
    user_type: [{ type: 'admin', is_owner: false }],
    permissionGroups: [],
    access_type: ADMIN_ACCESS_TYPE,
  }),
  consumer: user('consumer@demo.test', {
    user_type: [{ type: 'consumer', is_owner: false }],
    permissionGroups: [],
  }),
  totp: user('totp@demo.test', {
    user_type: [{ type: 'dealer', is_owner: true }],
    permissionGroups: [G.dealerPrimary],
    dealer_id: LAKESIDE_DEALER,
    installer: staff(true, false),
  }),
  sms: user('sms@demo.test', {
    user_type: [{ type: 'installer', is_owner: false }],
    permissionGroups: [G.installer],
    dealer_id: LAKESIDE_DEALER,
    installer: staff(),
  }),
} satisfies Record<string, PortalUser>;

interface Expected {
  isNonInstaller: boolean;
  isSalesRep: boolean;
  isOutsideRep: boolean;
  isAdmin: boolean;
  isDealerPrimary: boolean;
  isDealerAccountant: boolean;
  isOwner: boolean;
  canPurchase: boolean;
  canBuyPlans: boolean;
  isConsumer: boolean;
  fetchesPartnerLimited: boolean;
  roleLabel: RoleLabel;
  /** profileMenuFor(user, false) */
  menu: ProfileMenu;
  /** profileMenuFor(user, true) */
  menuWithBusiness: ProfileMenu;
}

const menu = (
  myOrders: boolean,
  myProfile: boolean,
  myBusiness: boolean,
  rewards: boolean,
  billing: boolean,
  dealerRequests = false,
) => ({ myOrders, myProfile, myBusiness, rewards, billing, dealerRequests });

const none = {
  isNonInstaller: false,
  isSalesRep: false,
  isOutsideRep: false,
  isAdmin: false,
  isDealerPrimary: false,
  isDealerAccountant: false,
  isOwner: false,
  canPurchase: false,
  canBuyPlans: false,
  isConsumer: false,
  fetchesPartnerLimited: false,
};

// Non-reps: My Orders only with purchasing rights; My Profile and Rewards always;
// My Business and Billing only for owners. A selected business changes nothing for them.
const installerMenu = menu(false, true, false, true, false);
const purchaserMenu = menu(true, true, false, true, false);
const ownerMenu = menu(true, true, true, true, true);
const adminMenu = menu(false, true, false, true, false, true);

/** Expected values from spec 01 §6 (and §2.4 for labels), written out per role, not computed. */
const EXPECTED: Record<keyof typeof DEMO, Expected> = {
  installer: {
    ...none,
    fetchesPartnerLimited: true, // only group is Installer
    roleLabel: 'Installer',
    menu: installerMenu, // no purchasing rights: no My Orders
    menuWithBusiness: installerMenu,
  },
  purchaser: {
    ...none,
    canPurchase: true, // installer record is_purchaser
    canBuyPlans: true, // who may buy products may buy plans
    fetchesPartnerLimited: true,
    roleLabel: 'Installer',
    menu: purchaserMenu,
    menuWithBusiness: purchaserMenu,
  },
  owner: {
    ...none,
    isNonInstaller: true,
    isDealerPrimary: true,
    isOwner: true,
    canPurchase: true,
    canBuyPlans: true, // who may buy products may buy plans
    roleLabel: 'Dealer',
    menu: ownerMenu,
    menuWithBusiness: ownerMenu,
  },
  accountant: {
    ...none,
    isNonInstaller: true,
    isDealerAccountant: true,
    roleLabel: 'Accounting', // ours: the spec's labels are Sales Rep, Dealer (owner) or Installer
    menu: { ...installerMenu, billing: true }, // ours: the accountant pays the dealer's invoices
    menuWithBusiness: { ...installerMenu, billing: true },
  },
  retired: {
    ...none,
    canPurchase: false, // retired: purchaser flag does not count
    fetchesPartnerLimited: true,
    roleLabel: 'Installer',
    menu: installerMenu,
    menuWithBusiness: installerMenu,
  },
  insiderep: {
    ...none,
    isNonInstaller: true,
    isSalesRep: true,
    canPurchase: true, // sales reps always
    canBuyPlans: true, // who may buy products may buy plans
    roleLabel: 'Sales Rep',
    // Without a business: only My Profile. With one: everything.
    menu: menu(false, true, false, false, false),
    menuWithBusiness: menu(true, true, true, true, true),
  },
  outsiderep: {
    ...none,
    isNonInstaller: true,
    isSalesRep: true,
    isOutsideRep: true,
    canPurchase: true,
    canBuyPlans: true, // who may buy products may buy plans
    roleLabel: 'Sales Rep',
    menu: menu(false, true, false, false, false),
    // Outside rep with a business: My Profile, My Business and Rewards hidden.
    menuWithBusiness: menu(true, false, false, false, true),
  },
  admin: {
    ...none,
    isNonInstaller: true,
    isAdmin: true,
    roleLabel: 'Admin', // label outside the spec's three: declared in RoleLabel
    menu: adminMenu, // and the dealer requests review (ours)
    menuWithBusiness: adminMenu,
  },
  consumer: {
    ...none,
    isNonInstaller: true,
    isConsumer: true,
    canBuyPlans: true, // ours: the plans of their own devices (spec 02 §1), never products
    roleLabel: 'Customer', // label outside the spec's three: declared in RoleLabel
    menu: installerMenu,
    menuWithBusiness: installerMenu,
  },
  totp: {
    ...none,
    isNonInstaller: true,
    isDealerPrimary: true,
    isOwner: true,
    canPurchase: true,
    canBuyPlans: true, // who may buy products may buy plans
    roleLabel: 'Dealer',
    menu: ownerMenu,
    menuWithBusiness: ownerMenu,
  },
  sms: {
    ...none,
    fetchesPartnerLimited: true,
    roleLabel: 'Installer',
    menu: installerMenu,
    menuWithBusiness: installerMenu,
  },
};

const ROWS = (Object.keys(DEMO) as (keyof typeof DEMO)[]).map((role) => ({
  role,
  user: DEMO[role],
  expected: EXPECTED[role],
}));

describe('demo roles (DEMO-DATA.md) against spec 01 §6', () => {
  it('covers every demo account', () => {
    expect(ROWS.map((r) => r.user.email).sort()).toEqual(
      [
        'installer@demo.test',
        'purchaser@demo.test',
        'owner@demo.test',
        'accountant@demo.test',
        'retired@demo.test',
        'insiderep@demo.test',
        'outsiderep@demo.test',
        'admin@demo.test',
        'consumer@demo.test',
        'totp@demo.test',
        'sms@demo.test',
      ].sort(),
    );
  });

  describe.each(ROWS)('$role ($user.email)', ({ user: u, expected }) => {
    it.each([
      ['isNonInstaller', isNonInstaller],
      ['isSalesRep', isSalesRep],
      ['isOutsideRep', isOutsideRep],
      ['isAdmin', isAdmin],
      ['isDealerPrimary', isDealerPrimary],
      ['isDealerAccountant', isDealerAccountant],
      ['isOwner', isOwner],
      ['canPurchase', canPurchase],
      ['canBuyPlans', canBuyPlans],
      ['isConsumer', isConsumer],
      ['fetchesPartnerLimited', fetchesPartnerLimited],
    ] as const)('%s', (name, rule) => {
      expect(rule(u)).toBe(expected[name]);
    });

    it('roleLabel', () => {
      expect(roleLabel(u)).toBe(expected.roleLabel);
    });

    it('profile menu without a selected business', () => {
      expect(profileMenuFor(u, false)).toEqual(expected.menu);
    });

    it('profile menu with a selected business', () => {
      expect(profileMenuFor(u, true)).toEqual(expected.menuWithBusiness);
    });
  });
});

describe('edge cases of spec 01 §6', () => {
  const base = user('edge@demo.test', {});

  it.each([
    ['an empty type list', [], true],
    [
      'only installer entries',
      [
        { type: 'installer', is_owner: false },
        { type: 'installer', is_owner: false },
      ],
      false,
    ],
    [
      'installer plus dealer',
      [
        { type: 'installer', is_owner: false },
        { type: 'dealer', is_owner: false },
      ],
      true,
    ],
    [
      'dealer plus installer',
      [
        { type: 'dealer', is_owner: false },
        { type: 'installer', is_owner: false },
      ],
      true,
    ],
  ] as const)('isNonInstaller with %s is %s', (_label, types, expected) => {
    expect(isNonInstaller({ ...base, user_type: types.map((t) => ({ ...t })) })).toBe(expected);
  });

  it.each([
    ['only Installer', [G.installer], true],
    ['Installer and Dealer Accounting', [G.installer, G.dealerAccounting], false],
    ['Dealer Accounting and Installer', [G.dealerAccounting, G.installer], false],
    ['Installer and Dealer Primary', [G.installer, G.dealerPrimary], false],
    ['no groups', [], false],
    ['only Dealer Primary', [G.dealerPrimary], false],
  ] as const)('fetchesPartnerLimited with %s is %s', (_label, groups, expected) => {
    expect(fetchesPartnerLimited({ ...base, permissionGroups: [...groups] })).toBe(expected);
  });

  it('a consumer buys plans but no products; retired, neither', () => {
    const consumer = { ...base, user_type: [{ type: 'consumer', is_owner: false }], installer: null };
    expect([canPurchase(consumer), canBuyPlans(consumer)]).toEqual([false, true]);
    expect(canBuyPlans({ ...consumer, is_retired: true })).toBe(false);
  });

  it('a retired owner cannot purchase', () => {
    expect(canPurchase({ ...base, is_retired: true, installer: staff(true, false) })).toBe(false);
  });

  it('a retired user with purchaser flag cannot purchase, the same user not retired can', () => {
    const u = { ...base, installer: staff(false, true) };
    expect(canPurchase({ ...u, is_retired: true })).toBe(false);
    expect(canPurchase({ ...u, is_retired: false })).toBe(true);
  });

  it('a sales rep can always purchase, even retired and without an installer record', () => {
    for (const group of [G.insideSalesRep, G.outsideSalesRep, G.salesManager]) {
      expect(canPurchase({ ...base, permissionGroups: [group], is_retired: true, installer: null })).toBe(true);
    }
  });

  it('a user without an installer record and no rep group cannot purchase', () => {
    expect(canPurchase({ ...base, installer: null })).toBe(false);
  });

  it('the owner flag on a user_type entry alone makes an owner (My Business, Billing)', () => {
    const u = { ...base, user_type: [{ type: 'dealer', is_owner: true }] };
    expect(isOwner(u)).toBe(true);
    expect(profileMenuFor(u, false)).toMatchObject({ myBusiness: true, billing: true });
  });

  it('a retired owner keeps My Business and Billing but loses My Orders', () => {
    const u = { ...base, is_retired: true, installer: staff(true, false) };
    expect(profileMenuFor(u, false)).toEqual(menu(false, true, true, true, true));
  });

  it('a sales manager is a sales rep but not an outside rep', () => {
    const u = { ...base, permissionGroups: [G.salesManager] };
    expect(isSalesRep(u)).toBe(true);
    expect(isOutsideRep(u)).toBe(false);
    expect(profileMenuFor(u, true)).toEqual(menu(true, true, true, true, true));
  });

  it('an owner who is also a sales rep follows the sales rep rules (no business: no My Business)', () => {
    const u = { ...base, permissionGroups: [G.insideSalesRep], installer: staff(true, false) };
    expect(profileMenuFor(u, false)).toEqual(menu(false, true, false, false, false));
    expect(roleLabel(u)).toBe('Sales Rep');
  });

  it('admin is recognised only by access_type firstech_admin', () => {
    expect(isAdmin({ ...base, access_type: ADMIN_ACCESS_TYPE })).toBe(true);
    expect(isAdmin({ ...base, access_type: 'admin' })).toBe(false);
    expect(isAdmin({ ...base, access_type: null })).toBe(false);
  });
});
