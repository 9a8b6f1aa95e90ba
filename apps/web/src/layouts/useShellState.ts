import { can, profileMenuFor, roleLabel, isSalesRep } from '@portal/contracts/permissions';
import { useSession } from '../features/session/api.ts';
import { PROFILE_LINKS, withDevicesLink, type NavLinkItem } from './navigation.ts';

/** What the shell shows for the current session, asked of the shared permission rules. */
export function useShellState() {
  const { data: session, isPending } = useSession();
  const user = session?.user ?? null;
  const selected = session?.selectedBusiness ?? null;
  const menu = user ? profileMenuFor(user, selected !== null) : null;
  const menuLinks = menu ? PROFILE_LINKS.filter((link) => menu[link.key]) : [];
  const profileLinks: NavLinkItem[] =
    user && can({ user, hasSelectedBusiness: selected !== null }, 'devices') ? withDevicesLink(menuLinks) : menuLinks;
  return {
    isPending,
    user,
    selectedBusiness: selected,
    /** The selected business's approved brands, carried by category and brand links (spec 01 §6). */
    approvedBrands: selected?.approvedBrands ?? null,
    isSalesRep: user ? isSalesRep(user) : false,
    roleLabel: user ? roleLabel(user) : null,
    profileLinks,
  };
}
