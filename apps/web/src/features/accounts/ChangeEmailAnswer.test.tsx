import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { endpoints } from '@portal/contracts/endpoints/index';
import { messages } from '@portal/contracts/messages';
import { ACCOUNT_TEXTS } from '@portal/contracts/accounts';
import { AlertBar } from '../../components/AlertBar.tsx';
import { alerts } from '../../components/alerts.ts';
import ChangeEmailAcceptPage from './ChangeEmailAcceptPage.tsx';
import { answer, refused } from '../../test/handlers.ts';
import { sentRequests, server } from '../../test/server.ts';
import ChangeEmailDeclinePage from './ChangeEmailDeclinePage.tsx';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/change-email-accept',
        Component: () => (
          <>
            <AlertBar />
            <ChangeEmailAcceptPage />
          </>
        ),
      },
      {
        path: '/change-email-decline',
        Component: () => (
          <>
            <AlertBar />
            <ChangeEmailDeclinePage />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  act(() => alerts.clear());
});

describe('the e-mail change links', () => {
  it('without a token: the spec message and no button', async () => {
    renderAt('/change-email-accept');
    expect(await screen.findByRole('heading', { name: ACCOUNT_TEXTS.acceptTitle })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(messages.invalidJwt);
    expect(screen.queryByRole('button', { name: ACCOUNT_TEXTS.acceptButton })).toBeNull();
  });

  it('accept: the token goes to the server only on the button; success names the new e-mail', async () => {
    server.use(answer(endpoints.accounts.acceptEmailChange, { ok: true, email: 'new@example.test' }));
    renderAt('/change-email-accept?token=abc.def.ghi');
    const button = await screen.findByRole('button', { name: ACCOUNT_TEXTS.acceptButton });
    expect(sentRequests()).toEqual([]); // a mail scanner opening the link changes nothing
    await act(async () => fireEvent.click(button));
    expect(await screen.findByRole('heading', { name: ACCOUNT_TEXTS.acceptedTitle })).toBeTruthy();
    expect(screen.getByText(ACCOUNT_TEXTS.acceptedBody('new@example.test'))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(sentRequests()[0]).toMatchObject({
      method: 'POST',
      path: '/api/user/change-email/accept',
      body: { token: 'abc.def.ghi' },
    });
    // Every session ended: this browser signs out too.
    expect(sentRequests().map((request) => request.path)).toContain('/api/auth/sign-out');
  });

  it('decline: a used link shows the server message and keeps the button; a good one cancels', async () => {
    let answers = 0;
    server.use(
      answer(endpoints.accounts.declineEmailChange, () =>
        answers++ === 0 ? refused(400, { detail: messages.invalidJwt }) : { ok: true },
      ),
    );
    renderAt('/change-email-decline?token=abc.def.ghi');
    const button = await screen.findByRole('button', { name: ACCOUNT_TEXTS.declineButton });
    await act(async () => fireEvent.click(button));
    expect((await screen.findByRole('alert')).textContent).toContain(messages.invalidJwt);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: ACCOUNT_TEXTS.declineButton })));
    expect(await screen.findByRole('heading', { name: ACCOUNT_TEXTS.declinedTitle })).toBeTruthy();
    expect(sentRequests()).toHaveLength(2);
  });
});
