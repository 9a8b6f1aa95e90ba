import { useContext, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { UNSAFE_NavigationContext } from 'react-router';

interface PageLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A page of the portal by its absolute path, with its query and hash if any: '/search?b=compustar'. */
  to: string;
}

/**
 * A link to a page of the portal, for the shell's menus, the footer and the product cards (issue 31 item 3).
 * The router's own Link resolves its target against the route it sits in, keeps prefetch state and runs an
 * effect, some twenty hooks each; a phone's first page renders over a hundred of them, several times while
 * its data arrives. This one reads the router once and navigates as the router's Link does: a plain left
 * click stays in the app (the current page is replaced, not pushed again), any other click is the browser's.
 * For a relative target, a NavLink or router options (state, scroll), use the router's Link.
 */
export function PageLink({ to, onClick, target, ...rest }: PageLinkProps) {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const navigate = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    const here = window.location.pathname + window.location.search + window.location.hash;
    if (to === here) navigator.replace(to);
    else navigator.push(to);
  };
  return <a {...rest} href={navigator.createHref(to)} target={target} onClick={navigate} />;
}
