import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { endpoints } from '@portal/contracts/endpoints/index';
import type { BusinessPartnerNode, Session } from '@portal/contracts';
import { BUSINESS_SEARCH_DEBOUNCE_MS } from '@portal/contracts/constants';
import { messages } from '@portal/contracts/messages';
import { PERMISSION_GROUPS, type PortalUser } from '@portal/contracts/permissions';
import SelectBusinessModal from './SelectBusinessModal.tsx';
import { answer, outage, refused, type Reply } from '../../test/handlers.ts';
import { sentRequests, server } from '../../test/server.ts';
import { selectBusinessStore } from './store.ts';

const rep: PortalUser = {
  id: 'rep',
  email: 'insiderep@demo.test',
  first_name: 'Ivan',
  last_name: 'Inside',
  image: null,
  is_retired: false,
  access_type: null,
  user_type: [{ type: 'sales_rep', is_owner: false }],
  permissionGroups: [PERMISSION_GROUPS.insideSalesRep],
  dealer_id: null,
  installer: null,
};
const session: Session = {
  user: rep,
  selectedBusiness: null,
  impersonatedUser: null,
  site: 'us',
  otherSiteUrl: 'https://ca.example',
  preferences: { searchPageSize: null },
};
// As the server sends a node: the modal option's name and value beside the partner's own fields.
const node = (n: number, name = `Zenith Garage ${n}`): BusinessPartnerNode & { name: string; value: string } => ({
  id: `bp${n}`,
  sapBpCode: `C${100000 + n}`,
  companyName: name,
  channel: { slug: 'dealer' },
  city: 'Springfield',
  countryArea: 'IL',
  name,
  value: `C${100000 + n}`,
});
// Two pages: 100 generated partners, then Northside and Harbor (which sort first).
const pages = [
  Array.from({ length: 100 }, (_, i) => node(i + 1)),
  [node(234, 'Northside Auto Sound'), node(977, 'Harbor Mobile Electronics')],
];

function serve(selectAnswer: (code: string) => Reply<typeof endpoints.session.selectBusiness>) {
  server.use(
    answer(endpoints.session.get, session),
    answer(endpoints.businessPartners.list, ({ body }) => {
      const page = body.endCursor ? 1 : 0;
      return {
        edges: pages[page]!.map((n) => ({ node: n })),
        totalCount: 102,
        pageInfo: { hasNextPage: page === 0, endCursor: page === 0 ? 'c1' : null },
      };
    }),
    answer(endpoints.session.selectBusiness, ({ body }) => selectAnswer(body.sapBpCode)),
  );
}

function renderModal() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(['session'], session);
  const router = createMemoryRouter([{ path: '*', Component: SelectBusinessModal }], { initialEntries: ['/'] });
  selectBusinessStore.set(true);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return queryClient;
}

const confirmButton = () => screen.getByRole('button', { name: 'Confirm', hidden: true }) as HTMLButtonElement;
const search = (value: string) =>
  fireEvent.input(screen.getByLabelText('Search by business name or code'), { target: { value } });

describe('select-business modal (spec 01 §4, §5, §8)', () => {
  it('loads every page of partners, then filters after the pause', async () => {
    serve(() => session);
    renderModal();
    expect(screen.getByText('Loading businesses…')).toBeTruthy();
    await screen.findByText('Northside Auto Sound');
    expect(sentRequests().filter((request) => request.path === '/api/business-partners')).toHaveLength(2);
    expect(screen.getAllByRole('radio', { hidden: true })).toHaveLength(100); // the first 100 of 102 shown
    search('NRTHSD');
    // Nothing changes before the 500 ms pause.
    await act(() => new Promise((r) => setTimeout(r, BUSINESS_SEARCH_DEBOUNCE_MS / 2)));
    expect(screen.getAllByRole('radio', { hidden: true }).length).toBeGreaterThan(1);
    await waitFor(() => expect(screen.getAllByRole('radio', { hidden: true })).toHaveLength(1));
    search('zzzz');
    await screen.findByText(messages.noResultsFound);
  });

  it('keeps Confirm disabled until one is picked; a success updates the session and closes', async () => {
    serve((code) => ({
      ...session,
      selectedBusiness: { sapBpCode: code, companyName: 'Northside Auto Sound', approvedBrands: [] },
    }));
    const queryClient = renderModal();
    await screen.findByText('Northside Auto Sound');
    expect(confirmButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /Northside Auto Sound/, hidden: true }));
    expect(confirmButton().disabled).toBe(false);
    fireEvent.click(confirmButton());
    await waitFor(() => expect(selectBusinessStore.get()).toBe(false));
    expect(queryClient.getQueryData<Session>(['session'])?.selectedBusiness?.sapBpCode).toBe('C100234');
  });

  it('shows the server’s detail on failure, or the generic selection message without one', async () => {
    serve((code) => (code === 'C100977' ? refused(400, { detail: messages.noDealerPrimary }) : outage(500)));
    const queryClient = renderModal();
    await screen.findByText('Harbor Mobile Electronics');
    fireEvent.click(screen.getByRole('radio', { name: /Harbor Mobile Electronics/, hidden: true }));
    fireEvent.click(confirmButton());
    await screen.findByText(messages.noDealerPrimary);
    expect(selectBusinessStore.get()).toBe(true);
    expect(queryClient.getQueryData<Session>(['session'])?.selectedBusiness).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: /Northside Auto Sound/, hidden: true }));
    fireEvent.click(confirmButton());
    await screen.findByText(messages.selectBusinessFailed);
  });
});
