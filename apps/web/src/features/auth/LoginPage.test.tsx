import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { endpoints } from '@portal/contracts/endpoints/index';
import { messages } from '@portal/contracts/messages';
import { alerts, alertStore } from '../../components/alerts.ts';
import { answer } from '../../test/handlers.ts';
import { sentRequests, server } from '../../test/server.ts';
import LoginPage from './LoginPage.tsx';

const alertTexts = () => alertStore.get().flatMap((a) => a.content);
const signInCalls = () => sentRequests().filter((r) => r.path.startsWith('/api/auth/'));

function renderLogin() {
  const router = createMemoryRouter([{ path: '/login', Component: LoginPage }], { initialEntries: ['/login'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => act(() => alerts.clear()));

describe('sign-in forms (spec 01 §4)', () => {
  it('asks to complete the fields, without asking the server', async () => {
    renderLogin();
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(alertTexts()).toEqual([messages.completeAllFields]));
    expect(signInCalls()).toEqual([]);
  });

  it('sends the trimmed e-mail; the second step keeps digits only and checks the code first', async () => {
    server.use(answer(endpoints.auth.signIn, { status: 'second-factor', method: 'totp', destination: null }));
    renderLogin();
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: ' owner@demo.test ' } });
    fireEvent.input(screen.getByLabelText('Password', { exact: true }), { target: { value: 'Portal!2026' } });
    fireEvent.click(screen.getByLabelText('Remember me'));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Verify it’s you' });
    expect(signInCalls()).toEqual([
      {
        method: 'POST',
        path: '/api/auth/sign-in',
        body: { email: 'owner@demo.test', password: 'Portal!2026', rememberMe: true },
      },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(alertTexts()).toEqual([messages.completeAllFields]));
    const code = screen.getByLabelText('Verification code') as HTMLInputElement;
    fireEvent.input(code, { target: { value: '12ab3' } });
    expect(code.value).toBe('123');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(alertTexts()).toEqual(['code: Enter the 6-digit code']));
    expect(signInCalls()).toHaveLength(1);
  });

  it('an admin or sales rep without a second factor is asked to set one up (ASVS 6.3.3)', async () => {
    server.use(answer(endpoints.auth.signIn, { status: 'enrol-second-factor' }));
    renderLogin();
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'admin@demo.test' } });
    fireEvent.input(screen.getByLabelText('Password', { exact: true }), { target: { value: 'Portal!2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Set up two-step verification' });
    expect(screen.getByLabelText('Current password')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign out' })).toBeTruthy();
  });
});
