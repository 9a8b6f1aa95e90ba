/**
 * Roles and permissions of spec 01 §6 and spec 02 §6, as small named rules.
 * The server enforces with these; the web asks the same questions to decide what to show.
 */
export const PERMISSION_GROUPS = {
  dealerPrimary: 'Dealer Primary',
  dealerAccounting: 'Dealer Accounting',
  installer: 'Installer',
  outsideSalesRep: 'Firstech Outside Sales Rep',
  insideSalesRep: 'Firstech Inside Sales Rep',
  salesManager: 'Firstech Sales Manager',
} as const;

/** spec 01 §6: "a list of sales rep group names (not shown)" — ours, see docs/decisions.md. */
export const SALES_REP_GROUPS: readonly string[] = [
  PERMISSION_GROUPS.insideSalesRep,
  PERMISSION_GROUPS.outsideSalesRep,
  PERMISSION_GROUPS.salesManager,
];

export const ADMIN_ACCESS_TYPE = 'firstech_admin';

/**
 * The signed-in user as the rules need it (spec 01 §3 logged-in user, auth user, drone profile).
 * Plain types here (no zod), so the web shell can ask the rules without loading schemas;
 * the wire schema is `portalUserSchema` in session.ts.
 */
export interface PortalUser {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  image: string | null;
  is_retired: boolean;
  access_type: string | null;
  user_type: { type: string; is_owner: boolean }[];
  permissionGroups: string[];
  dealer_id: string | null;
  /** The installer record of the user at their dealer (spec 02 §3 Installer), if any. */
  installer: { is_owner: boolean; is_purchaser: boolean } | null;
}

const inGroup = (user: PortalUser, group: string) => user.permissionGroups.includes(group);

/** spec 01 §6: non-installer if there is no type list, it is empty, or any entry is not installer. */
export const isNonInstaller = (user: PortalUser) =>
  user.user_type.length === 0 || user.user_type.some((t) => t.type !== 'installer');

export const isSalesRep = (user: PortalUser) => user.permissionGroups.some((g) => SALES_REP_GROUPS.includes(g));
export const isOutsideRep = (user: PortalUser) => inGroup(user, PERMISSION_GROUPS.outsideSalesRep);
export const isAdmin = (user: PortalUser) => user.access_type === ADMIN_ACCESS_TYPE;
export const isDealerPrimary = (user: PortalUser) => inGroup(user, PERMISSION_GROUPS.dealerPrimary);
export const isDealerAccountant = (user: PortalUser) => inGroup(user, PERMISSION_GROUPS.dealerAccounting);
export const isOwner = (user: PortalUser) =>
  user.user_type.some((t) => t.is_owner) || (user.installer?.is_owner ?? false);

/** spec 01 §6: sales reps always; otherwise a non-retired owner or purchaser. */
export const canPurchase = (user: PortalUser) =>
  isSalesRep(user) ||
  (!user.is_retired && ((user.installer?.is_owner ?? false) || (user.installer?.is_purchaser ?? false)));

/** spec 01 §2.4 role label 'Customer' (ours): a consumer (B2C) account, on the storefront beside the dealers. */
export const isConsumer = (user: PortalUser) => roleLabel(user) === 'Customer';

/**
 * Who may buy service plans (issue 30; docs/decisions.md "Who may buy plans"): whoever may buy products (spec 01
 * §6 purchasing rights), and a consumer who is not retired — spec 02 §1: consumers skip the B2B checkout, and they
 * activate their own devices and pay for their plans. Which devices is the device rule's (who may drive one,
 * apps/server/src/modules/devices/access.ts): a device installed for the consumer's own account, or one installed
 * for nobody whose ICCID digits they send; another dealer's is not found. Consumers still buy no products.
 */
export const canBuyPlans = (user: PortalUser) => canPurchase(user) || (isConsumer(user) && !user.is_retired);

/** spec 01 §6: a user whose only permission group is Installer fetches the partner with limited=true. */
export const fetchesPartnerLimited = (user: PortalUser) =>
  user.permissionGroups.length === 1 && user.permissionGroups[0] === PERMISSION_GROUPS.installer;

export type RoleLabel = 'Sales Rep' | 'Dealer' | 'Installer' | 'Accounting' | 'Admin' | 'Customer';

/** spec 01 §2.4 role label; Accounting, Admin and Customer are ours (docs/decisions.md). */
export function roleLabel(user: PortalUser): RoleLabel {
  if (isSalesRep(user)) return 'Sales Rep';
  if (isAdmin(user)) return 'Admin';
  if (isOwner(user)) return 'Dealer';
  if (isDealerAccountant(user)) return 'Accounting';
  if (user.user_type.some((t) => t.type === 'consumer')) return 'Customer';
  return 'Installer';
}

export interface ProfileMenu {
  myOrders: boolean;
  myProfile: boolean;
  myBusiness: boolean;
  rewards: boolean;
  billing: boolean;
  /** Ours: admins review /dealer-request applications at /admin/dealer-requests. */
  dealerRequests: boolean;
}

/** spec 01 §6: which profile menu entries show, given whether a business is selected. */
export function profileMenuFor(user: PortalUser, hasSelectedBusiness: boolean): ProfileMenu {
  if (isSalesRep(user)) {
    const outsideWithBusiness = isOutsideRep(user) && hasSelectedBusiness;
    return {
      myOrders: hasSelectedBusiness,
      myProfile: !outsideWithBusiness,
      myBusiness: hasSelectedBusiness && !outsideWithBusiness,
      rewards: hasSelectedBusiness && !outsideWithBusiness,
      billing: hasSelectedBusiness,
      dealerRequests: false,
    };
  }
  return {
    myOrders: canPurchase(user),
    myProfile: true,
    myBusiness: isOwner(user),
    rewards: true,
    // spec 01 §6 names owners; the dealer's accountant pays the invoices, so Billing is theirs too.
    billing: isOwner(user) || isDealerAccountant(user),
    dealerRequests: isAdmin(user),
  };
}

/** Who asks: the signed-in user and whether their session acts for a business (a rep's selection, else their own). */
export interface Viewer {
  user: PortalUser;
  hasSelectedBusiness: boolean;
}

/**
 * The named rules a route requires (`requirePermission('purchase')` on the server) and a screen asks
 * (`can(viewer, 'purchase')` in the browser): one source for each (CONVENTIONS, habit 1).
 */
export const PERMISSIONS = {
  /** spec 01 §6 purchasing rights. */
  purchase: ({ user }) => canPurchase(user),
  /** Ours (issue 30): plans for devices — purchasing rights, or a consumer's for their own devices. */
  buyPlans: ({ user }) => canBuyPlans(user),
  /** spec 01 §4: only sales reps pick a business to act for. */
  selectBusiness: ({ user }) => isSalesRep(user),
  /** spec 01 §6 profile menu: the dealer's staff, rights and invitations. */
  myBusiness: ({ user, hasSelectedBusiness }) => profileMenuFor(user, hasSelectedBusiness).myBusiness,
  myOrders: ({ user, hasSelectedBusiness }) => profileMenuFor(user, hasSelectedBusiness).myOrders,
  billing: ({ user, hasSelectedBusiness }) => profileMenuFor(user, hasSelectedBusiness).billing,
  /**
   * spec 01 §6: cards and payment methods load with purchasing rights; ours: also for those who pay the
   * invoices (Billing), and for a consumer, who pays for their plans with a card of their own account. Changing
   * or removing them, and bank accounts, is Billing's alone (docs/decisions.md).
   */
  paymentMethods: ({ user, hasSelectedBusiness }) =>
    canBuyPlans(user) || profileMenuFor(user, hasSelectedBusiness).billing,
  rewards: ({ user, hasSelectedBusiness }) => profileMenuFor(user, hasSelectedBusiness).rewards,
  /**
   * Ours (issue 29 §5): the devices installed for the business acted for — its people and a rep acting for
   * it, as for driving one of them (docs/decisions.md "Who may drive a device"), but not an installer
   * account that can not act for a dealer (retired).
   */
  devices: ({ user, hasSelectedBusiness }) => hasSelectedBusiness && (isNonInstaller(user) || !user.is_retired),
  /** Ours: admins review dealer applications. */
  reviewDealerRequests: ({ user }) => isAdmin(user),
  /** Ours (issue 32): admins read the API documentation where API_DOCS=admins, and end a user's sessions. */
  administer: ({ user }) => isAdmin(user),
} satisfies Record<string, (viewer: Viewer) => boolean>;
export type Permission = keyof typeof PERMISSIONS;

export const can = (viewer: Viewer, permission: Permission): boolean => PERMISSIONS[permission](viewer);
