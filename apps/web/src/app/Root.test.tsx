import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TITLE_SUFFIX } from '@portal/contracts/constants';
import { Root } from './Root.tsx';
import { AlertBar } from '../components/AlertBar.tsx';
import { alerts } from '../components/alerts.ts';

function renderAt(path: string) {
  const page = (title: string) => () => (
    <>
      <AlertBar />
      <main id="main" tabIndex={-1}>
        <h1>{title}</h1>
        <Link to="/terms">Terms</Link>
      </main>
    </>
  );
  const router = createMemoryRouter(
    [
      {
        Component: Root,
        children: [
          { path: '/', Component: page('Dashboard'), handle: { title: 'Dashboard' } },
          { path: '/terms', Component: page('Terms'), handle: { title: 'Terms and Conditions' } },
          { path: '/search', Component: page('Search'), handle: { title: 'Search' } },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('Root', () => {
  it('clears alerts on every route change (spec 01 §4)', async () => {
    const router = renderAt('/');
    await screen.findByRole('heading', { name: 'Dashboard' });
    act(() => void alerts.show({ content: 'Card declined' }));
    expect(screen.getByRole('alert').textContent).toContain('Card declined');
    await act(() => router.navigate('/terms'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sets the page title from the route, with the product suffix', async () => {
    const router = renderAt('/');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(document.title).toBe(`Dashboard${TITLE_SUFFIX}`);
    await act(() => router.navigate('/terms'));
    expect(document.title).toBe(`Terms and Conditions${TITLE_SUFFIX}`);
    await act(() => router.navigate('/search?qo=1'));
    expect(document.title).toBe(`Quick Order${TITLE_SUFFIX}`);
  });

  it('moves focus to the main content after a navigation', async () => {
    const router = renderAt('/');
    await screen.findByRole('heading', { name: 'Dashboard' });
    await act(() => router.navigate('/terms'));
    expect(document.activeElement?.id).toBe('main');
  });
});
