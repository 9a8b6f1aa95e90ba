import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { endpoints } from '@portal/contracts/endpoints/index';
import type { DealerRequest } from '@portal/contracts';
import { DEALER_REQUEST_TEXTS } from '@portal/contracts/dealer-requests';
import { messages } from '@portal/contracts/messages';
import { answer, refused } from '../../../test/handlers.ts';
import { sentRequests, server } from '../../../test/server.ts';
import { ApproveForm } from './ApproveForm.tsx';
import { DeclineForm } from './DeclineForm.tsx';
import { choose } from '../../../test/events.ts';

const request: DealerRequest = {
  id: '6f1c2d3e-0000-4000-8000-000000000001',
  status: 'pending',
  companyName: 'Maple Remote',
  firstName: 'Mia',
  lastName: 'Maple',
  email: 'mia@example.test',
  phone: '5550100002',
  phoneCountry: 'USCA',
  website: null,
  streetAddress1: '1 King St',
  streetAddress2: '',
  city: 'Toronto',
  countryArea: 'ON',
  postalCode: 'M5H 1A1',
  country: 'CA',
  yearsInBusiness: null,
  installerCount: null,
  brandsOfInterest: [],
  message: '',
  createdAt: '2026-03-05T12:00:00.000Z',
  reviewNote: null,
  reviewedAt: null,
  reviewedBy: null,
  businessPartner: null,
  hasAccount: false,
};
const channels = [
  { slug: 'dealer', name: 'Dealer' },
  { slug: 'distributor', name: 'Distributor' },
];
const reviewCalls = () => sentRequests().filter((r) => r.path.startsWith('/api/admin/'));

const renderWithClient = (ui: ReactNode) =>
  render(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);

describe('the review forms of a dealer request', () => {
  it('approve: the code takes capitals and digits; a wrong letter for the country is refused here', async () => {
    renderWithClient(<ApproveForm request={request} channels={channels} onApproved={() => {}} />);
    const code = screen.getByLabelText('SAP BP code') as HTMLInputElement;
    fireEvent.click(screen.getByRole('button', { name: 'Approve and invite owner' }));
    expect(await screen.findByText(DEALER_REQUEST_TEXTS.sapBpCodeInvalid)).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    fireEvent.input(code, { target: { value: 'c1-00234' } });
    expect(code.value).toBe('C100234');
    fireEvent.click(screen.getByRole('button', { name: 'Approve and invite owner' }));
    await waitFor(() => expect(screen.getByText(DEALER_REQUEST_TEXTS.sapBpCodeInvalid)).toBeTruthy());
    expect(reviewCalls()).toEqual([]);
  });

  it('approve: sends the code and the chosen channel', async () => {
    server.use(answer(endpoints.dealerRequests.approve, () => refused(400, { detail: 'stop here' })));
    renderWithClient(<ApproveForm request={request} channels={channels} onApproved={() => {}} />);
    fireEvent.input(screen.getByLabelText('SAP BP code'), { target: { value: 'N200146' } });
    choose(screen.getByLabelText('Channel'), 'distributor');
    fireEvent.click(screen.getByRole('button', { name: 'Approve and invite owner' }));
    await waitFor(() =>
      expect(reviewCalls()).toEqual([
        {
          method: 'POST',
          path: `/api/admin/dealer-requests/${request.id}/approve`,
          body: { sapBpCode: 'N200146', channel: 'distributor' },
        },
      ]),
    );
  });

  it('decline: a note is required; then it is sent', async () => {
    server.use(answer(endpoints.dealerRequests.decline, () => ({ ...request, status: 'declined' })));
    renderWithClient(<DeclineForm request={request} />);
    fireEvent.click(screen.getByRole('button', { name: 'Decline request' }));
    expect(await screen.findByText(messages.requiredField)).toBeTruthy();
    expect(reviewCalls()).toEqual([]);
    fireEvent.input(screen.getByLabelText('Note'), { target: { value: ' Not a dealer. ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Decline request' }));
    await waitFor(() => expect(reviewCalls()[0]?.body).toEqual({ note: 'Not a dealer.' }));
  });
});
