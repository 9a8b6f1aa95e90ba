import { describe, expect, it } from 'vitest';
import { can, profileMenuFor, roleLabel, PERMISSION_GROUPS, type PortalUser } from '@portal/contracts/permissions';
import { PROFILE_LINKS, withDevicesLink } from './navigation.ts';

const base: PortalUser = {
  id: 'u',
  email: 'u@demo.test',
  first_name: 'U',
  last_name: 'Ser',
  image: null,
  is_retired: false,
  access_type: null,
  user_type: [],
  permissionGroups: [],
  dealer_id: null,
  installer: null,
};

const insideRep: PortalUser = {
  ...base,
  user_type: [{ type: 'sales_rep', is_owner: false }],
  permissionGroups: [PERMISSION_GROUPS.insideSalesRep],
};
const outsideRep: PortalUser = { ...insideRep, permissionGroups: [PERMISSION_GROUPS.outsideSalesRep] };
const owner: PortalUser = {
  ...base,
  user_type: [{ type: 'dealer', is_owner: true }],
  permissionGroups: [PERMISSION_GROUPS.dealerPrimary],
  dealer_id: 'd1',
  installer: { is_owner: true, is_purchaser: false },
};
const installer: PortalUser = {
  ...base,
  user_type: [{ type: 'installer', is_owner: false }],
  permissionGroups: [PERMISSION_GROUPS.installer],
  dealer_id: 'd1',
  installer: { is_owner: false, is_purchaser: false },
};
const purchaser: PortalUser = { ...installer, installer: { is_owner: false, is_purchaser: true } };
const retiredPurchaser: PortalUser = { ...purchaser, is_retired: true };

/** The profile menu's links as the shell shows them (useShellState), then Log Out. */
const menuOf = (user: PortalUser, hasSelectedBusiness: boolean) => {
  const menu = profileMenuFor(user, hasSelectedBusiness);
  return PROFILE_LINKS.filter((link) => menu[link.key]).map((link) => link.label);
};

describe('profile menu by role (spec 01 §6)', () => {
  it('a sales rep sees only My Profile before selecting a business', () => {
    expect(menuOf(insideRep, false)).toEqual(['My Profile']);
    expect(menuOf(outsideRep, false)).toEqual(['My Profile']);
  });

  it('an inside rep with a business sees every entry', () => {
    expect(menuOf(insideRep, true)).toEqual(['My Orders', 'My Profile', 'My Business', 'Rewards', 'Billing']);
  });

  it('an outside rep with a business loses My Profile, My Business and Rewards', () => {
    expect(menuOf(outsideRep, true)).toEqual(['My Orders', 'Billing']);
  });

  it('owners see My Business and Billing; their own business counts, not a selection', () => {
    const all = ['My Orders', 'My Profile', 'My Business', 'Rewards', 'Billing'];
    expect(menuOf(owner, true)).toEqual(all);
    expect(menuOf(owner, false)).toEqual(all);
  });

  it('My Orders is hidden for non-reps without purchasing rights', () => {
    expect(menuOf(installer, true)).toEqual(['My Profile', 'Rewards']);
    expect(menuOf(purchaser, true)).toEqual(['My Orders', 'My Profile', 'Rewards']);
    expect(menuOf(retiredPurchaser, true)).toEqual(['My Profile', 'Rewards']);
  });

  it('labels the roles of the menu', () => {
    expect(roleLabel(insideRep)).toBe('Sales Rep');
    expect(roleLabel(outsideRep)).toBe('Sales Rep');
    expect(roleLabel(owner)).toBe('Dealer');
    expect(roleLabel(installer)).toBe('Installer');
  });
});

describe('Devices in the profile menu (issue 29 §5, docs/decisions.md)', () => {
  /** The menu as useShellState builds it: Devices for whoever may see the business's devices. */
  const withDevices = (user: PortalUser, hasSelectedBusiness: boolean) => {
    const menu = profileMenuFor(user, hasSelectedBusiness);
    const links = PROFILE_LINKS.filter((link) => menu[link.key]);
    return (can({ user, hasSelectedBusiness }, 'devices') ? withDevicesLink(links) : links).map((l) => l.label);
  };

  it('sits after My Business, before Rewards and Billing, for the business’s people', () => {
    expect(withDevices(owner, true)).toEqual([
      'My Orders',
      'My Profile',
      'My Business',
      'Devices',
      'Rewards',
      'Billing',
    ]);
    expect(withDevices(installer, true)).toEqual(['My Profile', 'Devices', 'Rewards']);
    expect(withDevices(insideRep, true)).toContain('Devices');
    expect(withDevices(outsideRep, true)).toEqual(['My Orders', 'Devices', 'Billing']);
  });

  it('is not there for a rep without a business or a retired installer', () => {
    expect(withDevices(insideRep, false)).toEqual(['My Profile']);
    expect(withDevices(retiredPurchaser, true)).not.toContain('Devices');
  });
});
