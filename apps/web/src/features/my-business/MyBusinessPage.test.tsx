import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { endpoints } from '@portal/contracts/endpoints/index';
import { PERMISSION_GROUPS, type PortalUser } from '@portal/contracts/permissions';
import type { Dealer, Session } from '@portal/contracts';
import { answer } from '../../test/handlers.ts';
import { sentRequests, server } from '../../test/server.ts';
import MyBusinessPage from './MyBusinessPage.tsx';

// Dealer ids are UUIDs: the installers call's path parameter is one (a 'd1' the server would refuse, 400).
const DEALER_ID = 'dddddddd-dddd-4ddd-8ddd-000000000001';
const person = (overrides: Partial<PortalUser>): PortalUser => ({
  id: 'u1',
  email: 'someone@demo.test',
  first_name: 'Sam',
  last_name: 'Staff',
  image: null,
  is_retired: false,
  access_type: null,
  user_type: [{ type: 'installer', is_owner: false }],
  permissionGroups: [PERMISSION_GROUPS.installer],
  dealer_id: DEALER_ID,
  installer: { is_owner: false, is_purchaser: false },
  ...overrides,
});
const owner = person({
  user_type: [{ type: 'dealer', is_owner: true }],
  permissionGroups: [PERMISSION_GROUPS.dealerPrimary],
  installer: { is_owner: true, is_purchaser: true },
});
const accountant = person({
  user_type: [{ type: 'dealer_accounting', is_owner: false }],
  permissionGroups: [PERMISSION_GROUPS.dealerAccounting],
});
const outsideRep = person({
  user_type: [{ type: 'sales_rep', is_owner: false }],
  permissionGroups: [PERMISSION_GROUPS.outsideSalesRep],
  dealer_id: null,
  installer: null,
});
const northside = { sapBpCode: 'C100234', companyName: 'Northside Auto Sound', approvedBrands: [] };
const dealer: Dealer = {
  id: DEALER_ID,
  dealer_id: DEALER_ID,
  business_partner: { id: 'bp1', sapBpCode: 'C100234', companyName: 'Northside Auto Sound' },
  is_public_profile: true,
  contact_email: 'owner@demo.test',
  dealer_profile: {
    displayName: 'Northside Auto Sound',
    phone: '',
    phoneCountry: 'USCA',
    website: '',
    contactRoles: [],
    city: 'Columbus',
    countryArea: 'OH',
  },
};

/** The server as each role meets it; returns the paths the page asked for. */
function serve(user: PortalUser) {
  const session: Session = {
    user,
    selectedBusiness: northside,
    impersonatedUser: null,
    site: 'us',
    otherSiteUrl: '',
    preferences: null,
  };
  const none = { count: 0, next: null, previous: null, results: [] };
  server.use(
    answer(endpoints.session.get, session),
    answer(endpoints.dealers.list, { count: 1, next: null, previous: null, results: [dealer] }),
    answer(endpoints.dealers.listInstallers, none),
    answer(endpoints.dealers.activity, none),
    answer(endpoints.invitations.listPending, { results: [] }),
  );
  return () => sentRequests().map((request) => request.path.split('?')[0]);
}

function renderPage() {
  const router = createMemoryRouter([{ path: '/my-business', Component: MyBusinessPage }], {
    initialEntries: ['/my-business'],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const staffCalls = [`/api/dealers/${DEALER_ID}/installers`, '/api/user/token', '/api/my-business/activity'];

describe('/my-business (issue 14: staff only for those who see My Business)', () => {
  it.each([
    ['an installer', person({}), 'Only the dealer’s owner manages the business'],
    ['an accountant', accountant, 'Only the dealer’s owner manages the business'],
    ['an outside rep with a business', outsideRep, 'Outside sales reps don’t manage the business'],
  ])('%s is told so, and the page never asks for the staff', async (_who, user, heading) => {
    const calls = serve(user);
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: heading })).toBeTruthy();
    expect(calls()).toEqual(['/api/session']);
  });

  it('the owner gets the installers, the invitations and the activity', async () => {
    const calls = serve(owner);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Installers' })).toBeTruthy();
    await vi.waitFor(() => expect(calls()).toEqual(expect.arrayContaining(staffCalls)));
  });
});
