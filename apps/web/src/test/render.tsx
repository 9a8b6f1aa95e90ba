import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

/** A fresh query client as a new page load has: nothing cached, no retries (a refusal shows at once). */
const freshQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/**
 * The screen at `path` among `routes` (the page under test, and stand-ins for where it leads), with its
 * own query client. Answers the router, to follow where the page went, and the client, to read its cache.
 */
export function renderRoutes(routes: RouteObject[], path: string) {
  const queryClient = freshQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

/** A part of a page (a section, a page that asks nothing of the server) at `path`, with a fresh query client. */
export function renderInRouter(ui: ReactNode, path = '/') {
  render(
    <QueryClientProvider client={freshQueryClient()}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}
