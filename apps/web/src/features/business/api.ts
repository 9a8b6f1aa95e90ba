import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type {
  BusinessPartnerNode,
  BusinessPartnersRequest,
  BusinessPartnersResponse,
  Session,
} from '@portal/contracts';
import { routes } from '@portal/contracts/endpoints/routes';
import { BUSINESS_PARTNER_PAGE_SIZE } from '@portal/contracts/constants';
import { isOutsideRep } from '@portal/contracts/permissions';
import { call } from '../../lib/api.ts';
import { sessionQuery } from '../session/index.ts';
import type { PriceScope } from '../catalog/index.ts';
import { resetSearchField } from '../../lib/searchField.ts';

const PARTNERS_KEY = 'business-partners';

const partnersPage = (body: BusinessPartnersRequest, signal?: AbortSignal) =>
  call(routes.businessPartners.list, { body, signal });

/**
 * spec 01 §4, §9: the modal lists every partner the rep may select, 100 per page, paged until
 * there is no next page. Keyed by the signed-in user: another rep may see other partners.
 */
export const allBusinessPartnersQuery = (userId: string) =>
  queryOptions({
    queryKey: [PARTNERS_KEY, 'all', userId],
    queryFn: async ({ signal }) => {
      const partners: BusinessPartnerNode[] = [];
      let endCursor: string | undefined;
      for (;;) {
        const page = await partnersPage({ limit: BUSINESS_PARTNER_PAGE_SIZE, endCursor }, signal);
        partners.push(...page.edges.map((edge) => edge.node));
        if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) break;
        endCursor = page.pageInfo.endCursor;
      }
      return partners.sort((a, b) => a.companyName.localeCompare(b.companyName, 'en-US'));
    },
    staleTime: 5 * 60_000,
  });

const NO_PARTNERS: BusinessPartnersResponse = {
  edges: [],
  totalCount: 0,
  pageInfo: { hasNextPage: false, endCursor: null },
};

/**
 * spec 01 §4, §8: the Canada check asks for the caller's own Canadian partners (can:true); a
 * failed call counts as an empty list. Keyed by the price scope, so a new business asks again.
 */
export const canadianPartnersQuery = (scope: PriceScope) =>
  queryOptions({
    queryKey: [PARTNERS_KEY, 'canada', scope],
    queryFn: ({ signal }) =>
      partnersPage({ limit: BUSINESS_PARTNER_PAGE_SIZE, can: true }, signal).catch(() => NO_PARTNERS),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** Answers that do not depend on who acts for which business; everything else is asked again. */
const NOT_BUSINESS_SCOPED = new Set(['session', 'catalog', 'content']);

/**
 * spec 01 §4: after the business changes, the session comes from the answer and every query that
 * depends on it (prices, coupons, the Canada check; later cart, orders…) is refetched. Priced keys
 * carry the price scope, so the new business never sees the old one's cached prices.
 */
export async function applyBusinessChange(queryClient: QueryClient, session: Session) {
  await queryClient.cancelQueries({ queryKey: sessionQuery.queryKey });
  queryClient.setQueryData(sessionQuery.queryKey, session);
  void queryClient.invalidateQueries({
    predicate: ({ queryKey: [head, kind] }) =>
      !NOT_BUSINESS_SCOPED.has(String(head)) && !(head === PARTNERS_KEY && kind === 'all'),
  });
}

/** The error line of a failed selection (spec 01 §8): the server's detail, else the generic one. */
export function selectBusinessErrorText(error: unknown, fallback: string): string {
  const detail = (error as { body?: { detail?: unknown } } | null)?.body?.detail;
  return typeof detail === 'string' && detail.trim() ? detail : fallback;
}

/** What follows a change of business in the browser (spec 01 §4), for both select and clear. */
function useAfterBusinessChange() {
  const queryClient = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  return async (session: Session, { selected }: { selected: boolean }) => {
    // spec 01 §4: product search state is cleared unless on search.
    if (location.pathname !== '/search') resetSearchField();
    // spec 01 §4, §6: an outside rep acting for a business has no profile (and no plans) page.
    if (
      selected &&
      session.user &&
      isOutsideRep(session.user) &&
      (location.pathname === '/profile' || location.pathname.startsWith('/subscriptions'))
    )
      await navigate('/', { replace: true });
    await applyBusinessChange(queryClient, session);
  };
}

/** POST /api/select-business: act for the business with this code (sales reps). */
export function useSelectBusiness() {
  const after = useAfterBusinessChange();
  return useMutation({
    mutationFn: (sapBpCode: string) => call(routes.session.selectBusiness, { body: { sapBpCode } }),
    onSuccess: (session) => after(session, { selected: true }),
  });
}

/** DELETE /api/select-business: spec 01 §4 "Clear Selected Business". */
export function useClearBusiness() {
  const after = useAfterBusinessChange();
  return useMutation({
    mutationFn: () => call(routes.session.clearBusiness),
    onSuccess: (session) => after(session, { selected: false }),
  });
}
