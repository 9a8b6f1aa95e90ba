import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { endpoints } from '@portal/contracts/endpoints/index';
import { messages } from '@portal/contracts/messages';
import type { TokenInfo } from '@portal/contracts';
import AcceptInvitePage from './AcceptInvitePage.tsx';
import DeclineInvitePage from './DeclineInvitePage.tsx';
import { answer, refused, type Reply } from '../../test/handlers.ts';
import { sentRequests, server } from '../../test/server.ts';
import SetPasswordPage from './SetPasswordPage.tsx';

const invitation: TokenInfo = {
  token_type: 'accept_decline_invitation',
  email: 'rosa@example.test',
  dealer_name: 'Northside Auto Sound',
  invited_by: 'Gary Lindqvist',
  expires_at: '2030-01-01T00:00:00.000Z',
};

/** The server as a link meets it: the token-info call answers `info`, set-password succeeds. */
function serve(info: Reply<typeof endpoints.invitations.tokenInfo>) {
  server.use(answer(endpoints.invitations.tokenInfo, info), answer(endpoints.invitations.setPassword, { ok: true }));
}

// A token of the right form that is not a good one (bad signature, used, expired) is refused with one
// message: the server's field errors name `token` only when there is none, and then the page asks nothing.
const tokenRefused = refused(400, { detail: messages.invalidJwt });

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/accept-invite', Component: AcceptInvitePage },
      { path: '/decline-invite', Component: DeclineInvitePage },
      { path: '/set-password', Component: SetPasswordPage },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('pages opened from an e-mailed link (issue 15 §13, §15)', () => {
  it.each(['/accept-invite', '/decline-invite', '/set-password', '/set-password?token='])(
    '%s without a token says the spec’s text alone, without asking the server',
    async (url) => {
      serve(tokenRefused);
      renderAt(url);
      expect((await screen.findByRole('alert')).textContent).toBe(messages.invalidJwt);
      expect(sentRequests()).toEqual([]);
    },
  );

  it('a token the server refuses shows the spec’s text, never a field name before it', async () => {
    serve(tokenRefused);
    renderAt('/accept-invite?token=not.a.jwt');
    expect((await screen.findByRole('alert')).textContent).toBe(messages.invalidJwt);
  });

  it('once the invitation is accepted, the page no longer offers to decline it', async () => {
    serve(invitation);
    renderAt('/accept-invite?token=abc');
    expect(await screen.findByRole('link', { name: 'Decline the invitation' })).toBeTruthy();
    fireEvent.input(screen.getByLabelText('First name'), { target: { value: 'Rosa' } });
    fireEvent.input(screen.getByLabelText('Last name'), { target: { value: 'Delgado' } });
    fireEvent.input(screen.getByLabelText('Password', { exact: true }), { target: { value: 'Crimp#Tool55' } });
    fireEvent.input(screen.getByLabelText('Confirm password'), { target: { value: 'Crimp#Tool55' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accept and create account' }));
    expect(await screen.findByRole('heading', { name: 'You’re all set' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Decline/ })).toBeNull();
  });
});
