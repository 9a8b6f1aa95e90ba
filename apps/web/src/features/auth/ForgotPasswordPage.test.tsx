import { afterEach, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { endpoints } from '@portal/contracts/endpoints/index';
import { messages } from '@portal/contracts/messages';
import { alerts, alertStore } from '../../components/alerts.ts';
import { answer, refused } from '../../test/handlers.ts';
import { server } from '../../test/server.ts';
import ForgotPasswordPage from './ForgotPasswordPage.tsx';

const alertTexts = () => alertStore.get().flatMap((a) => a.content);

afterEach(() => alerts.clear());

it('a wrong code, then the right one: the success page shows no stale refusal (issue 15 §11)', async () => {
  let tries = 0;
  server.use(
    answer(endpoints.auth.forgotPassword, { ok: true }),
    answer(endpoints.auth.resetPassword, () =>
      tries++ === 0 ? refused(400, { detail: messages.codeMismatch }) : { ok: true },
    ),
  );
  const router = createMemoryRouter([{ path: '/forgot-password', Component: ForgotPasswordPage }], {
    initialEntries: ['/forgot-password'],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );

  fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'owner@demo.test' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
  await screen.findByRole('heading', { name: 'Choose a new password' });
  fireEvent.input(screen.getByLabelText('Code'), { target: { value: '111111' } });
  fireEvent.input(screen.getByLabelText('New password'), { target: { value: 'Crimp#Tool55' } });
  fireEvent.input(screen.getByLabelText('Confirm new password'), { target: { value: 'Crimp#Tool55' } });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
  await vi.waitFor(() => expect(alertTexts()).toContain(messages.codeMismatch));

  fireEvent.input(screen.getByLabelText('Code'), { target: { value: '222222' } });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
  await screen.findByRole('heading', { name: 'Your password has been changed' });
  expect(alertTexts()).not.toContain(messages.codeMismatch);
});
